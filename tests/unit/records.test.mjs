// The page's side of records that needs no browser: file names, the date a record carries,
// who the record says played, and why one is refused, in the visitor's words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordFileName, refusal, today } from '../../www/js/app/records.js';
import { createI18n } from '../../www/js/i18n/index.js';
import de from '../../www/js/i18n/de.js';
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

test('a refused record is said where it goes wrong, in the page\'s words, never the engine\'s', () => {
  const i18n = createI18n('de', de);
  const fault = (where) => ({ line: 0, turn: 0, result: false, ...where });
  const text = 'Game: XII Scripta\r\n\r\nA 2357: in/2\n';
  const line = refusal(i18n, fault({ line: 3 }), text);
  assert.deepEqual([line.kind, line.line], ['line', 3]);
  assert.equal(line.text, i18n.t('record.bad.line', { line: 3, text: 'A 2357: in/2' }));
  const turn = refusal(i18n, fault({ turn: 2, game: 'scripta' }), text);
  assert.deepEqual([turn.kind, turn.turn, turn.text], ['turn', 2, i18n.t('record.bad.turn', { turn: 2 })]);
  // A Latrunculi record counts moves.
  assert.equal(refusal(i18n, fault({ turn: 2, game: 'latrunculi' }), text).text, i18n.t('record.bad.move', { turn: 2 }));
  // A line is quoted as written, its start only when it is long.
  const long = refusal(i18n, fault({ line: 1 }), `Rules: ${'x'.repeat(500)}`);
  assert.ok(long.text.length < 200 && long.text.includes('Rules: xxx'), long.text);
  assert.equal(refusal(i18n, fault({ result: true }), text).kind, 'result');
  assert.equal(refusal(i18n, fault({}), 'Albi: Ada\n').kind, 'game');
  assert.equal(refusal(i18n, fault({ line: 2 }), '# chess\n game : chess\n').kind, 'game', 'a Game: line naming another game');
  // Anything else thrown is the engine: not downloaded (offline), or failing.
  assert.equal(refusal(i18n, new TypeError('Failed to fetch'), text).kind, 'load');
  assert.equal(refusal(i18n, new Error('unreachable'), text).kind, 'error');
  for (const why of [line, turn]) assert.ok(!why.text.includes('{'), why.text);
});
