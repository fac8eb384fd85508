// What a game screen decides from its state alone (app/screen-state.js): who acts, when the
// computer starts, what is worth saving, a new game's state and what the status line says.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  whoActs, litSide, humanToMove, computerToMove, startsComputer, worthSaving, keptHint, opponentOfChoice,
  newGameEvent, startState, newGameState, situationShown,
} from '../../www/js/app/screen-state.js';
import { HUMAN } from '../../www/js/app/opponent.js';

// The two games say "over" and "how far" differently; the decisions are the same.
const LATRUNCULI = { sides: ['white', 'black'], over: (s) => Boolean(s.result), progress: (s) => s.moves };
const SCRIPTA = { sides: ['albi', 'nigri'], over: (s) => Boolean(s.winner), progress: (s) => s.turns };
const VS_BLACK = { kind: 'computer', level: 'hard', human: 'white' };
const state = (snap, opponent = HUMAN, more = {}) => ({ snap, opponent, computerBusy: false, ...more });

test('who acts: the human in pass and play, the computer on its side, nobody once over', () => {
  assert.equal(whoActs(state({ turn: 'black', result: null }), LATRUNCULI), 'human');
  assert.equal(whoActs(state({ turn: 'black', result: null }, VS_BLACK), LATRUNCULI), 'computer');
  assert.equal(whoActs(state({ turn: 'white', result: null }, VS_BLACK), LATRUNCULI), 'human');
  assert.equal(whoActs(state({ turn: 'black', result: { winner: 'white' } }, VS_BLACK), LATRUNCULI), 'over');
  const vsAlbi = { kind: 'computer', level: 'easy', human: 'nigri' };
  assert.equal(whoActs(state({ turn: 'albi', winner: null }, vsAlbi), SCRIPTA), 'computer');
  assert.equal(whoActs(state({ turn: 'albi', winner: 'albi' }, vsAlbi), SCRIPTA), 'over');
  assert.ok(humanToMove(state({ turn: 'nigri', winner: null }, vsAlbi), SCRIPTA));
  assert.ok(!computerToMove(state({ turn: 'nigri', winner: null }, vsAlbi), SCRIPTA));
});

test('the computer starts only with the move, not busy, and no dialog open', () => {
  const its = state({ turn: 'black', result: null }, VS_BLACK);
  assert.ok(startsComputer(its, LATRUNCULI, false));
  assert.ok(!startsComputer(its, LATRUNCULI, true), 'a dialog pauses it');
  assert.ok(!startsComputer({ ...its, computerBusy: true }, LATRUNCULI, false), 'one turn at a time');
  assert.ok(!startsComputer(state({ turn: 'white', result: null }, VS_BLACK), LATRUNCULI, false));
  assert.ok(!startsComputer(state({ turn: 'black', result: { winner: 'white' } }, VS_BLACK), LATRUNCULI, false));
  assert.ok(!startsComputer(state({ turn: 'black', result: null }), LATRUNCULI, false), 'pass and play');
});

test('saving follows real changes: a position, a turn, a game, an opponent', () => {
  const game = {};
  const before = state({ position: 'p', turns: 3 }, HUMAN, { game, selected: null });
  assert.ok(worthSaving(before, null, SCRIPTA), 'the first state is saved');
  assert.ok(!worthSaving({ ...before, selected: 'tray', hint: {} }, before, SCRIPTA));
  assert.ok(worthSaving({ ...before, snap: { position: 'q', turns: 3 } }, before, SCRIPTA));
  // The same position a turn later (a side that cannot move hands over): a new turn.
  assert.ok(worthSaving({ ...before, snap: { position: 'p', turns: 4 } }, before, SCRIPTA));
  assert.ok(worthSaving({ ...before, game: {} }, before, SCRIPTA));
  assert.ok(worthSaving({ ...before, opponent: VS_BLACK }, before, SCRIPTA));
  const lat = state({ position: 'p', moves: 1 }, HUMAN, { game });
  assert.ok(!worthSaving({ ...lat }, lat, LATRUNCULI));
  assert.ok(worthSaving({ ...lat, snap: { position: 'p', moves: 2 } }, lat, LATRUNCULI));
});

test('a hint stays only while its position stands', () => {
  const hint = { position: 'p', move: {} };
  assert.equal(keptHint(hint, { position: 'p' }), hint);
  assert.equal(keptHint(hint, { position: 'q' }), null);
  assert.equal(keptHint(null, { position: 'p' }), null);
});

test('the new-game choice names the opponent, and the new game says against whom', () => {
  assert.deepEqual(opponentOfChoice({ opponent: 'computer', level: 'easy', side: 'nigri' }), { kind: 'computer', level: 'easy', human: 'nigri' });
  assert.equal(opponentOfChoice({ opponent: 'human', level: 'easy', side: 'nigri' }), HUMAN);
  assert.deepEqual(newGameEvent(HUMAN), { kind: 'notice', notice: 'newGame', args: {} });
  assert.deepEqual(newGameEvent(VS_BLACK), {
    kind: 'notice', notice: 'newGameVs', keys: { human: 'side.white', level: 'level.hard' },
  });
});

test('a new game starts a new epoch with nothing picked, asked or under way', () => {
  const first = startState({ game: 'g', snap: 's', opponent: HUMAN, told: [], face: true });
  assert.equal(first.epoch, 0);
  assert.equal(first.event, null);
  assert.equal(first.face, true);
  assert.deepEqual(startState({ game: 'g', snap: 's', opponent: HUMAN, told: [{ notice: 'restored' }], face: false }).event,
    { kind: 'notices', list: [{ notice: 'restored' }] });
  const busy = { ...first, begun: true, selected: 'a1', hint: {}, hintPending: true, thinking: true, computerBusy: true, epoch: 4 };
  const event = { kind: 'notice', notice: 'newGame' };
  assert.deepEqual(newGameState(busy, { game: 'h', snap: 't', opponent: VS_BLACK, event }), {
    game: 'h', snap: 't', opponent: VS_BLACK, selected: null, hint: null, hintPending: false,
    thinking: false, computerBusy: false, begun: false, epoch: 5, event, boardShown: false,
  });
  assert.equal(first.begun, false, 'a new game is not under way until something is played');
  assert.equal(startState({ game: 'g', snap: 's', opponent: HUMAN, told: [], face: false, begun: true }).begun, true);
  assert.equal(first.boardShown, false, 'the game-over panel shows when a game ends');
});

test('the status says the situation unless the computer is at work or the event stands alone', () => {
  const alone = ['refuse', 'say'];
  assert.equal(situationShown({ thinking: true, event: { kind: 'refuse' } }, { playing: true, alone }), 'thinking');
  assert.equal(situationShown({ thinking: false, event: { kind: 'refuse' } }, { playing: true, alone }), 'playing');
  assert.equal(situationShown({ thinking: false, event: { kind: 'refuse' } }, { playing: false, alone }), 'none');
  assert.equal(situationShown({ thinking: false, event: { kind: 'play' } }, { playing: false, alone }), 'situation');
  assert.equal(situationShown({ thinking: false, event: null }, { playing: false, alone }), 'situation');
});

test('online: this seat acts on its turn while the game is under way and the link is up; never the computer', () => {
  const seat = { kind: 'online', human: 'nigri' };
  const watcher = { kind: 'online', human: null };
  const online = (more) => ({ online: { status: 'playing', up: true, ...more } });
  assert.equal(whoActs(state({ turn: 'nigri', winner: null }, seat, online()), SCRIPTA), 'human');
  assert.equal(whoActs(state({ turn: 'albi', winner: null }, seat, online()), SCRIPTA), 'remote');
  assert.equal(whoActs(state({ turn: 'nigri', winner: null }, seat, online({ up: false })), SCRIPTA), 'remote');
  assert.equal(whoActs(state({ turn: 'nigri', winner: null }, seat, online({ status: 'waiting' })), SCRIPTA), 'remote');
  assert.equal(whoActs(state({ turn: 'nigri', winner: null }, seat, online({ paused: true })), SCRIPTA), 'remote', 'a class paused by its teacher');
  assert.equal(whoActs(state({ turn: 'albi', winner: null }, watcher, online()), SCRIPTA), 'remote');
  assert.equal(whoActs(state({ turn: 'nigri', winner: null }, seat, online({ status: 'over' })), SCRIPTA), 'over',
    'a game the server ended (claimed, abandoned) is over though the rules did not end it');
  assert.equal(startsComputer(state({ turn: 'albi', winner: null }, seat, online()), SCRIPTA, false), false);
});

test('the side to move lights up, but none once over, online before the friend comes, or ended by the server', () => {
  assert.equal(litSide(state({ turn: 'black', result: null }), LATRUNCULI), 'black');
  assert.equal(litSide(state({ turn: 'black', result: { winner: 'white' } }), LATRUNCULI), null);
  assert.equal(litSide(state({ turn: 'nigri', winner: 'albi' }), SCRIPTA), null);
  const seat = { kind: 'online', human: 'albi' };
  const online = (status) => ({ online: { status, up: true } });
  assert.equal(litSide(state({ turn: 'albi', winner: null }, seat, online('waiting')), SCRIPTA), null);
  assert.equal(litSide(state({ turn: 'albi', winner: null }, seat, online('playing')), SCRIPTA), 'albi');
  assert.equal(litSide(state({ turn: 'albi', winner: null }, seat, online('over')), SCRIPTA), null);
});
