// The page's side of records that needs no browser: file names, the date a record carries, and
// who the record says played.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordFileName, today } from '../../www/js/app/records.js';
import { playerNames } from '../../www/js/app/record-menu.js';

test('a record file is named for its game and its day', () => {
  assert.equal(recordFileName('scripta', '2026-11-30'), 'xii-scripta-2026-11-30.txt');
  assert.equal(recordFileName('latrunculi', '2026-01-05'), 'latrunculi-2026-01-05.txt');
});

test('the date is the visitor\'s own calendar day, as ISO', () => {
  assert.equal(today(new Date(2026, 10, 30, 23, 59)), '2026-11-30');
  assert.equal(today(new Date(2027, 0, 2, 0, 1)), '2027-01-02');
});

test('the players are a person, or the computer by its level', () => {
  const t = (key) => ({ 'record.person': 'Player', 'level.hard': 'Centurio' })[key] ?? key;
  const sides = ['albi', 'nigri'];
  assert.deepEqual(playerNames({ t }, { kind: 'human' }, sides), ['Player', 'Player']);
  assert.deepEqual(playerNames({ t }, { kind: 'computer', level: 'hard', human: 'nigri' }, sides), ['Centurio', 'Player']);
  assert.deepEqual(playerNames({ t }, { kind: 'computer', level: 'hard', human: 'albi' }, sides), ['Player', 'Centurio']);
});
