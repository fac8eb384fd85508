// This device's classes (app/class-api.js): a teacher's key or a pupil's token kept under the
// class's id, read back checked (storage is untrusted), newest first; and codes as typed.

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';

const store = new Map();
globalThis.localStorage = {
  getItem: (key) => (store.has(key) ? store.get(key) : null),
  setItem: (key, value) => store.set(key, String(value)),
  removeItem: (key) => store.delete(key),
};
globalThis.location = new URL('https://ludi.example/?teach=x');
const { loadClasses, loadClass, saveClass, readCode, joinLink } = await import('../../www/js/app/class-api.js');
const KEY = 'ludi-romani.classes.v1';

beforeEach(() => store.clear());

test('a code reads whatever its case, spaces and dashes, and only with its own letters', () => {
  assert.equal(readCode('acd efh'), 'ACDEFH');
  assert.equal(readCode(' ACD-EFH '), 'ACDEFH');
  for (const bad of ['', 'ACDEF', 'ACDEFHJ', 'ACDEFB', 'ACDEF0', null, undefined, 42]) assert.equal(readCode(bad), null, String(bad));
  assert.equal(joinLink('ACDEFH'), 'https://ludi.example/?class=ACDEFH');
});

test('a class is kept under its id and read back; updates merge', () => {
  assert.equal(saveClass('abcdefghjk', { role: 'teacher', secret: 'k'.repeat(43), code: 'ACDEFH', game: 'scripta', rules: '' }), true);
  saveClass('abcdefghjk', { ended: true });
  const kept = loadClass('abcdefghjk');
  assert.equal(kept.secret, 'k'.repeat(43));
  assert.equal(kept.role, 'teacher');
  assert.equal(kept.ended, true);
  assert.equal(loadClass('nothere'), null);
});

test('what does not read is left out, never thrown', () => {
  store.set(KEY, '{broken');
  assert.deepEqual(loadClasses(), []);
  store.set(KEY, JSON.stringify({
    good: { role: 'pupil', secret: 's', code: 'ACDEFH', game: 'latrunculi', name: '<b>x</b>', at: 2 },
    badrole: { role: 'admin', secret: 's', code: 'ACDEFH', game: 'latrunculi' },
    badcode: { role: 'pupil', secret: 's', code: 'BBBBBB', game: 'latrunculi' },
    nosecret: { role: 'pupil', code: 'ACDEFH', game: 'latrunculi' },
    longname: { role: 'pupil', secret: 's', code: 'ACDEFH', game: 'scripta', name: 'y'.repeat(99), at: 1 },
  }));
  const classes = loadClasses();
  assert.deepEqual(classes.map((c) => c.id), ['good', 'longname']);
  assert.equal(classes[0].name, '<b>x</b>', 'kept as text');
  assert.equal(classes[1].name, null);
});

test('the teacher\'s own pairs: two taps pair two pupils, a tap on a paired one undoes its pair', async () => {
  const { pickPupil, stillWaiting } = await import('../../www/js/app/class-api.js');
  let pairing = { picked: null, pairs: [] };
  pairing = pickPupil(pairing, 6);
  assert.deepEqual(pairing, { picked: 6, pairs: [] });
  assert.deepEqual(pickPupil(pairing, 6), { picked: null, pairs: [] }, 'the same pupil drops the pick');
  pairing = pickPupil(pairing, 5);
  assert.deepEqual(pairing, { picked: null, pairs: [[6, 5]] }, 'the first picked takes the first seat');
  pairing = pickPupil(pickPupil(pairing, 1), 2);
  assert.deepEqual(pairing.pairs, [[6, 5], [1, 2]]);
  assert.deepEqual(pickPupil(pairing, 5).pairs, [[1, 2]], 'a tap on a paired pupil undoes the pair');
  assert.deepEqual(stillWaiting({ picked: 3, pairs: [[6, 5], [1, 2]] }, [5, 6, 3]), { picked: 3, pairs: [[6, 5]] });
  assert.deepEqual(stillWaiting({ picked: 3, pairs: [] }, [5, 6]), { picked: null, pairs: [] });
});
