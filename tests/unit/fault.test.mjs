// Telling a failed engine from one that refused: a trap (a Rust panic) or any error of a call
// that never refuses fails the screen; a refusal of bad input is passed on as it was.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { guard, isFatal } from '../../www/js/app/fault.js';

/** A stand-in for a wasm game object: `play` refuses bad input; the others do as told. */
function fakeGame(failing) {
  return {
    moves: 0,
    play(move) {
      if (failing.play) throw failing.play;
      if (move !== 'c2-c5') throw new Error(`${move} is not a legal move now`);
      this.moves += 1;
      return move;
    },
    snapshot() {
      if (failing.snapshot) throw failing.snapshot;
      return { moves: this.moves };
    },
  };
}

test('a trap is fatal; an ordinary error is not', () => {
  assert.ok(isFatal(new WebAssembly.RuntimeError('unreachable')));
  assert.ok(!isFatal(new Error('a refusal')));
  assert.ok(!isFatal(undefined));
});

test('calls pass through the guard unchanged, with their own `this`', () => {
  const fails = [];
  const game = guard(fakeGame({}), (error) => fails.push(error));
  assert.equal(game.play('c2-c5'), 'c2-c5');
  assert.deepEqual(game.snapshot(), { moves: 1 });
  assert.equal(game.moves, 1);
  assert.deepEqual(fails, []);
});

test('a refusal is thrown on without failing the screen', () => {
  const fails = [];
  const game = guard(fakeGame({}), (error) => fails.push(error));
  assert.throws(() => game.play('z9-z10'), /not a legal move/);
  assert.deepEqual(fails, []);
});

test('a trap anywhere, or an error where nothing may be refused, fails the screen and is thrown on', () => {
  const trap = new WebAssembly.RuntimeError('unreachable');
  const fails = [];
  assert.throws(() => guard(fakeGame({ play: trap }), (e) => fails.push(e)).play('c2-c5'), WebAssembly.RuntimeError);
  const broken = new Error('cannot hand the game to the page');
  assert.throws(() => guard(fakeGame({ snapshot: broken }), (e) => fails.push(e)).snapshot(), /cannot hand/);
  assert.deepEqual(fails, [trap, broken]);
});
