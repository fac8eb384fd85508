// What every game screen builds the same way: the header bar, the status line, the
// game-over panel, and the choice of the game to start with (this link's saved game, else the
// game the link asks for). Each game adds its own board, trays and actions.

import { HUMAN, opponentFromLink, savedOpponent } from './opponent.js';
import * as storage from './storage.js';
import { cleanOrigin, inTheWay, saveMark, slotOf } from './saves.js';
import { isFatal } from './fault.js';
import { button, div, el } from '../kit/dom.js';

export const wait = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The header bar: the game's name, then `extra` buttons, Home, Rules, Record and New game. */
export function header({ t }, title, extra = []) {
  const bar = el('header', 'bar');
  const h1 = el('h1', '', title);
  const group = div('bar-actions');
  const rules = button('rules', t('action.rules'), 'plain');
  const records = button('records', t('action.records'), 'plain');
  const fresh = button('new', t('action.new'), 'plain');
  for (const b of [rules, records, fresh]) b.setAttribute('aria-haspopup', 'dialog');
  group.append(...extra, button('home', t('action.home'), 'plain'), rules, records, fresh);
  // Said once in the status line, and kept in sight while the game is not being saved.
  const unsaved = el('span', 'unsaved-mark', t('unsaved.mark'));
  unsaved.dataset.unsaved = '';
  unsaved.hidden = true;
  bar.append(h1, unsaved, group);
  return bar;
}

/** The status line a screen reader follows: says what happened and what to do. */
export function statusLine() {
  const status = el('p', 'status');
  status.id = 'status';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  return status;
}

/** The game-over panel with New game and Play again: {over, overTitle, overText}. */
export function gameOverPanel({ t }) {
  const over = el('section', 'game-over');
  over.id = 'game-over';
  over.hidden = true;
  over.setAttribute('aria-labelledby', 'game-over-title');
  over.setAttribute('role', 'dialog');
  over.setAttribute('aria-modal', 'true');
  const card = div('game-over-card');
  const overTitle = el('h2');
  overTitle.id = 'game-over-title';
  const overText = el('p');
  overText.id = 'game-over-text';
  const actions = div('dialog-actions');
  actions.append(button('new', t('action.new'), 'plain'), button('again', t('action.again'), 'primary'));
  // The finished game's record: kept, handed on, or watched again turn by turn.
  const record = div('record-actions');
  // And the final board, with the panel set aside.
  record.append(button('record-download', t('record.download'), 'plain'),
    button('record-copy', t('record.copy'), 'plain'), button('record-replay', t('record.replay'), 'plain'),
    button('see-board', t('action.seeBoard'), 'plain'));
  card.append(overTitle, overText, actions, record);
  over.append(card);
  // A modal panel keeps the keyboard inside: Tab and Shift+Tab cycle through its buttons;
  // Escape sets it aside, as See the board does.
  over.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') over.querySelector('[data-action="see-board"]')?.click();
    if (event.key !== 'Tab') return;
    const stops = [...over.querySelectorAll('button:not([disabled])')];
    const at = stops.indexOf(document.activeElement);
    const next = (at + (event.shiftKey ? -1 : 1) + stops.length) % stops.length;
    event.preventDefault();
    stops[next]?.focus();
  });
  return { over, overTitle, overText };
}

/**
 * Writes the game-over heading into `title` (its key in `data-say`): against the computer or
 * a friend online, whether you won or lost (a side's name alone says nothing to whoever played it); in pass and
 * play, the winning side.
 */
export function sayWinner(title, t, winner, opponent) {
  const key = !opponent.human ? 'gameOver.title'
    : winner === opponent.human ? 'gameOver.you.won' : 'gameOver.you.lost';
  title.textContent = t(key, { side: t(`side.${winner}`) });
  title.dataset.say = key;
}

/**
 * The game a screen starts with and who plays it: a game handed over by the replay screen
 * (`handoff`: {game, turn}), else this link's game kept in memory when its screen closed
 * unsaved (storage.js `keepUnsaved`), else the saved game of this very link (restored by
 * `restore(saved)`) unless the game is `fresh` (the home screen's Play), else `fromLink()`,
 * the game the link asks for. A screen `redrawn` in another language does not say again that
 * its copy is not saved, nor that its game is back where the save held it as it stood (`same`).
 * The page has asked before a game under way in this rule set's save, or its copy, gives way
 * (main.js, home.js). A save the page cannot use is set aside (storage.js),
 * never lost; every problem is pushed onto `told` as a notice.
 * `saving` is false when this screen must not write: an embedded board, a browser that
 * refuses, a save that could not be set aside and would be overwritten, or one another tab
 * played in since the page saw it (`seen`, from `saveSeen`, when it asked whether a game would
 * be replaced).
 */
export function startingGame(GAME, route, told, { restore, fromLink, handoff, seen, fresh = false, redrawn = false, same = false }) {
  const linked = opponentFromLink(route, GAME, told);
  // An embedded board stands alone: several on one host page play independently, and none
  // touches the visitor's own game, so it neither restores nor saves.
  if (document.documentElement.hasAttribute('data-embed')) {
    return { game: fromLink(), opponent: linked ?? HUMAN, saving: false };
  }
  if (handoff) told.push(handoff.turn ? { notice: 'tookOver', args: { count: handoff.turn } } : { notice: 'tookOverStart' });
  const stored = storage.loadGame(GAME.id, slotOf(GAME.id, route.rules));
  // Neither a game handed over nor Play's ever goes on with the saved game, whatever its link.
  const anew = Boolean(handoff) || fresh;
  // A game played in this save since the page looked for one to replace (in another tab,
  // while this one's engine loaded) was not the one asked about, if any: it is kept, and this
  // game is not saved over it.
  // The visitor's copy of this rule set's game (storage.js `unsavedGame`): one agreed to (seen)
  // covers the save it was made beside.
  const slot = slotOf(GAME.id, route.rules);
  const copy = storage.unsavedGame(GAME.id, slot);
  const beside = copy && copy.seen === saveMark(stored) && saveMark(copy) === seen;
  const meanwhile = inTheWay(stored, route.origin, anew) && saveMark(stored) !== seen && !beside;
  // A game taken over after its first turn is under way, whether or not its saved data holds
  // those turns (a record without its seed hands over the board alone).
  const start = { game: handoff?.game ?? null, opponent: linked ?? HUMAN, saving: storage.canSave() && !meanwhile, begun: Boolean(handoff?.turn) };
  // This link's game as it stood when its screen closed unsaved (another language, Back after
  // a replay): it goes on over the save it could not write, saved again once the browser takes
  // a save and no other game, nor a save the page cannot read, is in the way.
  if (!anew && copy && cleanOrigin(copy.origin) === cleanOrigin(route.origin)) {
    try {
      const game = restore(copy.saved);
      const free = !stored.newer && !stored.error && !inTheWay(stored, route.origin);
      const saving = free && storage.canSave();
      if (!redrawn && !saving) told.push({ notice: free ? 'unsaved' : 'savedMeanwhile' });
      return { game, opponent: copy.opponent, saving, begun: copy.begun };
    } catch (error) {
      if (isFatal(error)) throw error;
      storage.keepUnsaved(GAME.id, slot, null);
    }
  }
  // Once kept aside, the save goes from where it was found, so it is not said again next time.
  const setAside = (kind) => {
    start.saving = start.saving && storage.setAside(GAME.id, kind, stored.text);
    if (start.saving) storage.forget(stored.key);
  };
  if (stored.newer) {
    setAside('newer');
    told.push({ notice: 'newerSave' });
  } else if (stored.error) {
    setAside('broken');
    told.push({ notice: 'corrupt', args: { why: stored.error } });
  } else if (!anew && stored.saved !== undefined && cleanOrigin(stored.origin) === cleanOrigin(route.origin)) {
    try {
      start.game = restore(stored.saved);
      start.opponent = savedOpponent(stored.opponent, GAME);
      start.begun = stored.begun === true;
      if (!same) told.push({ notice: 'restored' });
    } catch (error) {
      if (isFatal(error)) throw error;
      setAside('broken');
      told.push({ notice: 'corrupt', args: { why: error.message } });
    }
  }
  if (meanwhile) told.push({ notice: 'savedMeanwhile' });
  else if (!start.saving) told.push({ notice: 'unsaved' });
  start.game ??= fromLink();
  return start;
}
