// Who plays, as a link says it: the parameters a game's address is given after New game read
// back as the same opponent.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HUMAN, opponentFromLink, opponentLink } from '../../www/js/app/opponent.js';

const GAME = { levels: ['easy', 'medium', 'hard'], linkOnly: ['random'], defaultLevel: 'medium', sides: ['albi', 'nigri'] };
const route = (params) => ({ opponent: null, level: null, side: null, ...params });

test('an opponent written into a link reads back as itself', () => {
  for (const opponent of [HUMAN, { kind: 'computer', level: 'hard', human: 'nigri' }, { kind: 'computer', level: 'random', human: 'albi' }]) {
    const told = [];
    assert.deepEqual(opponentFromLink(route(opponentLink(opponent)), GAME, told), opponent);
    assert.deepEqual(told, []);
  }
});

test('a level named as the opponent asks for the computer at that level; a level given too wins', () => {
  const told = [];
  assert.deepEqual(opponentFromLink(route({ opponent: 'medium' }), GAME, told), { kind: 'computer', level: 'medium', human: 'albi' });
  assert.deepEqual(opponentFromLink(route({ opponent: 'Centurio', side: 'nigri' }), GAME, told), { kind: 'computer', level: 'hard', human: 'nigri' });
  assert.deepEqual(opponentFromLink(route({ opponent: 'easy', level: 'hard' }), GAME, told), { kind: 'computer', level: 'hard', human: 'albi' });
  assert.deepEqual(told, []);
  assert.deepEqual(opponentFromLink(route({ opponent: 'hard', level: 'grandmaster' }), GAME, told), { kind: 'computer', level: 'hard', human: 'albi' });
  assert.deepEqual(told.splice(0), [{ notice: 'unknownLevel', args: { value: 'grandmaster' }, keys: { fallback: 'level.hard', levels: ['level.easy', 'level.medium', 'level.hard'] } }], 'the opponent\'s level, not the default');
  assert.deepEqual(opponentFromLink(route({ opponent: 'grandmaster' }), GAME, told), HUMAN);
  assert.deepEqual(told, [{ notice: 'unknownOpponent', args: { value: 'grandmaster' } }]);
});
