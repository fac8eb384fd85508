// One state object per screen, changed only through its store: `dispatch(change)` merges a
// change into a new state object and tells every subscriber (new state, previous state).
// Subscribers draw, save or start the computer; none of them keeps state of its own.

export function createStore(initial) {
  let state = Object.freeze({ ...initial });
  const listeners = new Set();
  return {
    get: () => state,
    dispatch(change) {
      const previous = state;
      state = Object.freeze({ ...state, ...change });
      for (const listener of [...listeners]) listener(state, previous);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
