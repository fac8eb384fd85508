// Choosing a move from a stack (www/js/games/scripta/chooser.js): the counts a tap on the stack
// goes through, the ways to each cell for one count, and a way written as its dice.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { counts, more, ways, diceOf } from '../../www/js/games/scripta/chooser.js';

/** A StepView as the engine gives it, from its text: `8/12x3(3+1)`, `in/4`, `27/off`. */
function step(text) {
  const [, from, to, count, sum] = /^(\w+)\/(\w+?)(?:x(\d))?(?:\(([\d+]+)\))?\*?$/.exec(text);
  const dice = sum ? sum.split('+').map(Number) : null;
  const die = dice ? dice.reduce((a, b) => a + b) : Number(to) - Number(from);
  return {
    step: text,
    from: from === 'in' ? 'tray' : Number(from),
    to: to === 'off' ? 'off' : Number(to),
    die,
    count: Number(count ?? 1),
    dice: dice ?? [die],
    summed: Boolean(dice),
    hit: text.endsWith('*'),
  };
}

// Albi's four counters on 8 with 3, 1 and 4, sorted as the engine sorts them.
const EIGHT = ['8/9', '8/11', '8/12', '8/9x2', '8/12x3', '8/11x4', '8/12(3+1)', '8/12x3(3+1)', '8/16(3+1+4)'].map(step);

test('a tap on the picked stack takes the next count that may move, and past the last lets go', () => {
  assert.deepEqual(counts(EIGHT), [1, 2, 3, 4]);
  assert.equal(more(EIGHT, 1), 2);
  assert.equal(more(EIGHT, 3), 4);
  assert.equal(more(EIGHT, 4), null);
  // A Russian stack moves one counter or a pair only.
  const pair = ['1/4', '1/7', '1/4x2', '1/7(3+3)'].map(step);
  assert.deepEqual(counts(pair), [1, 2]);
  assert.equal(more(pair, 2), null);
});

test('the ways to each cell are those of the picked count, a sum being one of them', () => {
  const one = ways(EIGHT, 1);
  assert.deepEqual([...one.keys()], [9, 11, 12, 16]);
  assert.deepEqual(one.get(12).map((s) => s.step), ['8/12', '8/12(3+1)']);
  assert.deepEqual(ways(EIGHT, 3).get(12).map((s) => s.step), ['8/12x3', '8/12x3(3+1)']);
  assert.deepEqual([...ways(EIGHT, 4).keys()], [11]);
});

test('of single dice bearing off with more than needed, only the smallest is a way', () => {
  const off = [{ ...step('27/off'), die: 4, dice: [4] }, { ...step('27/off'), die: 6, dice: [6] }, step('27/off(3+1)')];
  assert.deepEqual(ways(off, 1).get('off').map(diceOf), ['4', '3+1']);
});

test('a way is written as its dice, never as their total', () => {
  assert.equal(diceOf(step('8/18x2(3+1+6)')), '3+1+6');
  assert.equal(diceOf(step('8/14')), '6');
  assert.equal(diceOf({ ...step('1/4x2'), dice: [3, 3] }), '3', 'a pair moves by one die of its double');
});
