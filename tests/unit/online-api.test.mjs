// This device's online seats (app/online-api.js): kept under the game's id, read back checked
// (storage is untrusted), newest first, at most thirty; and the links of a game.

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';

const store = new Map();
globalThis.localStorage = {
  getItem: (key) => (store.has(key) ? store.get(key) : null),
  setItem: (key, value) => store.set(key, String(value)),
  removeItem: (key) => store.delete(key),
};
globalThis.location = new URL('https://ludi.example/?online=x');
const { loadSeats, loadSeat, saveSeat, links } = await import('../../www/js/app/online-api.js');
const KEY = 'ludi-romani.online.v1';

beforeEach(() => store.clear());

test('a seat is kept under its game and read back; updates merge', () => {
  assert.equal(saveSeat('abcdefghjk', { token: 't'.repeat(43), seat: 'albi', game: 'scripta', invite: 'i'.repeat(16), watch: 'w'.repeat(16) }), true);
  saveSeat('abcdefghjk', { opponent: 'Julia' });
  const seat = loadSeat('abcdefghjk');
  assert.equal(seat.token, 't'.repeat(43));
  assert.equal(seat.opponent, 'Julia');
  assert.equal(seat.over, false);
  assert.equal(loadSeat('nothere'), null);
});

test('what does not read is left out, never thrown', () => {
  store.set(KEY, '{broken');
  assert.deepEqual(loadSeats(), []);
  store.set(KEY, JSON.stringify([1, 2]));
  assert.deepEqual(loadSeats().map((s) => s.id), []);
  store.set(KEY, JSON.stringify({
    good: { token: 'x', seat: 'white', game: 'latrunculi', at: 5, opponent: '<b>x</b>' },
    notoken: { seat: 'white', game: 'latrunculi' },
    badseat: { token: 'x', seat: 42, game: 'latrunculi' },
    long: { token: 'x', seat: 'white', game: 'latrunculi', opponent: 'y'.repeat(99) },
  }));
  const seats = loadSeats();
  assert.deepEqual(seats.map((s) => s.id).sort(), ['good', 'long']);
  assert.equal(seats.find((s) => s.id === 'long').opponent, null);
  assert.equal(seats.find((s) => s.id === 'good').opponent, '<b>x</b>', 'a name is kept as text');
});

test('newest first, and only the thirty latest kept', async () => {
  for (let i = 0; i < 35; i++) {
    saveSeat(`game${String(i).padStart(2, '0')}`, { token: 't', seat: 'albi', game: 'scripta' });
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const seats = loadSeats();
  assert.equal(seats.length, 30);
  assert.equal(seats[0].id, 'game34');
  assert.ok(!seats.some((s) => s.id === 'game00'));
});

test('the links of a game: a seat carries no code, the invite and watch links theirs', () => {
  const all = links('abcdefghjk', { invite: 'inv', watch: 'wat' });
  assert.equal(all.seat, 'https://ludi.example/?online=abcdefghjk');
  assert.equal(all.invite, 'https://ludi.example/?online=abcdefghjk&invite=inv');
  assert.equal(all.watch, 'https://ludi.example/?online=abcdefghjk&watch=wat');
  assert.equal(links('abcdefghjk').invite, null);
});
