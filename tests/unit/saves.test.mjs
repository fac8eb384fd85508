// The saved game's format: every version the page ever wrote reads into the current one (the
// version-1 fixtures are real saves made by the page before version 2), a newer version is
// recognised rather than read, and anything else is reported as broken, never thrown.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { migrate, readSave, makeSave, SAVE_VERSION, saveKey, legacyKeys, asideKey } from '../../www/js/app/saves.js';

const fixture = (game) => JSON.parse(readFileSync(new URL(`./fixtures/${game}.v1.json`, import.meta.url), 'utf8'));

for (const game of ['scripta', 'latrunculi']) {
  test(`a real version-1 save of ${game} reads as the current version, nothing lost`, () => {
    const { key, text } = fixture(game);
    assert.ok(legacyKeys(game).includes(key), 'the fixture sits under a key the page still reads');
    const old = JSON.parse(text);
    assert.equal(old.version, 1);
    const { save, error, newer } = readSave(text, game);
    assert.equal(error, undefined);
    assert.equal(newer, undefined);
    assert.equal(save.version, SAVE_VERSION);
    assert.equal(save.game, game);
    assert.equal(save.origin, old.origin);
    assert.deepEqual(save.saved, old.saved);
    assert.deepEqual(save.opponent, old.opponent);
    assert.equal(save.over, old.over);
    assert.equal(save.savedFormat, 1);
    assert.equal(save.savedAt, null, 'version 1 did not say when');
    assert.equal(save.writer, null, 'nor which tab');
  });
}

test('a save of the current version reads back as written', () => {
  const now = new Date('2026-12-01T10:00:00Z');
  const written = makeSave('latrunculi', {
    origin: 'rules=quintana&seed=5', saved: { rules: 'r', start: 's', seed: '5', moves: ['c2-c5'] },
    opponent: { kind: 'computer', level: 'easy', human: 'white' }, over: false,
  }, 'tab-1', now);
  assert.equal(written.version, SAVE_VERSION);
  assert.equal(written.savedAt, '2026-12-01T10:00:00.000Z');
  assert.deepEqual(readSave(JSON.stringify(written), 'latrunculi'), { save: written });
});

test('a version newer than the page is recognised, not read', () => {
  assert.deepEqual(migrate({ version: SAVE_VERSION + 1, anything: true }, 'scripta'), { newer: SAVE_VERSION + 1 });
  assert.deepEqual(readSave(JSON.stringify({ version: 40 }), 'scripta'), { newer: 40 });
});

test('anything else unreadable is broken, with a reason, and nothing throws', () => {
  const v1 = JSON.parse(fixture('scripta').text);
  const v2 = makeSave('scripta', { origin: '', saved: v1.saved, opponent: null, over: false }, 'w', new Date(0));
  const broken = [
    ['{not json', 'scripta'],
    ['null', 'scripta'],
    ['[1, 2]', 'scripta'],
    ['"text"', 'scripta'],
    [JSON.stringify({ ...v1, version: 0 }), 'scripta'],
    [JSON.stringify({ ...v1, version: '1' }), 'scripta'],
    [JSON.stringify({ ...v1, version: 1.5 }), 'scripta'],
    [JSON.stringify({ ...v1, version: 'toString' }), 'scripta'],
    [JSON.stringify({ ...v1, origin: 7 }), 'scripta'],
    [JSON.stringify({ ...v1, saved: 'garbage' }), 'scripta'],
    [JSON.stringify({ ...v1, saved: null }), 'scripta'],
    [JSON.stringify(v2), 'latrunculi'], // a save of the other game
    [JSON.stringify({ ...v2, savedFormat: 2 }), 'scripta'],
  ];
  for (const [text, game] of broken) {
    const read = readSave(text, game);
    assert.equal(typeof read.error, 'string', text);
    assert.equal(read.save, undefined, text);
  }
  assert.deepEqual(readSave(null, 'scripta'), {}, 'no save is not an error');
});

test('a save keeps only the origin\'s own parameters and checks the optional fields', () => {
  const v1 = JSON.parse(fixture('scripta').text);
  const { save } = migrate({ ...v1, origin: 'game=latrunculi&seed=11&page=rules&%3Cimg%3E=1&seed=12' }, 'scripta');
  assert.equal(save.origin, 'seed=11');
  const { save: v2 } = migrate({ ...makeSave('scripta', { ...v1 }, 'w', new Date(0)), savedAt: 5, writer: {} }, 'scripta');
  assert.equal(v2.savedAt, null);
  assert.equal(v2.writer, null);
});

test('keys: one per game, versions not in the name; set-aside keys apart', () => {
  assert.equal(saveKey('scripta'), 'ludi-romani.scripta');
  assert.deepEqual(legacyKeys('scripta'), ['ludi-romani.scripta.v1']);
  assert.equal(asideKey('scripta', 'broken'), 'ludi-romani.scripta.broken');
  assert.equal(asideKey('latrunculi', 'newer', 3), 'ludi-romani.latrunculi.newer.3');
});
