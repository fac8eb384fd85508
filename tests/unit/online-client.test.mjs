// The online client against a fake socket and fake timers: hello on open, actions stamped
// with the version last seen, reconnect after a drop with a growing wait (at once when the
// page comes back), a dead link noticed by its unanswered ping, and nothing after close.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createOnlineClient } from '../../www/js/kit/online-client.js';

function fakes() {
  const sockets = [];
  const timers = new Map();
  let next = 1;
  const listeners = {};
  const env = {
    socket(url) {
      const ws = { url, sent: [], closed: false, send(text) { this.sent.push(JSON.parse(text)); }, close() { if (!this.closed) { this.closed = true; this.onclose?.(); } } };
      sockets.push(ws);
      return ws;
    },
    setTimeout(fn, ms) { timers.set(next, { fn, ms }); return next++; },
    clearTimeout(id) { timers.delete(id); },
    random: () => 1,
    target: { addEventListener(name, fn) { listeners[name] = fn; }, removeEventListener(name) { delete listeners[name]; } },
    visible: () => true,
  };
  /** Runs the pending timer of `ms` (the first one found), as if that time had passed. */
  const fire = (ms) => {
    const found = [...timers].find(([, timer]) => timer.ms === ms);
    assert.ok(found, `no timer of ${ms} ms among ${[...timers.values()].map((x) => x.ms)}`);
    timers.delete(found[0]);
    found[1].fn();
  };
  return { env, sockets, timers, fire, listeners };
}

const STATE = (version) => ({ id: 'g', version, status: 'playing', save: {} });
const receive = (ws, message) => ws.onmessage({ data: JSON.stringify(message) });

test('says hello on open, then stamps every action with the version last seen', () => {
  const f = fakes();
  const heard = [];
  const client = createOnlineClient('ws://x/ws', { t: 'hello', game: 'g', token: 'tok' }, (m) => heard.push(m), f.env);
  const [ws] = f.sockets;
  assert.equal(ws.url, 'ws://x/ws');
  assert.equal(client.send({ t: 'throw' }), false, 'nothing is sent before the welcome');
  ws.onopen();
  assert.deepEqual(ws.sent, [{ t: 'hello', game: 'g', token: 'tok' }]);
  receive(ws, { t: 'welcome', seat: 'albi', state: STATE(4) });
  assert.equal(client.up, true);
  assert.deepEqual(heard.map((m) => m.t), ['welcome', 'link']);
  assert.equal(client.send({ t: 'throw' }), true);
  assert.deepEqual(ws.sent.at(-1), { t: 'throw', v: 4 });
  receive(ws, { t: 'state', state: STATE(5), by: 'albi', action: { t: 'throw', v: 4 } });
  client.send({ t: 'step', step: 'in/3' });
  assert.deepEqual(ws.sent.at(-1), { t: 'step', step: 'in/3', v: 5 });
  receive(ws, { t: 'refused', code: 'stale', v: 7, message: '' });
  client.send({ t: 'confirm' });
  assert.equal(ws.sent.at(-1).v, 7, 'a refusal tells the current version');
  receive(ws, { t: 'presence', seat: 'nigri', here: false });
  ws.onmessage({ data: '{broken' });
  assert.equal(heard.at(-1).t, 'presence', 'an unreadable frame is dropped');
});

test('a drop reconnects by itself, waiting longer each time, and the welcome resets the wait', () => {
  const f = fakes();
  const heard = [];
  createOnlineClient('ws://x/ws', { t: 'hello', game: 'g', watch: 'w' }, (m) => heard.push(m), f.env);
  f.sockets[0].onopen();
  receive(f.sockets[0], { t: 'welcome', seat: 'watch', state: STATE(0) });
  f.sockets[0].close();
  assert.deepEqual(heard.at(-1), { t: 'link', up: false });
  f.fire(500);
  assert.equal(f.sockets.length, 2);
  f.sockets[1].close();
  f.fire(1000);
  f.sockets[2].close();
  f.fire(2000);
  assert.equal(f.sockets.length, 4);
  f.sockets[3].onopen();
  assert.deepEqual(f.sockets[3].sent[0], { t: 'hello', game: 'g', watch: 'w' });
  receive(f.sockets[3], { t: 'welcome', seat: 'watch', state: STATE(3) });
  assert.deepEqual(heard.at(-1), { t: 'link', up: true });
  f.sockets[3].close();
  f.fire(500);
  assert.equal(f.sockets.length, 5, 'after a welcome the wait starts short again');
});

test('coming back on screen or on the network reconnects at once', () => {
  const f = fakes();
  createOnlineClient('ws://x/ws', { t: 'hello', game: 'g', token: 't' }, () => {}, f.env);
  for (let i = 0; i < 6; i++) {
    f.sockets.at(-1).close();
    const [id, timer] = [...f.timers].at(-1);
    f.timers.delete(id);
    timer.fn();
  }
  const before = f.sockets.length;
  f.sockets.at(-1).close();
  f.listeners.online();
  assert.equal(f.sockets.length, before + 1, 'online: at once, not after ten seconds');
  f.sockets.at(-1).close();
  f.listeners.visibilitychange();
  assert.equal(f.sockets.length, before + 2);
  f.listeners.visibilitychange();
  assert.equal(f.sockets.length, before + 2, 'an open connection is not opened twice');
});

test('an unanswered ping closes the dead link, and close stops everything', () => {
  const f = fakes();
  const client = createOnlineClient('ws://x/ws', { t: 'hello', game: 'g', token: 't' }, () => {}, f.env);
  const [ws] = f.sockets;
  ws.onopen();
  receive(ws, { t: 'welcome', seat: 'albi', state: STATE(0) });
  f.fire(20000);
  assert.deepEqual(ws.sent.at(-1), { t: 'ping' });
  f.fire(8000);
  assert.equal(ws.closed, true);
  assert.equal(f.sockets.length, 1);
  f.fire(500);
  const again = f.sockets[1];
  again.onopen();
  receive(again, { t: 'welcome', seat: 'albi', state: STATE(0) });
  f.fire(20000);
  receive(again, { t: 'pong' });
  assert.ok(![...f.timers.values()].some((x) => x.ms === 8000), 'a pong clears the deadline');
  client.close();
  assert.equal(again.closed, true);
  assert.equal(f.timers.size, 0);
  assert.equal(client.send({ t: 'throw' }), false);
  f.listeners.online?.();
  assert.equal(f.sockets.length, 2, 'a closed client never reconnects');
});
