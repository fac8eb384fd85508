// The saved game's format: every version the page ever wrote reads into the current one (the
// version-1 fixtures are real saves made by the page before version 2), a newer version is
// recognised rather than read, and anything else is reported as broken, never thrown.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { cleanOrigin, inTheWay, migrate, readSave, makeSave, played, SAVE_VERSION, saveKey, legacyKeys, asideKey, slotOf, slots } from '../../www/js/app/saves.js';

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
    assert.equal(save.slot, { scripta: 'austin-murray', latrunculi: 'quintana' }[game], 'the slot its link\'s rules name');
  });
}

test('a version-2 save (one per game) reads as the current version, in the slot its link\'s rules name', () => {
  const v1 = JSON.parse(fixture('latrunculi').text);
  const v2 = { ...v1, version: 2, game: 'latrunculi', savedFormat: 1, savedAt: '2026-11-30T09:00:00.000Z', writer: 'tab-0' };
  const { save } = migrate(v2, 'latrunculi');
  assert.deepEqual(save, { ...v2, version: SAVE_VERSION, slot: 'quintana' });
  for (const [origin, slot] of [['', 'austin-murray'], ['rules=russian&seed=4', 'russian'], ['rules=counters%3D6%2Cdice%3D2', 'custom'], ['rules=nonsense', 'austin-murray']]) {
    assert.equal(migrate({ ...v2, game: 'scripta', origin }, 'scripta').save.slot, slot, origin);
  }
});

test('a save of the current version reads back as written', () => {
  const now = new Date('2026-12-01T10:00:00Z');
  const written = makeSave('latrunculi', {
    origin: 'rules=quintana&seed=5', saved: { rules: 'r', start: 's', seed: '5', moves: ['c2-c5'] },
    opponent: { kind: 'computer', level: 'easy', human: 'white' }, over: false,
  }, 'tab-1', now);
  assert.equal(written.version, SAVE_VERSION);
  assert.equal(written.slot, 'quintana');
  assert.equal(written.savedAt, '2026-12-01T10:00:00.000Z');
  assert.deepEqual(readSave(JSON.stringify(written), 'latrunculi'), { save: written });
  assert.equal(written.begun, undefined);
});

test('a game taken over mid-way is saved as under way, though its saved data holds no move', () => {
  const saved = { rules: 'r', start: 'a middle game', seed: null, moves: [] };
  const written = makeSave('latrunculi', { origin: 'rules=quintana', saved, opponent: null, over: false, begun: true }, 'tab-1', new Date());
  const { save } = readSave(JSON.stringify(written), 'latrunculi');
  assert.equal(save.begun, true);
  assert.equal(played(save), true);
  assert.equal(inTheWay(save, 'rules=quintana', true), true, 'Play asks before it replaces it');
  assert.equal(played(readSave(JSON.stringify({ ...written, begun: 'yes' }), 'latrunculi').save), false, 'storage is untrusted');
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
    [JSON.stringify({ ...v2, slot: 'italian' }), 'scripta'], // a slot its link does not name
    [JSON.stringify({ ...v2, slot: undefined }), 'scripta'],
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

test('a link\'s rules name its slot: a named set, the first for none or an unknown name, custom for one\'s own', () => {
  assert.deepEqual(slots('scripta'), ['austin-murray', 'italian', 'italian-6', 'italian-columns', 'russian', 'custom']);
  const sizes = ['8x8', '6x6', '6x7', '6x8', '7x8', '8x9', '9x10', '10x10', '11x12', '11x16'];
  const ludii = ['kharebga', 'seega'].flatMap((family) => sizes.map((size) => `${family}-${size}`));
  assert.deepEqual(slots('latrunculi'), ['piso', 'quintana', 'schadler-1994', 'schadler-2001', 'seneca', 'falkener', 'kowalski-10x11', 'kowalski-8x12', 'bell-8x7', 'bell-8x8', ...ludii, 'custom']);
  assert.equal(slotOf('scripta', null), 'austin-murray');
  assert.equal(slotOf('scripta', 'italian-6'), 'italian-6');
  assert.equal(slotOf('scripta', 'counters=12,dice=3'), 'custom');
  assert.equal(slotOf('scripta', 'quintana'), 'austin-murray', 'another game\'s rules are unknown here');
  assert.equal(slotOf('latrunculi', null), 'piso');
  assert.equal(slotOf('latrunculi', 'quintana'), 'quintana');
  assert.equal(slotOf('latrunculi', 'seega-6x7'), 'seega-6x7', 'each board of a family keeps its own game');
  assert.equal(slotOf('latrunculi', 'start=rows,move=rook,corner=off,noback=off,win=all'), 'custom');
  assert.equal(slotOf('latrunculi', 'nonsense'), 'piso');
});

test('a game has something played once a move, a turn, a step or a throw is saved', () => {
  const scripta = { seed: '1', start: 'A w15s0o0: w15s0o0:', turns: [], thrown: false, steps: [] };
  assert.equal(played({ saved: scripta }), false, 'a fresh XII Scripta game');
  assert.equal(played({ saved: { ...scripta, opening: [['423', '651']] } }), false, 'the seed\'s opening throws are nobody\'s play');
  assert.equal(played({ saved: { ...scripta, thrown: true } }), true, 'the dice of the first turn are thrown');
  assert.equal(played({ saved: { ...scripta, turns: [{ throw: '235', steps: ['in/2'] }] } }), true);
  const latrunculi = { rules: 'r', start: 's', seed: '1', moves: [] };
  assert.equal(played({ saved: latrunculi }), false);
  assert.equal(played({ saved: { ...latrunculi, moves: ['c2-c5'] } }), true);
  assert.equal(played({ saved: { moves: 'garbage', turns: 7 } }), false, 'storage is untrusted');
  for (const game of ['scripta', 'latrunculi']) assert.equal(played(readSave(fixture(game).text, game).save), true, game);
});

test('a new game is in the way of a game under way of another link, or with Play of any', () => {
  const saved = { rules: 'r', start: 's', seed: '1', moves: ['c2-c5'] };
  const stored = { saved, origin: 'game=latrunculi&seed=1', over: false };
  assert.equal(inTheWay(stored, 'game=latrunculi&seed=1'), false, 'the same link goes on with it');
  assert.equal(inTheWay(stored, 'lang=la&seed=1&game=latrunculi'), false, 'the language is not the link');
  assert.equal(inTheWay(stored, 'game=latrunculi&seed=2'), true, 'another link');
  assert.equal(inTheWay(stored, 'game=latrunculi&seed=1', true), true, 'Play, or a replay taken over');
  assert.equal(inTheWay({ ...stored, over: true }, '', true), false, 'a finished game gives way');
  assert.equal(inTheWay({ ...stored, saved: { ...saved, moves: [] } }, '', true), false, 'nothing played');
  assert.equal(inTheWay({}, '', true), false, 'no save');
});

test('keys: one per game and rule set, versions not in the name; older keys and set-aside keys apart', () => {
  assert.equal(saveKey('scripta', 'austin-murray'), 'ludi-romani.scripta.austin-murray');
  assert.equal(saveKey('latrunculi', 'custom'), 'ludi-romani.latrunculi.custom');
  assert.deepEqual(legacyKeys('scripta'), ['ludi-romani.scripta', 'ludi-romani.scripta.v1']);
  const taken = new Set(['scripta', 'latrunculi'].flatMap((game) => [...legacyKeys(game), asideKey(game, 'broken'), asideKey(game, 'newer')]));
  for (const game of ['scripta', 'latrunculi']) {
    for (const slot of slots(game)) assert.ok(!taken.has(saveKey(game, slot)), slot);
  }
  assert.equal(asideKey('scripta', 'broken'), 'ludi-romani.scripta.broken');
  assert.equal(asideKey('latrunculi', 'newer', 3), 'ludi-romani.latrunculi.newer.3');
});

test('two links to the same game have one origin, whatever order their parameters come in', () => {
  const stored = 'seed=7&rules=italian&opponent=computer&level=hard';
  const linked = 'rules=italian&level=hard&seed=7&opponent=computer&lang=de';
  assert.equal(cleanOrigin(stored), cleanOrigin(linked));
  assert.notEqual(cleanOrigin(stored), cleanOrigin('rules=italian&level=easy&seed=7&opponent=computer'));
  assert.equal(cleanOrigin(null), '');
});

test('a family preset is named and read in one place: kharebga-8x8 is Kharebga on 8 x 8', async () => {
  const { GAME } = await import('../../www/js/games/latrunculi/meta.js');
  assert.equal(GAME.familyPreset('seega', '6x7'), 'seega-6x7');
  assert.deepEqual(GAME.familyOf('kharebga-11x12'), { family: 'kharebga', size: '11x12' });
  for (const preset of GAME.presets.filter((p) => !GAME.named.includes(p))) {
    const { family, size } = GAME.familyOf(preset);
    assert.equal(GAME.familyPreset(family, size), preset);
  }
  for (const other of ['piso', 'schadler-1994', 'kharebga', 'kharebga-5x5', 'seega-8x8x', 'custom']) {
    assert.equal(GAME.familyOf(other), null, other);
  }
});

test('a save is told from its next writing by who wrote it, when and what', async () => {
  const { saveMark } = await import('../../www/js/app/saves.js');
  const first = { writer: 'a1', savedAt: '2026-12-07T10:00:00.000Z', saved: { moves: ['c2-c5'] } };
  assert.equal(saveMark(first), saveMark({ ...first, saved: { moves: ['c2-c5'] } }));
  assert.notEqual(saveMark(first), saveMark({ ...first, savedAt: '2026-12-07T10:00:01.000Z' }));
  assert.notEqual(saveMark(first), saveMark({ ...first, writer: 'b2' }));
  // A version-1 save says neither who nor when: its moves tell one writing from the next.
  const old = { writer: null, savedAt: null, saved: { moves: ['c2-c5'] } };
  assert.notEqual(saveMark(old), saveMark({ ...old, saved: { moves: ['c2-c5', 'f7-f4'] } }));
});
