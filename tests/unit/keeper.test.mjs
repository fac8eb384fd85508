// Storage and the keeper, against a stand-in for the browser's localStorage: one save per game
// and rule set, older saves read into their slot and replaced only by that slot's save,
// unusable ones set aside (never lost), a refusing browser is said once, and a second tab's
// claim on the same slot stops this one from writing over it.

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
const fields = (over = false, origin = 'seed=3') => ({ origin, saved: { seed: '3', start: 's', moves: [] }, opponent: { kind: 'human' }, over });
// A link without `rules` plays each game's first rule set.
const FIRST = { scripta: 'austin-murray', latrunculi: 'piso' };
const stored = (game, slot = FIRST[game]) => JSON.parse(store.current.items.get(saveKey(game, slot)));
/** What another tab's write looks like here: the item changes, then a `storage` event. */
function otherTabWrites(game, writer, origin = 'seed=3') {
  const save = makeSave(game, fields(false, origin), writer, new Date());
  const text = JSON.stringify(save);
  store.current.items.set(saveKey(game, save.slot), text);
  window.dispatchEvent(Object.assign(new Event('storage'), { key: saveKey(game, save.slot), newValue: text }));
}

beforeEach(() => {
  store.current = fakeStorage();
});

test('a version-1 save is read from its old key into its slot and replaced by the current version on the next write', () => {
  const { key, text } = fixture('latrunculi');
  store.current.items.set(key, text);
  const old = JSON.parse(text);
  assert.deepEqual(storage.loadGame('latrunculi', 'piso'), {}, 'a Quintana game is no Piso game');
  const loaded = storage.loadGame('latrunculi', 'quintana');
  assert.deepEqual([loaded.origin, loaded.saved, loaded.opponent, loaded.key], [old.origin, old.saved, old.opponent, key]);
  assert.ok(storage.writeGame('latrunculi', makeSave('latrunculi', loaded, 'w1', new Date())));
  assert.equal(store.current.items.has(key), false, 'the old key goes once the new one is written');
  assert.deepEqual(stored('latrunculi', 'quintana').saved, old.saved);
  assert.equal(stored('latrunculi', 'quintana').version, 3);
});

test('a version-2 save (one per game) stays until its own slot is saved; another slot\'s save leaves it', () => {
  const v2 = { ...makeSave('latrunculi', fields(false, 'rules=quintana&seed=5'), 'old-tab', new Date(0)), version: 2 };
  delete v2.slot;
  store.current.items.set('ludi-romani.latrunculi', JSON.stringify(v2));
  assert.ok(storage.writeGame('latrunculi', makeSave('latrunculi', fields(false, 'rules=piso'), 'w', new Date())));
  assert.equal(store.current.items.has('ludi-romani.latrunculi'), true, 'a Piso save does not replace the Quintana game');
  assert.deepEqual(storage.loadGames('latrunculi').map((g) => [g.slot, g.origin]),
    [['piso', 'rules=piso'], ['quintana', 'rules=quintana&seed=5']]);
  assert.ok(storage.writeGame('latrunculi', makeSave('latrunculi', fields(false, 'rules=quintana&seed=5'), 'w', new Date())));
  assert.equal(store.current.items.has('ludi-romani.latrunculi'), false);
  assert.deepEqual(storage.loadGames('latrunculi').map((g) => g.slot), ['piso', 'quintana']);
});

test('each rule set keeps its own save: writing one leaves the others as they were', () => {
  const saves = [['scripta', ''], ['scripta', 'rules=italian'], ['scripta', 'rules=counters%3D6%2Cdice%3D2'], ['latrunculi', 'rules=quintana']];
  for (const [game, origin] of saves) assert.ok(storage.writeGame(game, makeSave(game, fields(false, origin), 'w', new Date())));
  assert.deepEqual(storage.loadGames('scripta').map((g) => [g.slot, g.origin]),
    [['austin-murray', ''], ['italian', 'rules=italian'], ['custom', 'rules=counters%3D6%2Cdice%3D2']]);
  assert.deepEqual(storage.loadGames('latrunculi').map((g) => g.slot), ['quintana']);
  assert.ok(storage.writeGame('scripta', makeSave('scripta', fields(false, 'rules=italian&seed=3'), 'w', new Date())));
  assert.deepEqual(storage.loadGames('scripta').map((g) => [g.slot, g.origin]),
    [['austin-murray', ''], ['italian', 'rules=italian&seed=3'], ['custom', 'rules=counters%3D6%2Cdice%3D2']]);
});

test('a save under another slot\'s key is refused, not read as this one', () => {
  store.current.items.set(saveKey('latrunculi', 'piso'), JSON.stringify(makeSave('latrunculi', fields(false, 'rules=quintana'), 'w', new Date())));
  const read = storage.loadGame('latrunculi', 'piso');
  assert.equal(typeof read.error, 'string');
  assert.equal(read.key, saveKey('latrunculi', 'piso'));
});

test('the current key wins over an older one; a failed write leaves the old key in place', () => {
  const { key, text } = fixture('scripta');
  store.current.items.set(key, text);
  store.current.items.set(saveKey('scripta', 'austin-murray'), JSON.stringify(makeSave('scripta', fields(), 'w', new Date())));
  assert.equal(storage.loadGame('scripta', 'austin-murray').origin, 'seed=3');
  store.current.items.delete(saveKey('scripta', 'austin-murray'));
  store.current.mode = 'full';
  assert.equal(storage.writeGame('scripta', makeSave('scripta', fields(), 'w', new Date())), false);
  assert.equal(store.current.items.get(key), text);
});

test('unreadable and newer saves come back with their text; setting aside keeps every one', () => {
  store.current.items.set(saveKey('scripta', 'italian'), '{broken');
  const broken = storage.loadGame('scripta', 'italian');
  assert.equal(broken.text, '{broken');
  assert.equal(typeof broken.error, 'string');
  // An older version's unreadable save belongs to no slot: every slot reports it.
  store.current.items.set('ludi-romani.latrunculi', '{old and broken');
  assert.equal(storage.loadGame('latrunculi', 'quintana').key, 'ludi-romani.latrunculi');
  assert.equal(typeof storage.loadGame('latrunculi', 'piso').error, 'string');
  storage.forget('ludi-romani.latrunculi');
  assert.deepEqual(storage.loadGame('latrunculi', 'piso'), {});
  assert.ok(storage.setAside('scripta', 'broken', broken.text));
  assert.ok(storage.setAside('scripta', 'broken', broken.text), 'the same text is kept once');
  assert.ok(storage.setAside('scripta', 'broken', '{another'));
  assert.equal(store.current.items.get('ludi-romani.scripta.broken'), '{broken');
  assert.equal(store.current.items.get('ludi-romani.scripta.broken.2'), '{another');
  assert.equal(store.current.items.has('ludi-romani.scripta.broken.3'), false);

  store.current.items.set(saveKey('latrunculi', 'piso'), JSON.stringify({ version: 4, what: 'to come' }));
  const newer = storage.loadGame('latrunculi', 'piso');
  assert.equal(newer.newer, 4);
  assert.ok(storage.setAside('latrunculi', 'newer', newer.text));
  assert.equal(store.current.items.get('ludi-romani.latrunculi.newer'), newer.text);
});

test('a browser that refuses storage: nothing throws, nothing is claimed to be kept', () => {
  for (const mode of ['full', 'off']) {
    store.current = fakeStorage();
    store.current.items.set(saveKey('scripta', 'austin-murray'), '{broken');
    store.current.mode = mode;
    assert.equal(storage.canSave(), false, mode);
    assert.equal(storage.setAside('scripta', 'broken', '{broken'), false, mode);
    assert.equal(storage.writeGame('scripta', makeSave('scripta', fields(), 'w', new Date())), false, mode);
    assert.doesNotThrow(() => storage.loadGame('scripta', 'austin-murray'));
  }
  store.current.mode = 'ok';
  assert.equal(storage.canSave(), true);
  assert.equal(store.current.items.size, 1, 'the probe leaves nothing behind');
});

test('a refused save is said once, however many moves follow', () => {
  const heard = [];
  const keeper = createKeeper('scripta', 'austin-murray', { onTakenOver: () => heard.push('taken'), onUnsaved: () => heard.push('unsaved') });
  keeper.save(fields());
  store.current.mode = 'full';
  for (let i = 0; i < 5; i++) keeper.save(fields());
  assert.deepEqual(heard, ['unsaved']);
  keeper.destroy();
});

test('the first save claims the game; another tab\'s claim stops this one, said once', () => {
  const heard = [];
  const keeper = createKeeper('scripta', 'austin-murray', { onTakenOver: () => heard.push('taken'), onUnsaved: () => heard.push('unsaved') });
  otherTabWrites('scripta', 'earlier-tab');
  assert.deepEqual(heard, [], 'before its first save a screen owns nothing');
  keeper.save(fields());
  assert.equal(stored('scripta').writer, keeper.writer, 'the later tab takes over');
  keeper.save(fields(true));
  assert.equal(stored('scripta').over, true);
  // Its own write, seen as an event (as a second screen in this tab would see it), is no claim.
  window.dispatchEvent(Object.assign(new Event('storage'), { key: saveKey('scripta', 'austin-murray'), newValue: store.current.items.get(saveKey('scripta', 'austin-murray')) }));
  window.dispatchEvent(Object.assign(new Event('storage'), { key: 'ludi-romani.choices.v1', newValue: '{}' }));
  assert.deepEqual(heard, []);
  // Another tab on another rule set of the same game is no claim on this one.
  otherTabWrites('scripta', 'italian-tab', 'rules=italian');
  keeper.save(fields());
  assert.deepEqual(heard, []);
  assert.equal(stored('scripta', 'italian').writer, 'italian-tab');
  otherTabWrites('scripta', 'later-tab');
  assert.deepEqual(heard, ['taken']);
  keeper.save(fields());
  assert.equal(stored('scripta').writer, 'later-tab', 'the other tab\'s save stays');
  otherTabWrites('scripta', 'third-tab');
  assert.deepEqual(heard, ['taken']);
  keeper.destroy();
});

test('the late event of a write made before this tab claimed the game is no claim', () => {
  const heard = [];
  const keeper = createKeeper('latrunculi', 'piso', { onTakenOver: () => heard.push('taken'), onUnsaved: () => heard.push('unsaved') });
  // The page this one reloaded wrote last; its event reaches this page only after its claim.
  const earlier = JSON.stringify(makeSave('latrunculi', fields(), 'reloaded-page', new Date()));
  store.current.items.set(saveKey('latrunculi', 'piso'), earlier);
  keeper.save(fields());
  window.dispatchEvent(Object.assign(new Event('storage'), { key: saveKey('latrunculi', 'piso'), newValue: earlier }));
  assert.deepEqual(heard, []);
  keeper.save(fields(true));
  assert.equal(stored('latrunculi').writer, keeper.writer);
  assert.equal(stored('latrunculi').over, true);
  keeper.destroy();
});

test('a claim missed as an event is found when this tab next writes', () => {
  const heard = [];
  const keeper = createKeeper('latrunculi', 'piso', { onTakenOver: () => heard.push('taken'), onUnsaved: () => heard.push('unsaved') });
  keeper.save(fields());
  store.current.items.set(saveKey('latrunculi', 'piso'), JSON.stringify(makeSave('latrunculi', fields(), 'quiet-tab', new Date())));
  keeper.save(fields(true));
  assert.deepEqual(heard, ['taken']);
  assert.equal(stored('latrunculi').writer, 'quiet-tab');
  assert.equal(stored('latrunculi').over, false);
  keeper.destroy();
});

test('a destroyed or stopped keeper writes nothing and hears nothing', () => {
  const heard = [];
  const keeper = createKeeper('scripta', 'austin-murray', { onTakenOver: () => heard.push('taken'), onUnsaved: () => heard.push('unsaved') });
  keeper.save(fields());
  keeper.stop();
  keeper.save(fields(true));
  assert.equal(stored('scripta').over, false);
  keeper.destroy();
  otherTabWrites('scripta', 'another');
  assert.deepEqual(heard, []);
});
