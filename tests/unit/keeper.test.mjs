// Storage and the keeper, against a stand-in for the browser's localStorage: older saves are
// read and replaced, unusable ones set aside (never lost), a refusing browser is said once,
// and a second tab's claim stops this one from writing over it.

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

/** localStorage as the browser has it, or refusing: `mode` 'ok', 'full' (setItem throws) or 'off' (every call throws). */
function fakeStorage() {
  const items = new Map();
  const fake = {
    mode: 'ok',
    items,
    getItem(key) {
      if (fake.mode === 'off') throw new Error('SecurityError');
      return items.has(key) ? items.get(key) : null;
    },
    setItem(key, value) {
      if (fake.mode !== 'ok') throw new Error('QuotaExceededError');
      items.set(key, String(value));
    },
    removeItem(key) {
      if (fake.mode === 'off') throw new Error('SecurityError');
      items.delete(key);
    },
  };
  return fake;
}

globalThis.window = new EventTarget();
const store = { current: fakeStorage() };
Object.defineProperty(globalThis, 'localStorage', { get: () => store.current, configurable: true });

const storage = await import('../../www/js/app/storage.js');
const { createKeeper } = await import('../../www/js/app/keeper.js');
const { makeSave, saveKey } = await import('../../www/js/app/saves.js');

const fixture = (game) => JSON.parse(readFileSync(new URL(`./fixtures/${game}.v1.json`, import.meta.url), 'utf8'));
const fields = (over = false) => ({ origin: 'seed=3', saved: { seed: '3', start: 's', moves: [] }, opponent: { kind: 'human' }, over });
const stored = (game) => JSON.parse(store.current.items.get(saveKey(game)));
/** What another tab's write looks like here: the item changes, then a `storage` event. */
function otherTabWrites(game, writer) {
  const text = JSON.stringify(makeSave(game, fields(), writer, new Date()));
  store.current.items.set(saveKey(game), text);
  window.dispatchEvent(Object.assign(new Event('storage'), { key: saveKey(game), newValue: text }));
}

beforeEach(() => {
  store.current = fakeStorage();
});

test('a version-1 save is read from its old key and replaced by the current version on the next write', () => {
  const { key, text } = fixture('latrunculi');
  store.current.items.set(key, text);
  const old = JSON.parse(text);
  const loaded = storage.loadGame('latrunculi');
  assert.deepEqual([loaded.origin, loaded.saved, loaded.opponent], [old.origin, old.saved, old.opponent]);
  assert.ok(storage.writeGame('latrunculi', makeSave('latrunculi', loaded, 'w1', new Date())));
  assert.equal(store.current.items.has(key), false, 'the old key goes once the new one is written');
  assert.deepEqual(stored('latrunculi').saved, old.saved);
  assert.equal(stored('latrunculi').version, 2);
});

test('the current key wins over an older one; a failed write leaves the old key in place', () => {
  const { key, text } = fixture('scripta');
  store.current.items.set(key, text);
  store.current.items.set(saveKey('scripta'), JSON.stringify(makeSave('scripta', fields(), 'w', new Date())));
  assert.equal(storage.loadGame('scripta').origin, 'seed=3');
  store.current.items.delete(saveKey('scripta'));
  store.current.mode = 'full';
  assert.equal(storage.writeGame('scripta', makeSave('scripta', fields(), 'w', new Date())), false);
  assert.equal(store.current.items.get(key), text);
});

test('unreadable and newer saves come back with their text; setting aside keeps every one', () => {
  store.current.items.set(saveKey('scripta'), '{broken');
  const broken = storage.loadGame('scripta');
  assert.equal(broken.text, '{broken');
  assert.equal(typeof broken.error, 'string');
  assert.ok(storage.setAside('scripta', 'broken', broken.text));
  assert.ok(storage.setAside('scripta', 'broken', broken.text), 'the same text is kept once');
  assert.ok(storage.setAside('scripta', 'broken', '{another'));
  assert.equal(store.current.items.get('ludi-romani.scripta.broken'), '{broken');
  assert.equal(store.current.items.get('ludi-romani.scripta.broken.2'), '{another');
  assert.equal(store.current.items.has('ludi-romani.scripta.broken.3'), false);

  store.current.items.set(saveKey('latrunculi'), JSON.stringify({ version: 3, what: 'to come' }));
  const newer = storage.loadGame('latrunculi');
  assert.equal(newer.newer, 3);
  assert.ok(storage.setAside('latrunculi', 'newer', newer.text));
  assert.equal(store.current.items.get('ludi-romani.latrunculi.newer'), newer.text);
});

test('a browser that refuses storage: nothing throws, nothing is claimed to be kept', () => {
  for (const mode of ['full', 'off']) {
    store.current = fakeStorage();
    store.current.items.set(saveKey('scripta'), '{broken');
    store.current.mode = mode;
    assert.equal(storage.canSave(), false, mode);
    assert.equal(storage.setAside('scripta', 'broken', '{broken'), false, mode);
    assert.equal(storage.writeGame('scripta', makeSave('scripta', fields(), 'w', new Date())), false, mode);
    storage.clearGame('scripta');
    assert.doesNotThrow(() => storage.loadGame('scripta'));
  }
  store.current.mode = 'ok';
  assert.equal(storage.canSave(), true);
  assert.equal(store.current.items.size, 1, 'the probe leaves nothing behind');
});

test('a refused save is said once, however many moves follow', () => {
  const heard = [];
  const keeper = createKeeper('scripta', { onTakenOver: () => heard.push('taken'), onUnsaved: () => heard.push('unsaved') });
  keeper.save(fields());
  store.current.mode = 'full';
  for (let i = 0; i < 5; i++) keeper.save(fields());
  assert.deepEqual(heard, ['unsaved']);
  keeper.destroy();
});

test('the first save claims the game; another tab\'s claim stops this one, said once', () => {
  const heard = [];
  const keeper = createKeeper('scripta', { onTakenOver: () => heard.push('taken'), onUnsaved: () => heard.push('unsaved') });
  otherTabWrites('scripta', 'earlier-tab');
  assert.deepEqual(heard, [], 'before its first save a screen owns nothing');
  keeper.save(fields());
  assert.equal(stored('scripta').writer, keeper.writer, 'the later tab takes over');
  keeper.save(fields(true));
  assert.equal(stored('scripta').over, true);
  // Its own write, seen as an event (as a second screen in this tab would see it), is no claim.
  window.dispatchEvent(Object.assign(new Event('storage'), { key: saveKey('scripta'), newValue: store.current.items.get(saveKey('scripta')) }));
  window.dispatchEvent(Object.assign(new Event('storage'), { key: 'ludi-romani.choices.v1', newValue: '{}' }));
  assert.deepEqual(heard, []);
  otherTabWrites('scripta', 'later-tab');
  assert.deepEqual(heard, ['taken']);
  keeper.save(fields());
  assert.equal(stored('scripta').writer, 'later-tab', 'the other tab\'s save stays');
  otherTabWrites('scripta', 'third-tab');
  assert.deepEqual(heard, ['taken']);
  keeper.destroy();
});

test('a claim missed as an event is found when this tab next writes', () => {
  const heard = [];
  const keeper = createKeeper('latrunculi', { onTakenOver: () => heard.push('taken'), onUnsaved: () => heard.push('unsaved') });
  keeper.save(fields());
  store.current.items.set(saveKey('latrunculi'), JSON.stringify(makeSave('latrunculi', fields(), 'quiet-tab', new Date())));
  keeper.save(fields(true));
  assert.deepEqual(heard, ['taken']);
  assert.equal(stored('latrunculi').writer, 'quiet-tab');
  assert.equal(stored('latrunculi').over, false);
  keeper.destroy();
});

test('a destroyed or stopped keeper writes nothing and hears nothing', () => {
  const heard = [];
  const keeper = createKeeper('scripta', { onTakenOver: () => heard.push('taken'), onUnsaved: () => heard.push('unsaved') });
  keeper.save(fields());
  keeper.stop();
  keeper.save(fields(true));
  assert.equal(stored('scripta').over, false);
  keeper.destroy();
  otherTabWrites('scripta', 'another');
  assert.deepEqual(heard, []);
});
