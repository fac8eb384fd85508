// Who writes a game's save (one per game and rule set, saves.js): one tab at a time, the one that
// opened the game last. A game screen
// makes a keeper; its first save claims the game for this tab (its writer id goes into the
// save). Another tab claiming it later shows up here as a `storage` event, or as a stranger's
// id in the save when this tab next writes: then this tab stops saving and says so, rather
// than overwrite the other's moves. A browser that refuses to save lets play go on; it is
// said once.

import * as storage from './storage.js';
import { makeSave, saveKey } from './saves.js';

/** A random id for this tab's screen (crypto.randomUUID needs a secure context; this does not). */
function writerId() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The keeper of `game`'s save under the rule set `slot` for one screen. `onTakenOver()` runs
 * once when another tab has taken the game over; `onUnsaved()` once when the browser refuses a
 * save. Tabs on other slots of the same game are no claim: each slot has its own save.
 */
export function createKeeper(game, slot, { onTakenOver, onUnsaved }) {
  const writer = writerId();
  const state = { claimed: false, stopped: false, warned: false, failing: false };

  function takenOver() {
    if (state.stopped) return;
    state.stopped = true;
    onTakenOver();
  }

  // What is stored now decides, not the event's value: a busy browser may deliver the event of
  // a write made before this tab claimed the game (the page this one reloaded, say) after it.
  const onStorage = (event) => {
    if (event.key !== saveKey(game, slot) || state.stopped || !state.claimed) return;
    const stored = storage.loadGame(game, slot);
    if (stored.writer && stored.writer !== writer) takenOver();
  };
  window.addEventListener('storage', onStorage);

  return {
    writer,
    /**
     * Saves `fields` ({origin, saved, opponent, over}; the origin's rules are this slot's)
     * unless the game now belongs elsewhere.
     */
    save(fields) {
      if (state.stopped) return;
      if (state.claimed) {
        const stored = storage.loadGame(game, slot);
        if (stored.writer && stored.writer !== writer) return takenOver();
      }
      state.claimed = true;
      state.failing = !storage.writeGame(game, makeSave(game, fields, writer, new Date()));
      if (state.failing && !state.warned) {
        state.warned = true;
        onUnsaved();
      }
    },
    /** Whether this tab still saves the game and its last write was taken. */
    keeping: () => !state.stopped && !state.failing,
    /** Saves no more (the screen's engine failed: its last good save stays). */
    stop() {
      state.stopped = true;
    },
    destroy() {
      state.stopped = true;
      window.removeEventListener('storage', onStorage);
    },
  };
}
