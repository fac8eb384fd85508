// Telling an engine that failed from one that refused. A Rust panic traps the wasm: the call
// throws a WebAssembly.RuntimeError (the panic hook in crates/wasm has already handed the page
// its message), and the instance may be unusable from then on. A refusal is an ordinary Error
// after which the game is unchanged. Game screens reach the engine's game through `guard`, so
// any failure, wherever it happens, brings up the error view instead of a frozen board.

/** A trap of the wasm (a panic, running out of memory): the engine cannot be trusted any more. */
export const isFatal = (error) => error instanceof WebAssembly.RuntimeError;

// Calls that never refuse anything: if one of these throws, the engine is at fault.
const NEVER_REFUSE = new Set(['snapshot', 'save', 'record', 'geometry', 'nextGame']);

/**
 * `game` (a wasm game object) with every method watched: a fatal error, or any error of a call
 * that never refuses, calls `fail(error)` before it is thrown on as usual.
 */
export function guard(game, fail) {
  return new Proxy(game, {
    get(target, name) {
      const value = Reflect.get(target, name);
      if (typeof value !== 'function') return value;
      return (...args) => {
        try {
          return value.apply(target, args);
        } catch (error) {
          if (isFatal(error) || NEVER_REFUSE.has(name)) fail(error);
          throw error;
        }
      };
    },
  });
}
