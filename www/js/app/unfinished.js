// The visitor's unfinished games, one per game and rule set (saves.js): each shown as a card
// with a picture of its board where it stands, its game, rules, opponent and how far it is,
// and Resume. The home screen lists them all; before a new game would take one's place (a
// link, Play, a replay taken over) the page asks with the same card, Resume first.

import * as storage from './storage.js';
import { inTheWay, played, saveMark, slotOf } from './saves.js';
import { query } from './route.js';
import { savedOpponent } from './opponent.js';
import { GAME as SCRIPTA } from '../games/scripta/meta.js';
import { GAME as LATRUNCULI } from '../games/latrunculi/meta.js';
import { el } from '../kit/dom.js';

const META = { scripta: SCRIPTA, latrunculi: LATRUNCULI };

/** A stored game as the cards show it: {id, game, slot, stored, link}. */
function entry(games, id, stored) {
  const origin = Object.fromEntries(new URLSearchParams(stored.origin));
  return { id, game: games[id], slot: stored.slot, stored, link: query({ game: id, ...origin }) };
}

/**
 * The games of `id` the visitor has here, one per rule set: a copy kept in memory of a game
 * not saved (storage.js `unsavedGame`) where one stands, else the save.
 */
function mine(id) {
  const copies = storage.unsavedGames(id);
  const held = new Set(copies.map((copy) => copy.slot));
  return [...copies, ...storage.loadGames(id).filter((stored) => !held.has(stored.slot))];
}

/** The game of `id` in `slot` the visitor has here (`mine`): its copy, else its save. */
const mineIn = (id, slot) => storage.unsavedGame(id, slot) ?? storage.loadGame(id, slot);

/**
 * Every unfinished game of every game in `games`, the last played first: a game with nothing
 * played yet is no game to go back to (its link starts it again as it was).
 */
export function unfinishedGames(games) {
  const all = Object.keys(games).flatMap((id) => mine(id)
    .filter((stored) => !stored.over && played(stored))
    .map((stored) => entry(games, id, stored)));
  return all.sort((a, b) => String(b.stored.savedAt ?? '').localeCompare(String(a.stored.savedAt ?? '')));
}

/**
 * Which game of `id` under `rules` the visitor has now (`mineIn`: who wrote it, and when), or
 * null: a screen that saw it before its engine came writes over no other, and one that saw a
 * copy in memory writes over no save it did not ask about.
 */
export function saveSeen(id, rules) {
  const stored = mineIn(id, slotOf(id, rules));
  return stored.saved === undefined ? null : saveMark(stored);
}

/**
 * The unfinished game a new game of `id` under `rules` (a link's text, null for none) would
 * replace, or null (`inTheWay`). A game finished, or with nothing played yet, gives way unasked.
 */
export function replaced(games, id, rules, origin, always = false) {
  const stored = mineIn(id, slotOf(id, rules));
  return inTheWay(stored, origin, always) ? entry(games, id, stored) : null;
}

/** Who plays the saved game, in words (storage is untrusted: savedOpponent checks it). */
function opponentWords({ t }, id, stored) {
  const vs = savedOpponent(stored.opponent, META[id]);
  if (vs.kind !== 'computer') return t('home.opponent.human');
  return t('unfinished.vsComputer', { level: t(`level.${vs.level}`), side: t(`side.${vs.human}`) });
}

/**
 * The card of one unfinished game, its Resume button carrying data-game and data-slot. Its
 * picture and how far it is need the engine: `drawing` collects the promise that draws them.
 * `where` keeps its ids apart from another card of the same game on the page.
 */
export function unfinishedCard(i18n, item, { onResume, drawing, where }) {
  const { t } = i18n;
  const { id, game, slot, stored } = item;
  const card = el('li', 'unfinished-card');
  // Its frame is held before the engine draws it, so nothing below it jumps.
  card.dataset.picture = id;
  const picture = el('span', 'preview-board');
  picture.setAttribute('aria-hidden', 'true');
  const about = el('p', 'unfinished-about');
  about.id = `${where}-${id}-${slot}`;
  const rules = game.rules.find((r) => r.id === slot);
  const far = el('span', 'unfinished-far');
  about.append(el('strong', 'unfinished-game', t(game.name)), el('span', '', t(rules.name)),
    el('span', '', opponentWords(i18n, id, stored)), far);
  // A save that no longer replays keeps its words; the game screen sets it aside and says why.
  drawing.push(game.followPicture(picture)(stored.saved)
    .then(({ unit, count }) => { far.textContent = t(`unfinished.${unit}`, { count }); })
    .catch(() => {}));
  const resume = el('button', 'primary big', t('home.resume'));
  resume.type = 'button';
  resume.dataset.action = 'resume';
  resume.dataset.game = id;
  resume.dataset.slot = slot;
  resume.setAttribute('aria-describedby', about.id);
  resume.addEventListener('click', () => onResume(item));
  card.append(picture, about, resume);
  return card;
}

/** A list of cards, one per unfinished game. */
export function unfinishedList(i18n, items, options) {
  const list = el('ul', 'unfinished-list');
  list.append(...items.map((item) => unfinishedCard(i18n, item, options)));
  return list;
}

/**
 * The question before `item` gives way: what would be lost, Resume (focused, the safe answer)
 * and Start the new game (`onReplace`). `extra` buttons follow (Cancel in a dialog).
 */
export function replaceQuestion(i18n, item, { onResume, onReplace, drawing, extra = [] }) {
  const { t } = i18n;
  const section = el('section', 'replace-question');
  section.dataset.notice = 'replace';
  const title = el('h2', '', t('replace.title'));
  title.id = 'replace-title';
  const text = el('p', '', t('replace.text'));
  const list = unfinishedList(i18n, [item], { onResume, drawing, where: 'replace' });
  const actions = el('div', 'dialog-actions');
  const start = el('button', 'plain', t('replace.start'));
  start.type = 'button';
  start.dataset.action = 'replace';
  start.addEventListener('click', onReplace);
  actions.append(start, ...extra);
  section.append(title, text, list, actions);
  return section;
}

/**
 * The screen a link gets when the game it starts would replace `item`: the question, under a
 * bar with Home. `onReplace()` goes on to the link's game.
 */
export function mountReplaceQuestion(root, ctx, item, onReplace) {
  const { i18n, go } = ctx;
  const { t } = i18n;
  const drawing = [];
  const header = el('header', 'bar replace-bar');
  const actions = el('div', 'bar-actions');
  const home = el('button', 'plain', t('action.home'));
  home.type = 'button';
  home.dataset.action = 'home';
  home.addEventListener('click', () => go('./'));
  actions.append(home);
  header.append(el('h1', '', t(item.game.name)), actions);
  const main = el('main', 'home replace-screen');
  main.append(replaceQuestion(i18n, item, { onResume: () => go(item.link), onReplace, drawing }));
  root.replaceChildren(header, main);
  main.querySelector('[data-action="resume"]').focus();
  document.title = `${t(item.game.name)} · ${t('app.title')}`;
  return {
    drawn: Promise.all(drawing),
    destroy() {
      main.replaceChildren();
    },
  };
}
