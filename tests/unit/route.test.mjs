// The router: which screen a URL shows, the parameters a game reads, and the link a game's
// save belongs to.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readRoute, query } from '../../www/js/app/route.js';
import { opponentFromLink, savedOpponent, computerSide, HUMAN } from '../../www/js/app/opponent.js';

test('no game is the home screen; a game goes straight to it; page=rules and page=replay are pages', () => {
  assert.equal(readRoute('').screen, 'home');
  assert.equal(readRoute('?lang=en').screen, 'home');
  const game = readRoute('?game=scripta&seed=4');
  assert.equal(game.screen, 'game');
  assert.equal(game.game, 'scripta');
  assert.equal(game.seed, '4');
  const rules = readRoute('?page=rules&game=latrunculi&rules=quintana');
  assert.equal(rules.screen, 'rules');
  assert.equal(rules.rules, 'quintana');
  assert.equal(readRoute('?page=replay').screen, 'replay');
  assert.equal(readRoute('?page=replay&game=scripta').screen, 'replay', 'the record names its game');
  assert.equal(readRoute('?page=nonsense&game=scripta').screen, 'game');
});

test('the pace is clamped and defaults to a followable 450 ms', () => {
  assert.equal(readRoute('?game=scripta').pace, 450);
  assert.equal(readRoute('?pace=0').pace, 0);
  assert.equal(readRoute('?pace=-5').pace, 0);
  assert.equal(readRoute('?pace=999999').pace, 5000);
  assert.equal(readRoute('?pace=fast').pace, 450);
});

test('the origin holds only what makes the game, so the same link restores it', () => {
  const a = readRoute('?game=scripta&seed=4&pace=0&lang=de&opponent=computer');
  const b = readRoute('?opponent=computer&seed=4&game=scripta');
  assert.equal(a.origin, 'seed=4&opponent=computer');
  assert.equal(a.origin, b.origin);
  assert.notEqual(readRoute('?game=scripta&seed=5').origin, a.origin);
  assert.equal(readRoute('?game=scripta&position=%20').position, null, 'blank values are absent');
  // The board's face is a picture only: the same game whatever letters its marks carry.
  const faced = readRoute('?game=scripta&seed=4&face=ostia-alphabet');
  assert.equal(faced.face, 'ostia-alphabet');
  assert.equal(faced.origin, readRoute('?game=scripta&seed=4').origin);
  assert.equal(readRoute('?game=scripta').face, null);
});

test('query leaves out empty values and names the home screen when nothing is left', () => {
  assert.equal(query({ game: 'scripta', rules: null, level: undefined, side: '' }), '?game=scripta');
  assert.equal(query({}), './');
});

const SCRIPTA = { levels: ['easy', 'medium', 'hard', 'expert'], linkOnly: ['random'], defaultLevel: 'medium', sides: ['albi', 'nigri'] };

test('links choose the opponent by Latin or engine name, falling back with notices', () => {
  const told = [];
  assert.equal(opponentFromLink(readRoute('?game=scripta'), SCRIPTA, told), null);
  assert.deepEqual(opponentFromLink(readRoute('?level=Centurio&side=nigri'), SCRIPTA, told),
    { kind: 'computer', level: 'hard', human: 'nigri' });
  assert.deepEqual(opponentFromLink(readRoute('?level=random'), SCRIPTA, told),
    { kind: 'computer', level: 'random', human: 'albi' });
  assert.deepEqual(told, []);
  assert.deepEqual(opponentFromLink(readRoute('?opponent=computer&level=consul&side=rubri'), SCRIPTA, told),
    { kind: 'computer', level: 'medium', human: 'albi' });
  assert.deepEqual(told.map((n) => n.notice), ['unknownLevel', 'unknownSide']);
  assert.equal(opponentFromLink(readRoute('?opponent=robot'), SCRIPTA, told), HUMAN);
  assert.equal(told.at(-1).notice, 'unknownOpponent');
});

test('a saved opponent is checked, and the computer plays the other side', () => {
  assert.deepEqual(savedOpponent({ kind: 'computer', level: 'expert', human: 'nigri' }, SCRIPTA),
    { kind: 'computer', level: 'expert', human: 'nigri' });
  assert.equal(savedOpponent({ kind: 'computer', level: 'god', human: 'nigri' }, SCRIPTA), HUMAN);
  assert.equal(savedOpponent('<img src=x>', SCRIPTA), HUMAN);
  assert.equal(computerSide({ kind: 'computer', level: 'hard', human: 'nigri' }, SCRIPTA.sides), 'albi');
  assert.equal(computerSide(HUMAN, SCRIPTA.sides), null);
});

test('?online= is a game on the server: a seat, an invite or a watcher, never a token', () => {
  const seat = readRoute('?online=abcdefghjk');
  assert.equal(seat.screen, 'online');
  assert.equal(seat.online, 'abcdefghjk');
  assert.equal(seat.invite, null);
  const invite = readRoute('?online=abcdefghjk&invite=q2w3e4r5t6y7u8i9');
  assert.equal(invite.screen, 'online');
  assert.equal(invite.invite, 'q2w3e4r5t6y7u8i9');
  assert.equal(readRoute('?online=abcdefghjk&watch=zzz').watch, 'zzz');
  assert.equal(readRoute('?online=&game=scripta').screen, 'game', 'an empty id is no online game');
});

test('class=<code> is a pupil\'s way into a class, even with the code left to type; teach=<id> the teacher\'s class', () => {
  const pupil = readRoute('?class=ACDEFH');
  assert.equal(pupil.screen, 'class');
  assert.equal(pupil.classCode, 'ACDEFH');
  const typed = readRoute('?class=');
  assert.equal(typed.screen, 'class');
  assert.equal(typed.classCode, null);
  const teacher = readRoute('?teach=abcdefghjk');
  assert.equal(teacher.screen, 'teach');
  assert.equal(teacher.teach, 'abcdefghjk');
  assert.equal(readRoute('?online=abcdefghjk&class=ACDEFH').screen, 'online', 'a game wins over its class');
});
