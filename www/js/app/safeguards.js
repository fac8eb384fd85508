// What keeps a game screen's game from being lost, the same for both games: the keeper of its
// save (one tab at a time; a browser that refuses to save is said once), the guard on its
// engine (a failure brings up the error view, never a frozen board) and the last game record,
// which both the error view and the taken-over panel offer to copy.

import { createKeeper } from './keeper.js';
import { guard, isFatal } from './fault.js';
import { troublePanel } from './panel.js';
import { query } from './route.js';
import * as storage from './storage.js';
import { slotOf } from './saves.js';
import { cut, REASON } from './notices.js';

/**
 * The link of a fresh game of `game` under the same rules (so into the save just emptied)
 * against the same opponent, in the link's language.
 */
function freshLink(game, rules, opponent, lang) {
  const vs = opponent?.kind === 'computer'
    ? { opponent: 'computer', level: opponent.level, side: opponent.human }
    : { opponent: 'human' };
  return query({ game, rules, ...vs, lang });
}

/**
 * Starts afresh in a new page (a failed engine may be unusable), the old save of these rules
 * set aside.
 */
function restart(game, rules, opponent, lang) {
  const stored = storage.loadGame(game, slotOf(game, rules));
  if (stored.text && storage.setAside(game, 'broken', stored.text)) storage.forget(stored.key);
  location.assign(freshLink(game, rules, opponent, lang));
}

/** The error view: the engine failed; `record()` is the last game record the page got. */
export function showFault(root, ctx, game, { why: reason, record, opponent }) {
  const { t } = ctx.i18n;
  const why = cut(reason ?? '', REASON);
  return troublePanel(root, ctx.i18n, {
    notice: 'engine-failed',
    title: t('fault.title'),
    // Without a record there is nothing to copy: the text offers only the new game.
    text: record() ? t('fault.text', { why }) : t('fault.textStart', { why }),
    record,
    actions: [{ action: 'restart', text: t('action.restart'), run: () => restart(game, ctx.route.rules, opponent, ctx.route.lang) }],
  });
}

/**
 * The safeguards of one game screen. `opponent()` is who plays now; `say(notice)` shows a
 * notice; `stop()` halts the screen's own work (the computer, a hint) when the engine failed;
 * `saving` false keeps this screen from writing at all (startingGame said why); `begun()` says
 * whether the game is one taken over mid-way, saved as under way (saves.js `played`).
 */
export function safeguards(root, ctx, GAME, { opponent, say, stop, saving, begun }) {
  const { i18n, route } = ctx;
  const { t } = i18n;
  const kept = { record: '', failed: false, takenOver: false };
  const record = () => kept.record;
  const slot = slotOf(GAME.id, route.rules);

  // Back to the game as another tab saved it last (this tab then owns it again).
  function takeBack() {
    const stored = storage.loadGame(GAME.id, slot);
    const origin = stored.origin === undefined ? {} : Object.fromEntries(new URLSearchParams(stored.origin));
    location.assign(query({ game: GAME.id, ...origin, lang: route.lang }));
  }

  const keeper = createKeeper(GAME.id, slot, {
    onTakenOver: () => {
      kept.takenOver = true;
      markUnsaved();
      troublePanel(root, i18n, {
        notice: 'taken-over',
        title: t('takenOver.title'),
        text: t('takenOver.text'),
        record,
        actions: [{ action: 'take-back', text: t('action.takeBack'), run: takeBack }],
      });
    },
    onUnsaved: () => say('unsaved'),
  });
  if (!saving) keeper.stop();
  // Whether a reload finds this game as it stands: held by the server, or saved here.
  const reloads = () => Boolean(ctx.online) || keeper.keeping();
  // The mark in the header says the game is not kept, for as long as it is not (an embedded
  // board is never kept, by design).
  const embedded = document.documentElement.hasAttribute('data-embed');
  function markUnsaved() {
    const mark = root.querySelector('[data-unsaved]');
    if (mark) mark.hidden = embedded || reloads();
  }
  markUnsaved();

  function fail(error) {
    if (kept.failed) return;
    kept.failed = true;
    ctx.health.failed = true;
    keeper.stop();
    stop();
    showFault(root, ctx, GAME.id, { why: ctx.health.panic ?? error.message, record, opponent: opponent() });
  }

  // A trap in an engine call made outside the guard (a new game's constructor, say) that
  // nothing caught reaches the window: it fails the screen all the same.
  const onError = (event) => isFatal(event.error ?? event.reason) && fail(event.error ?? event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onError);

  return {
    /** Whether a reload finds this game as it stands. */
    kept: reloads,
    /** The game with its engine calls watched. */
    guard: (game) => guard(game, fail),
    /**
     * Keeps `game` as it stands for the page's life when a reload would not find it (not saved
     * here, storage.js `keepUnsaved`), else forgets any game kept so: a game taken over by
     * another tab goes on there, from the save. Not an embedded board's (never kept), nor after
     * the engine failed (the next screen starts a fresh page).
     */
    keepUnsaved(game, over) {
      if (embedded || kept.failed) return;
      let entry = null;
      try {
        if (!reloads() && !kept.takenOver) {
          const saved = guard(game, fail).save();
          entry = { slot, origin: route.origin, saved, opponent: opponent(), over, begun: begun(), savedAt: new Date().toISOString() };
        }
      } catch {
        // The guard has brought up the error view: nothing to keep.
      }
      storage.keepUnsaved(GAME.id, slot, entry);
    },
    /** Keeps the game's record and saves it, unless its engine failed. */
    save(game, over) {
      if (kept.failed) return;
      const watched = guard(game, fail);
      const vs = opponent();
      // The record names a computer by its level; people stay unnamed.
      const [first, second] = GAME.sides.map((side) => (vs.kind === 'computer' && side !== vs.human ? vs.level : null));
      try {
        kept.record = watched.record(first, second, new Date().toISOString().slice(0, 10));
        keeper.save({ origin: route.origin, saved: watched.save(), opponent: vs, over, begun: begun() });
        markUnsaved();
      } catch {
        // The guard has brought up the error view; the last good save stays as it was.
      }
    },
    destroy() {
      keeper.destroy();
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
    },
  };
}
