// The store: every change makes a new frozen state, subscribers hear (state, previous) in
// order, and an unsubscribed listener hears nothing more.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createStore } from '../../www/js/app/store.js';

test('dispatch merges a change into a new frozen state and tells subscribers', () => {
  const store = createStore({ a: 1, b: 2 });
  const heard = [];
  store.subscribe((state, previous) => heard.push([state, previous]));
  const before = store.get();
  store.dispatch({ b: 3 });
  assert.deepEqual(store.get(), { a: 1, b: 3 });
  assert.notEqual(store.get(), before);
  assert.deepEqual(before, { a: 1, b: 2 }, 'the old state is untouched');
  assert.ok(Object.isFrozen(store.get()));
  assert.throws(() => { 'use strict'; store.get().a = 5; });
  assert.equal(heard.length, 1);
  assert.equal(heard[0][0], store.get());
  assert.equal(heard[0][1], before);
});

test('subscribers run in order and can unsubscribe', () => {
  const store = createStore({ n: 0 });
  const order = [];
  const stop = store.subscribe(() => order.push('first'));
  store.subscribe(() => order.push('second'));
  store.dispatch({ n: 1 });
  stop();
  store.dispatch({ n: 2 });
  assert.deepEqual(order, ['first', 'second', 'second']);
});

test('a subscriber that dispatches sees the newer state afterwards', () => {
  const store = createStore({ n: 0, echoed: false });
  store.subscribe((state) => {
    if (state.n === 1 && !state.echoed) store.dispatch({ echoed: true });
  });
  store.dispatch({ n: 1 });
  assert.deepEqual(store.get(), { n: 1, echoed: true });
});
