// One game screen, for every game: the frame drawn before the engine arrives, the choice of
// the game to start with, the store, saving on real changes, the computer's turns, the hint,
// the dialogs, the buttons, the command line, the keys and the teardown. A game supplies what
// is its own through a `spec` (below) and knows nothing of the rest; its functions receive the
// screen `c` and change the game only through the engine and `c.changed`.
//
// spec: {
//   GAME                        meta.js: id, sides, levels, presets (the first is the default)
//   rules: {sides, over(snap), progress(snap)}  what the pure decisions need (screen-state.js)
//   commandAbout                the catalogue key of the command line's example, said with
//                               commandExample?(c)'s arguments in the frame and once the game
//                               is set up
//   faceAttribute               the attribute on <main> for the face-to-face layout
//   layout(root, i18n)          the fixed DOM: {main, status, board, over, overTitle,
//                               overText, buttons: {hint, face, ...}}
//   furnish?(c)                 more of the frame before the engine (c.parts)
//   create(engine, {rules, seed, position})   a new game (each may be undefined; throws on
//                               what the engine refuses); restore(engine, saved) a saved one
//   rulesClash?(engine, rules)  the catalogue labels of two options that cannot go together,
//                               when that is why the engine refuses `rules`
//   setup?(c, game, told)       what the screen draws from the first game (c.parts, c.words);
//                               problems go onto `told`, the first status line's notices
//   opening?(game)              a notice of how the game's opener was chosen, while it has
//                               not begun; else null
//   state(c, snap, game)        the game's own fields of the store, for every new game
//   legal(snap)                 the legal moves by source: a Map
//   derive?(state, next)        fields that follow a new snapshot
//   checked?(merged, legal)     the selection fields still valid after a change
//   render(c, state)            board, trays, the game's own buttons
//   playing(state, acts)        whether the status says the computer is playing
//   alone                       event kinds the status line says without the situation
//   situation(c, state, {you, human})   the game's words for where it stands
//   ending(c, snap)             null, or {winner, turns, data, title?, text} once it is over
//   computerTurn(c, {current, until})   the computer's turn; its hand-over to the other side
//                               clears computerBusy, and nothing else may
//   computerIdle                fields reset when a computer turn fails
//   tapped?                     fields a refused tap resets
//   hint: {start, ask(snap, game), shown(c, answer, position)}
//   actions: {name(c, target)}  the game's own buttons' actions
//   rulesModule                 the URL of the rules page's module, used on demand only:
//                               fetched once the board is playable, not before
//   rulesPage(c, body, page), link(snap)   the rules drawn into `body` with that module
//   keyRows, shortcuts, commands(c), playText(c, text)
//   roving(c), handler(c), placeOf(element), click?(c, event, act), attach?(c) -> detach
//   online: {before(c, action, who), after?(c, action, who)}   a server's accepted action
//                               played on the mirror before it is rebuilt (online-game.js)
// }
//
// With `ctx.online` (a session on the game server) the screen plays a game the server holds:
// its moves are sent (`c.send`) and come back as states (online-game.js, which the online
// screen hands over as `ctx.onlinePlay`, so a game on this device never downloads it); nothing
// is saved here, the hint and the face-to-face layout are not offered.

import { createStore } from './store.js';
import { computerSide, opponentLink } from './opponent.js';
import { readRoute } from './route.js';
import { startingGame, sayWinner } from './game-screen.js';
import { maybeComputer } from './computer-turn.js';
import { safeguards } from './safeguards.js';
import { isFatal } from './fault.js';
import { troublePanel } from './panel.js';
import { noticeWords, joined } from './notices.js';
import { createNewGameDialog, createPageDialog } from './dialogs.js';
import { playedRules } from './strength.js';
import { attachRecordMenu, playerNames } from './record-menu.js';
import * as storage from './storage.js';
import { played as hasMoves } from './saves.js';
import {
  whoActs, computerToMove, worthSaving, keptHint, opponentOfChoice,
  newGameEvent, startState, newGameState, situationShown, litSide,
} from './screen-state.js';
import { attachInput } from '../kit/input.js';
import { importWhole } from '../kit/preload.js';
import { refuse } from '../kit/animate.js';
import { attachRoving, attachShortcuts } from '../kit/keyboard.js';
import { createCommandLine, createKeysDialog, commandWords } from '../kit/command.js';
import { el } from '../kit/dom.js';
import { rulesName } from './games.js';

export const BUDGET = 300; // ms the strongest player may search for a move in the page

const camel = (action) => action.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());

/**
 * Mounts the game of `spec` on `root`. `ctx`: {ready(game) (gives its wasm module), i18n, route,
 * worker, go(query), current() (whether this mount is still the page's latest), ...}. Resolves
 * to {destroy} once the engine has arrived and the game is drawn.
 */
export async function mountGame(root, ctx, spec) {
  // A screen overtaken while its module or engine loaded (the back button, a quick tap) leaves
  // the page, and the save, to the screen that overtook it: it would have written a new game
  // over the one that screen restores.
  const overtaken = () => !ctx.current();
  const left = { destroy() {} };
  if (overtaken()) return left;
  const c = frame(root, ctx, spec);
  // Until the engine is here nothing can be played: the buttons wait, and so do the header's
  // Rules, Record and New game, which need the game (Home, the language and the theme do not).
  const header = root.querySelectorAll('header button:is([data-action="rules"], [data-action="records"], [data-action="new"])');
  const waiting = [...Object.values(c.dom.buttons), ...header];
  for (const b of waiting) b.disabled = true;
  // Home leads home before the engine has come: a slow network is no dead end. Once, and only
  // while this screen has the page (`root` is every screen's).
  const homeWhileLoading = (event) => {
    if (overtaken() || !event.target.closest('[data-action="home"]')) return;
    root.removeEventListener('click', homeWhileLoading);
    ctx.go('./');
  };
  root.addEventListener('click', homeWhileLoading);
  let unfetched = false;
  try {
    c.engine = await ctx.ready(c.GAME.id);
  } catch (error) {
    // A trap brings up the error view (main.js), a download that failed says so below; for a
    // screen already left, either is the next visit's to meet.
    if (isFatal(error) && !overtaken()) throw error;
    unfetched = true;
  } finally {
    root.removeEventListener('click', homeWhileLoading);
  }
  if (overtaken()) {
    c.commandLine.destroy();
    return left;
  }
  if (unfetched) return engineUnfetched(c);
  for (const b of waiting) b.disabled = false;
  begin(c);
  attachDialogs(c);
  attachCommands(c);
  const detachEvents = attachEvents(c);
  const detachOnline = ctx.online ? ctx.onlinePlay.attachOnline(c) : null;
  const detach = () => { detachEvents(); detachOnline?.(); };
  c.store.subscribe((state) => render(c, state));
  c.store.subscribe((state, previous) => save(c, state, previous));
  c.store.subscribe((state) => maybeComputer(c, state));
  if (c.get().opponent.kind === 'computer') ctx.worker.warmUp(c.GAME.id);
  render(c, c.get());
  save(c, c.get(), null);
  maybeComputer(c, c.get());
  // Once the first tap could be taken, not in its way, and only online: a browser may remember
  // a failed import for the page's life, and the dialog's own asking says why it failed.
  const idle = window.requestIdleCallback ?? ((run) => setTimeout(run, 200));
  idle(() => {
    if (navigator.onLine === false) return;
    importWhole(spec.rulesModule).catch(() => {});
    c.i18n.pages().catch(() => {});
  });
  return { destroy: () => teardown(c, detach), kept: () => c.kept() };
}

/**
 * The engine did not arrive (the network; offline before the offline copy was whole): the
 * screen says so and offers to try again, or to go home. Trying again draws the screen again
 * in the page, which keeps what the page holds in memory (a game not saved here, the
 * language); a second try reloads, as a browser may remember a failed import for the page's
 * life. No game has started here, so the save is as it was.
 */
function engineUnfetched(c) {
  const { t } = c;
  troublePanel(c.root, c.i18n, {
    notice: 'engine-unfetched',
    title: t('fault.title'),
    text: t('notice.engineUnfetched'),
    record: () => '',
    actions: [
      { action: 'try-again', text: t('action.tryAgain'), run: () => (c.ctx.tries ? location.reload() : c.ctx.again()) },
      { action: 'home', text: t('action.home'), run: () => c.ctx.go('./') },
    ],
  });
  return { destroy: () => c.commandLine.destroy() };
}

/**
 * The screen's frame and words, drawn before the engine arrives, so a slow network shows the
 * game at once and only the board waits. Returns the screen `c` the rest fills in.
 */
function frame(root, ctx, spec) {
  const { i18n } = ctx;
  const { t } = i18n;
  const dom = spec.layout(root, i18n);
  dom.status.textContent = t('app.loading');
  dom.status.dataset.say = 'app.loading';
  const c = {
    root, ctx, spec, dom, i18n, t,
    GAME: spec.GAME,
    route: ctx.route,
    worker: ctx.worker,
    life: { destroyed: false },
    parts: {},
  };
  c.commandLine = createCommandLine(dom.main, i18n, {
    run: (text) => command(c, text), onKeys: () => c.keys.open(),
  });
  spec.furnish?.(c);
  ctx.furnish();
  // Said with the frame, so nothing below moves when the engine comes; again once it has.
  explainCommands(c);
  return c;
}

/** The command line's example, for the board on show. */
function explainCommands(c) {
  c.commandLine.explain(c.t(c.spec.commandAbout, c.spec.commandExample?.(c) ?? {}));
}

/** The heading names the rules played beside the game's name, unless they are its first preset's. */
function nameRules(c, snap) {
  const rules = snap.preset ?? snap.rules;
  if (rules === c.GAME.presets[0]) return;
  const name = el('span', 'reading', rulesName(c.i18n, c.ctx.games, c.GAME.id, rules));
  name.dataset.rules = rules;
  c.root.querySelector('header h1').append(' · ', name);
}

/** Chooses the game (a save, the link's, a handed-over one), then builds the store around it. */
function begin(c) {
  const { ctx, spec, engine, t } = c;
  const told = [...ctx.told];
  const start = ctx.online ? ctx.onlinePlay.onlineStart(c) : startingGame(c.GAME, c.route, told, {
    restore: (saved) => spec.restore(engine, saved),
    fromLink: () => fromLink(c, told),
    handoff: ctx.handoff,
    seen: ctx.seen,
    fresh: ctx.fresh,
    redrawn: ctx.redrawn,
    same: ctx.same,
  });
  spec.setup?.(c, start.game, told);
  nameRules(c, start.game.snapshot());
  explainCommands(c);
  const opening = spec.opening?.(start.game);
  if (opening) told.push(opening);
  const snap = start.game.snapshot();
  // A game restored already over was announced when it ended.
  if (spec.rules.over(snap)) c.announced = 0;
  c.store = createStore({
    ...startState({ game: start.game, snap, opponent: start.opponent, told, face: storage.loadSetting('face'), begun: start.begun }),
    ...spec.state(c, snap, start.game),
    online: ctx.online ? ctx.onlinePlay.onlineFields(ctx.online.state, true) : null,
  });
  c.get = c.store.get;
  c.snap = () => c.get().snap;
  c.safe = safeguards(c.root, ctx, c.GAME, {
    opponent: () => c.get().opponent,
    say: (notice) => queueMicrotask(() => c.store.dispatch({ event: { kind: 'notice', notice } })),
    stop: () => { c.life.destroyed = true; },
    saving: start.saving,
    begun: () => c.get().begun,
  });
  c.kept = c.safe.kept;
  c.game = () => c.safe.guard(c.get().game);
  c.computer = () => computerSide(c.get().opponent, spec.rules.sides);
  const vs = () => c.get().opponent;
  // Online, the other player's name takes the place of the computer's.
  c.levelName = () => (vs().kind === 'online'
    ? ctx.onlinePlay.nameOf(c, spec.rules.sides.find((side) => side !== vs().human))
    : t(`level.${vs().level}`));
  c.nameOf = (side) => ctx.onlinePlay?.nameOf(c, side) ?? t(`side.${side}`);
  c.personOf = (side) => ctx.onlinePlay?.personOf(c, side) ?? t(`side.${side}`);
  c.computerLabel = () => t('computer.name', { level: c.levelName(), side: t(`side.${c.computer()}`) });
  c.acts = (state = c.get()) => whoActs(state, spec.rules);
  c.lit = (state = c.get()) => litSide(state, spec.rules);
  c.computerToMove = () => computerToMove(c.get(), spec.rules);
  /** Why a tap plays nothing now that the move is not the person's here, or null. */
  c.notNow = () => (c.computerToMove() ? { code: 'computer-turn', args: { who: c.computerLabel() } } : (ctx.onlinePlay?.notMine(c) ?? null));
  c.send = (action, change) => ctx.onlinePlay.send(c, action, change);
  /** The legal moves by source while a human has the move (none during the computer's turn). */
  c.sources = (state) => (c.acts(state) === 'human' ? spec.legal(state.snap) : new Map());
  c.dialogOpen = () => Boolean(c.root.querySelector('dialog[open]'));
  c.say = (key, args = {}) => c.store.dispatch({ event: { kind: 'say', key, args } });
  c.changed = (event, extra) => changed(c, event, extra);
  c.dispatchChecked = (change) => dispatchChecked(c, change);
  c.press = (action) => press(c, action);
  c.refused = (place, refusal) => refused(c, place, refusal);
  c.render = () => render(c, c.get());
  c.roving = attachRoving(c.dom.main, spec.roving(c));
}

/**
 * The game the link asks for: its rules, seed and position, each checked by the engine; what
 * it refuses is said (pushed onto `told`) and left out.
 */
function fromLink({ engine, route, spec, GAME }, told) {
  const make = (link) => spec.create(engine, link);
  let rules = route.rules ?? undefined;
  if (rules !== undefined) {
    try {
      make({ rules }).free();
    } catch {
      const fallback = `rules.${GAME.id}.${GAME.presets[0]}`;
      const clash = spec.rulesClash?.(engine, rules);
      told.push(clash
        ? { notice: 'rulesClash', keys: { a: clash[0], b: clash[1], fallback } }
        : { notice: 'unknownRules', args: { value: rules }, keys: { fallback } });
      rules = undefined;
    }
  }
  let seed = route.seed ?? undefined;
  if (seed !== undefined) {
    try {
      make({ rules, seed }).free();
    } catch (error) {
      told.push({ notice: 'badSeed', args: { why: error.message } });
      seed = undefined;
    }
  }
  if (route.position) {
    try {
      return make({ rules, seed, position: route.position });
    } catch (error) {
      told.push({ notice: 'badPosition', args: { why: error.message } });
    }
  }
  return make({ rules, seed });
}

/**
 * Sets the game's new snapshot (after the engine changed it), with what happened (`event`;
 * undefined keeps the last one) and any other fields.
 */
function changed(c, event, extra = {}) {
  const next = c.game().snapshot();
  const state = c.get();
  dispatchChecked(c, {
    snap: next,
    hint: keptHint(state.hint, next),
    ...c.spec.derive?.(state, next),
    ...(event !== undefined ? { event } : {}),
    ...extra,
  });
}

/** Dispatches, dropping a selection that is no longer a legal source. */
function dispatchChecked(c, change) {
  const merged = { ...c.get(), ...change };
  const legal = c.sources(merged);
  const kept = c.spec.checked
    ? c.spec.checked(merged, legal)
    : { selected: legal.has(merged.selected) ? merged.selected : null };
  c.store.dispatch({ ...change, ...kept });
}

/**
 * Answers a tap that plays nothing: the place shakes and the status says why (`refusal`, the
 * engine's {code, args}); what the game keeps for a tap (`spec.tapped`, e.g. an open question)
 * goes.
 */
function refused(c, place, refusal) {
  refuse(place?.element);
  c.store.dispatch({ ...c.spec.tapped, event: { kind: 'refuse', side: c.snap().turn, refusal } });
}

/** Puts `next` in place of the game on show, against `vs`: a new epoch stops the old one's work. */
function replace(c, next, vs) {
  c.game().free();
  const snap = c.safe.guard(next).snapshot();
  follow(c, vs);
  const opening = c.spec.opening?.(next);
  const event = opening ? { kind: 'notices', list: [newGameEvent(vs), opening] } : newGameEvent(vs);
  c.store.dispatch({
    ...newGameState(c.get(), { game: next, snap, opponent: vs, event }),
    ...c.spec.state(c, snap, next),
  });
}

/**
 * The address follows the new game's opponent, so a link shared asks for who plays it now;
 * the save goes with that address from its first write, so a reload finds the game (a save
 * restores only from the link it was made under). An embed's address is its host's to choose.
 */
function follow(c, vs) {
  if (document.documentElement.hasAttribute('data-embed')) return;
  const params = new URLSearchParams(location.search);
  for (const name of ['opponent', 'level', 'side']) params.delete(name);
  for (const [name, value] of Object.entries(opponentLink(vs))) params.set(name, value);
  history.replaceState(history.state, '', `?${params}`);
  c.ctx.route.origin = readRoute(location.search).origin;
}

// --- Drawing ---
function render(c, state) {
  const { dom, spec } = c;
  const { snap: s, opponent: who } = state;
  // A button pressed from the keyboard that this change disables or hides (Throw, Confirm)
  // would drop the focus to the page, a dozen Tabs from the board: it goes to the board instead.
  // A tap leaves the focus alone, so the page never scrolls under a thumb.
  const focused = document.activeElement;
  const pressed = dom.main.contains(focused) && focused.matches('button:focus-visible') ? focused : null;
  spec.render(c, state);
  const online = who.kind === 'online';
  if (online) c.ctx.onlinePlay.renderOnline(c, state);
  dom.buttons.hint.hidden = online;
  dom.buttons.hint.setAttribute('aria-pressed', String(Boolean(state.hint)));
  dom.buttons.hint.setAttribute('aria-busy', String(state.hintPending));
  dom.buttons.face.hidden = who.kind !== 'human';
  dom.buttons.face.setAttribute('aria-pressed', String(state.face));
  dom.main.toggleAttribute(spec.faceAttribute, state.face && who.kind === 'human');
  dom.main.dataset.turn = s.turn;
  const body = document.body;
  body.dataset.turn = s.turn;
  body.toggleAttribute('data-thinking', state.thinking);
  body.dataset.opponent = who.kind;
  if (who.kind === 'computer') body.dataset.level = who.level;
  else delete body.dataset.level;
  const message = statusWords(c, state);
  // Written only when it changes, so a screen reader announces each thing once.
  if (dom.status.textContent !== message.text) dom.status.textContent = message.text;
  dom.status.dataset.say = message.key;
  renderGameOver(c, state);
  c.roving.refresh();
  if (pressed && (pressed.disabled || pressed.hidden || !pressed.isConnected) && dom.over.hidden) c.roving.focus();
}

/**
 * The status line: what happened, then where the game stands. Each thing is said once: an
 * event that stands alone says nothing more; during the computer's turn, only what it does.
 */
function statusWords(c, state) {
  const { t, spec } = c;
  const who = state.opponent;
  const you = who.human ?? null;
  const acts = c.acts(state);
  const shown = situationShown(state, { playing: spec.playing(state, acts), alone: spec.alone });
  let situation = null;
  if (shown === 'thinking') situation = { key: 'situation.thinking', text: t('situation.thinking', { who: c.computerLabel() }) };
  else if (shown === 'playing') situation = { key: 'situation.playing', text: t('situation.playing', { who: c.computerLabel() }) };
  else if (shown === 'situation') {
    situation = (who.kind === 'online' && c.ctx.onlinePlay.onlineSituation(c, state, acts)) || spec.situation(c, state, { you, human: acts === 'human' });
  }
  return joined([eventWords(c, state.event, you), situation]);
}

function eventWords(c, event, you) {
  const { i18n, GAME } = c;
  if (event?.kind === 'notices') return joined(event.list.map((n) => noticeWords(i18n, n)));
  if (event?.kind === 'notice') return noticeWords(i18n, event);
  if (event?.kind === 'say') return { key: event.key, text: i18n.t(event.key, event.args) };
  return c.words.event(event, you);
}

/** The game-over panel, and the `ludi:gameover` event the first time it opens. */
function renderGameOver(c, state) {
  const { dom, t } = c;
  const s = state.snap;
  const end = c.spec.ending(c, s) ?? c.ctx.onlinePlay?.onlineEnding(c, state) ?? null;
  if (end && c.announced !== state.epoch) {
    c.announced = state.epoch;
    const detail = { winner: end.winner, rules: c.route.rules ?? c.GAME.presets[0], turns: end.turns };
    document.dispatchEvent(new CustomEvent('ludi:gameover', { detail }));
  }
  // The panel covers the board: the focus goes to Play again (online, New game) rather than
  // stay hidden under it. See the board sets it aside for this game.
  const opening = dom.over.hidden && Boolean(end) && !state.boardShown;
  dom.over.hidden = !end || state.boardShown;
  if (opening) (dom.over.querySelector('[data-action="again"]:not([hidden])') ?? dom.over.querySelector('[data-action="new"]'))?.focus();
  if (!end) {
    for (const key of Object.keys(dom.over.dataset)) delete dom.over.dataset[key];
    return;
  }
  dom.over.dataset.winner = end.winner;
  Object.assign(dom.over.dataset, end.data);
  if (end.title) {
    dom.overTitle.textContent = t(end.title);
    dom.overTitle.dataset.say = end.title;
  } else {
    sayWinner(dom.overTitle, t, end.winner, c.get().opponent);
  }
  dom.overText.textContent = end.text;
}

// --- Saving: on real changes only (a move, a throw, a new game or opponent) ---
function save(c, state, previous) {
  if (worthSaving(state, previous, c.spec.rules)) c.safe.save(state.game, c.spec.rules.over(state.snap));
}

/** Asks the strongest player for the move here and draws it; asking again hides it. */
async function showHint(c) {
  const { spec, store } = c;
  if (c.get().hint) return store.dispatch({ hint: null, event: null });
  const mine = c.get().epoch;
  const position = c.snap().position;
  store.dispatch({ hintPending: true, ...spec.hint.start });
  let change;
  try {
    const answer = await c.worker.ask({ game: c.GAME.id, kind: 'hint', position, ...spec.hint.ask(c.snap(), c.game()), budget: BUDGET });
    if (mine === c.get().epoch && c.snap().position === position) change = spec.hint.shown(c, answer, position);
  } catch (error) {
    change = { event: { kind: 'notice', notice: 'hintFailed', args: { why: error.message } } };
  }
  if (mine === c.get().epoch && !c.life.destroyed) store.dispatch({ hintPending: false, ...change });
}

// --- Dialogs and actions ---
/** The rules played, as the engine names them, and the network they borrow if they are one's own. */
function played(c) {
  const snap = c.snap();
  return playedRules(c.GAME.id, snap.preset ?? snap.rules);
}

function attachDialogs(c) {
  const { root, ctx, i18n, GAME, spec } = c;
  c.newGame = createNewGameDialog(root, i18n, GAME, (choice) => {
    const vs = opponentOfChoice(choice);
    if (vs.kind === 'computer') c.worker.warmUp(c.GAME.id);
    replace(c, spec.create(c.engine, { rules: c.snap().rules }), vs);
  }, played(c));
  c.rules = createPageDialog(root, i18n, 'rules', async (body) => {
    const [page] = await Promise.all([importWhole(spec.rulesModule), i18n.pages()]).catch((error) => {
      // A module that did not arrive, which a reload mends, unlike a page that failed to draw.
      throw Object.assign(new Error(error.message), { unfetched: true });
    });
    await spec.rulesPage(c, body, page);
  });
  c.keys = createKeysDialog(root, i18n, spec.keyRows);
  c.records = attachRecordMenu(root, ctx, {
    game: GAME.id,
    record: (date) => c.game().record(...playerNames(i18n, c.get().opponent, GAME.sides), date),
    link: () => spec.link(c.snap()),
    say: (key, args) => c.say(key, args),
  });
  // A dialog closing lets a paused computer carry on.
  for (const dialog of root.querySelectorAll('dialog')) {
    dialog.addEventListener('close', () => maybeComputer(c, c.get()));
  }
}

/** What every game's buttons and the game-over panel do alike. */
const COMMON = {
  face(c) {
    storage.saveSetting('face', !c.get().face);
    c.store.dispatch({ face: !c.get().face });
  },
  again: (c) => replace(c, c.game().nextGame(), c.get().opponent),
  hint: (c) => showHint(c),
  new: (c) => c.newGame.open({
    ...c.get().opponent,
    defaultLevel: c.GAME.defaultLevel,
    unfinished: !c.spec.rules.over(c.snap()) && hasMoves({ saved: c.game().save() }),
  }),
  // A reload brings the rules a browser failed to import; it keeps the game only where the
  // game is kept. An engine's trap goes on to the page's unhandled rejections, which fail the
  // screen.
  rules: (c) => c.rules.open().catch((error) => {
    if (isFatal(error)) throw error;
    if (c.life.destroyed) return;
    if (error.unfetched) c.say(c.kept() ? 'notice.rulesFailed' : 'notice.rulesFailedUnsaved');
    else c.say('notice.failed', { why: error.message });
  }),
  home: (c) => c.ctx.go('./'),
  'see-board'(c) {
    c.store.dispatch({ boardShown: true });
    c.roving.focus();
  },
};

function act(c, action, target) {
  try {
    const online = c.get().opponent.kind === 'online' ? c.ctx.onlinePlay.ONLINE_ACTIONS[action] : null;
    if (!online && c.records.act(action)) return;
    const run = online ?? c.spec.actions[action] ?? COMMON[action];
    run?.(c, target);
  } catch (error) {
    c.store.dispatch({ event: { kind: 'notice', notice: 'failed', args: { why: error.message } } });
  }
}

/** Runs an action as its button would, or says why it cannot be done now. */
function press(c, action) {
  // A trouble panel (the game taken over by another tab, an engine failure) covers the board:
  // no key plays behind it.
  if (c.root.querySelector('.trouble')) return true;
  const b = c.dom.buttons[camel(action)];
  if (b && !b.disabled && !b.hidden) act(c, action);
  else c.say('a11y.cannot', { action: c.t(`action.${camel(action)}`) });
  return true;
}

// --- Without a mouse: keys for the actions, and a command line for moves and questions ---
function attachCommands(c) {
  const { spec, t } = c;
  c.asked = spec.commands(c);
  c.spoken = commandWords(c.i18n, Object.keys(c.asked));
  const shortcut = (key) => t(key).toLowerCase();
  c.detachKeys = attachShortcuts({
    ...Object.fromEntries(spec.shortcuts.map((action) => [shortcut(`a11y.key.${action}`), () => press(c, action)])),
    [t('a11y.key.help')]: () => c.keys.open(),
  });
}

/** A command typed on the command line: a word of the game's, or a move for the engine. */
function command(c, text) {
  const word = c.spoken.get(text.toLowerCase());
  if (word) {
    c.asked[word]();
    return true;
  }
  const wait = c.notNow();
  if (wait) {
    c.say(`refuse.${wait.code}`, wait.args);
    return false;
  }
  return c.spec.playText(c, text);
}

/** The board's input, the buttons' clicks and the game's own listeners; returns their detach. */
function attachEvents(c) {
  const { root, dom, spec } = c;
  const detachInput = attachInput(dom.main, spec.handler(c), spec.placeOf);
  const run = (action, target) => act(c, action, target);
  const onClick = (event) => {
    if (spec.click) return spec.click(c, event, run);
    const target = event.target.closest('[data-action]');
    if (target && !target.disabled && root.contains(target)) run(target.dataset.action, target);
  };
  root.addEventListener('click', onClick);
  const detachOwn = spec.attach?.(c);
  return () => {
    detachInput();
    root.removeEventListener('click', onClick);
    detachOwn?.();
  };
}

function teardown(c, detach) {
  c.life.destroyed = true;
  // An online game is the server's to keep (and its route names no rule set, whose copy it
  // would otherwise forget).
  if (!c.ctx.online) c.safe.keepUnsaved(c.get().game, c.spec.rules.over(c.snap()));
  c.safe.destroy();
  detach();
  c.detachKeys();
  c.roving.destroy();
  c.commandLine.destroy();
  c.game().free();
  for (const key of ['turn', 'opponent', 'level', 'phase']) delete document.body.dataset[key];
  document.body.removeAttribute('data-thinking');
}
