// The home screen: resume any unfinished game (each game and rule set keeps its own, and each
// online game), or choose a game (with a live picture of its board), its rules, and who plays:
// the computer, two people here, a friend on another device (online-home.js), or a class a
// teacher pairs into games (class-home.js); Play starts
// it, and asks first when it would replace an unfinished game of those rules. The last choices
// are remembered.

import { createStore } from './store.js';
import { el } from '../kit/dom.js';
import * as storage from './storage.js';
import { query } from './route.js';
import { replaced, replaceQuestion, saveSeen, unfinishedGames, unfinishedList } from './unfinished.js';
import { noticeWords } from './notices.js';
import { serverHere } from './online-api.js';
import { createOnline, onlineChoices, onlineGames, onlineNote } from './online-home.js';
import { borrowedReading, optionOf, presetOfOptions, strengthLine, strengthOf } from './strength.js';
import { sideNameKey } from './opponent.js';

/**
 * Resolves once the browser has shown a frame. A hidden page shows none, so there it waits only
 * for a moment.
 */
function afterFrame() {
  return new Promise((resolve) => {
    const next = () => setTimeout(resolve);
    if (document.hidden) setTimeout(next, 100);
    else requestAnimationFrame(next);
  });
}

/** The choices as remembered, checked against what `games` offer (storage is untrusted). */
function remembered(games, saved) {
  const ids = Object.keys(games);
  const pick = (value, allowed, fallback) => (allowed.includes(value) ? value : fallback);
  const choices = {
    game: pick(saved.game, ids, ids[0]),
    opponent: pick(saved.opponent, ['computer', 'human', 'online', 'class'], 'computer'),
    name: typeof saved.name === 'string' ? saved.name.slice(0, 24) : '',
  };
  for (const [id, game] of Object.entries(games)) {
    const mine = saved[id] && typeof saved[id] === 'object' ? saved[id] : {};
    choices[id] = {
      rules: pick(mine.rules, game.rules.map((r) => r.id), game.rules[0].id),
      level: pick(mine.level, game.levels, game.defaultLevel),
      side: pick(mine.side, game.sides, game.sides[0]),
      online: pick(mine.online, [...game.sides, 'random'], 'random'),
      options: Object.fromEntries((game.options ?? []).map((o) => [o.key, pick(mine.options?.[o.key], o.values, o.values[0])])),
    };
  }
  return choices;
}

/** A group of choice buttons (one pressed), each carrying `data-<name>="<value>"`. */
function choiceGroup(name, legend, items, chosen, onChoose) {
  const set = el('fieldset', `choices choices-${name}`);
  set.append(el('legend', '', legend));
  for (const item of items) {
    const b = el('button', 'choice');
    b.type = 'button';
    b.dataset[name] = item.value;
    b.setAttribute('aria-pressed', String(item.value === chosen));
    b.disabled = Boolean(item.disabled);
    b.append(el('span', 'choice-name', item.name));
    if (item.about) b.append(el('span', 'choice-about', item.about));
    if (item.extra) b.append(item.extra);
    b.addEventListener('click', () => onChoose(item.value));
    set.append(b);
  }
  return set;
}

/** Every unfinished game, each with Resume (its own link, so its save restores). */
function unfinished(h) {
  const { i18n, t, games, go, drawing } = h;
  const items = unfinishedGames(games);
  if (!items.length) return null;
  const section = el('section', 'resume');
  section.setAttribute('aria-labelledby', 'resume-title');
  const title = el('h2', 'resume-title', t('home.unfinished'));
  title.id = 'resume-title';
  section.append(title, unfinishedList(i18n, items, { onResume: (item) => go(item.link), drawing, where: 'home' }));
  return section;
}

function gameCards(h, state) {
  const { t, games, store, previews, drawing } = h;
  const items = Object.entries(games).map(([id, game]) => {
    const box = el('span', 'preview');
    box.setAttribute('aria-hidden', 'true');
    // The picture is of the rules chosen: another reading may draw another board.
    const rules = game.rulesText(state[id]);
    const key = `${id} ${rules ?? ''}`;
    if (!previews.has(key)) {
      const holder = el('span', 'preview-board');
      previews.set(key, holder);
      // A holder replaced before its turn (another face chosen) is not drawn.
      drawing.push(h.picture(() => previews.get(key) === holder && game.preview(holder, rules)));
    }
    box.append(previews.get(key));
    return { value: id, name: t(game.name), about: t(`${game.name}.about`), extra: box };
  });
  const set = choiceGroup('game', t('home.chooseGame'), items, state.game, (game) => store.dispatch({ game }));
  const picker = facePicker(h, state);
  if (picker) set.append(picker);
  return set;
}

/**
 * The inscribed board the chosen game's marks carry. The engine lists them; until it has,
 * the picker holds its place, empty and disabled, so nothing below it moves when it fills.
 */
function facePicker(h, state) {
  const { t, games, store, previews } = h;
  const game = games[state.game];
  if (!game.faces) return null;
  const faces = state.faces[state.game] ?? [];
  const options = el('div', 'options');
  const row = el('label', 'option');
  row.append(el('span', '', t('home.face')));
  const select = el('select');
  select.name = 'face';
  select.dataset.choice = 'face';
  select.disabled = !faces.length;
  for (const face of faces) {
    const o = el('option', '', game.faceName(face));
    o.value = face.id;
    select.append(o);
  }
  if (faces.length) select.value = (faces.find((f) => f.id === state.face) ?? faces[0]).id;
  select.addEventListener('change', () => {
    storage.saveFace(select.value);
    // The picture of the board is drawn again with the new letters.
    for (const key of previews.keys()) if (key.startsWith(`${state.game} `)) previews.delete(key);
    store.dispatch({ face: select.value });
  });
  row.append(select);
  options.append(row);
  return options;
}

function rulesChoices(h, state) {
  const { t, games, store } = h;
  const game = games[state.game];
  const mine = state[state.game];
  const set = choiceGroup('rules', t('home.chooseRules'),
    game.rules.map((r) => ({ value: r.id, name: t(r.name), about: t(`${r.name}.about`) })),
    mine.rules, (rules) => store.dispatch({ [state.game]: { ...mine, rules } }));
  const chosen = game.rules.find((r) => r.id === mine.rules);
  // Your own rules: every option; a family of presets (Kharebga's, Seega's): its board.
  const shown = chosen?.custom ? game.options
    : chosen?.sizes ? [{ ...game.options.find((o) => o.key === 'board'), values: chosen.sizes }] : [];
  if (shown.length) {
    const options = el('div', 'options');
    for (const option of shown) options.append(optionRow(h, state, option));
    if (chosen.custom) options.append(clashNote(h, state, options));
    set.append(options);
  }
  return set;
}

// The engine's answer for a rules text never changes, and the home screen is drawn again on
// every choice: each text is asked once (again only after a failure, such as an engine that
// did not load).
const clashes = new WeakMap();
function clashOf(game, text) {
  if (!clashes.has(game)) clashes.set(game, new Map());
  const answers = clashes.get(game);
  if (!answers.has(text)) answers.set(text, game.clash(text).catch((error) => {
    answers.delete(text);
    throw error;
  }));
  return answers.get(text);
}

/**
 * Under rules of one's own, whether two options chosen cannot go together, as the engine
 * says: the two selects are marked and a line names them, before Play would fall back on the
 * game's first rules.
 */
function clashNote({ t, games }, state, options) {
  const game = games[state.game];
  const note = el('p', 'options-clash');
  note.id = 'options-clash';
  note.setAttribute('role', 'status');
  note.hidden = true;
  clashOf(game, game.rulesText(state[state.game])).then((keys) => {
    note.dataset.checked = '';
    if (!keys) return;
    const label = (key) => t(game.options.find((o) => o.key === key)?.label ?? key);
    note.textContent = t('home.rulesClash', { a: label(keys[0]), b: label(keys[1]), fallback: t(game.rules[0].name) });
    note.dataset.clash = keys.join(' ');
    note.hidden = false;
    const selects = keys.map((key) => options.querySelector(`select[data-option="${key}"]`)).filter(Boolean);
    for (const select of selects) {
      select.setAttribute('aria-invalid', 'true');
      select.setAttribute('aria-describedby', note.id);
    }
    // Under the lower of the two, where the option just changed most likely is.
    [...options.querySelectorAll('select[aria-invalid]')].at(-1)?.closest('.option')?.after(note);
  }).catch(() => {});
  return note;
}

/** One option of the rules as a labelled select. */
function optionRow({ t, store }, state, option) {
  const mine = state[state.game];
  const row = el('label', 'option');
  row.append(el('span', '', t(option.label)));
  const select = el('select');
  select.name = option.key;
  select.dataset.option = option.key;
  for (const value of option.values) {
    const o = el('option', '', option.plain ? value.replace('x', ' × ') : t(`${option.label}.${value}`));
    o.value = value;
    select.append(o);
  }
  select.value = option.values.includes(mine.options[option.key]) ? mine.options[option.key] : option.values[0];
  select.addEventListener('change', () => store.dispatch({
    [state.game]: { ...mine, options: { ...mine.options, [option.key]: select.value } },
  }));
  row.append(select);
  return row;
}

/**
 * The first choice a visitor meets: the computer, two people on this device, or a friend on
 * another one (unavailable, and saying why, without the game server).
 */
function opponentChoice(h, state) {
  const { t, store } = h;
  const set = choiceGroup('opponent', t('home.chooseOpponent'), [
    { value: 'computer', name: t('home.opponent.computer') },
    { value: 'human', name: t('home.opponent.human') },
    {
      value: 'online', name: t('home.opponent.online'), disabled: state.server === false,
      about: t(state.server === false ? 'home.online.none' : 'home.online.about'),
    },
    {
      value: 'class', name: t('home.opponent.class'), disabled: state.server === false,
      about: t(state.server === false ? 'home.online.none' : 'home.class.about'),
    },
  ], state.opponent, (opponent) => store.dispatch({ opponent }));
  const note = onlineNote(h, state);
  if (note) set.append(note);
  return set;
}

/** Each side's long name in a picker under the rules chosen: a side opens only where they say so. */
function sideName(h, state) {
  const mine = state[state.game];
  const opener = mine.rules === 'custom' ? mine.options?.opener : optionOf(state.game, mine.rules, 'opener');
  return (side) => h.t(sideNameKey(side, opener));
}

/** Against the computer: its level (with how strong it is under the rules chosen) and the player's side. */
function computerChoices(h, state) {
  const { t, games, store } = h;
  const game = games[state.game];
  const mine = state[state.game];
  if (state.opponent !== 'computer') return [];
  // Rules of one's own that are a preset's are measured as it; others may borrow a network.
  const own = mine.rules === 'custom' ? mine.options : null;
  const rules = game.presetOf?.(mine) ?? presetOfOptions(state.game, own) ?? mine.rules;
  const borrowed = borrowedReading(state.game, own);
  return [
    choiceGroup('level', t('home.level'),
      game.levels.map((l) => ({
        value: l, name: t(`level.${l}`), about: t(game.levelAbout(l)), extra: strengthLine(t, strengthOf(game, rules, l, borrowed)),
      })),
      mine.level, (level) => store.dispatch({ [state.game]: { ...mine, level } })),
    choiceGroup('side', t('home.side'),
      game.sides.map((s) => ({ value: s, name: sideName(h, state)(s) })),
      mine.side, (side) => store.dispatch({ [state.game]: { ...mine, side } })),
  ];
}

/**
 * Mounts the home screen on `root`. `ctx`: {engine, i18n, games: {id: game}, go, told}, where a
 * game is {name, rules: [{id}], options, levels, levelAbout, defaultLevel, sides, preview(box),
 * rulesQuery(choice)}.
 */
export function mountHome(root, ctx) {
  const { i18n, games, go } = ctx;
  const { t } = i18n;
  // `faces`: each game's inscribed boards once the engine lists them; `face`: the one chosen
  // on this device (checked against the list when drawn). Both are kept apart from the choices.
  // `server`: whether this site has the game server (null until it has answered).
  const store = createStore({ ...remembered(games, storage.loadChoices()), faces: {}, face: storage.loadFace(), server: null });
  const previews = new Map();
  // What the screen still draws (pictures, the engine's lists); the words come first.
  const drawing = [];
  // What the parts of the screen below share.
  // The name as typed, kept out of the store so typing draws nothing again.
  const typed = {};
  const keepChoices = ({ faces, face, server, ...choices }) => storage.saveChoices({ ...choices, name: typed.name ?? choices.name });
  const h = { i18n, t, games, go, store, previews, drawing, typed, saveChoices: () => keepChoices(store.get()) };
  // The first render's board pictures draw one to a frame once the words are on screen and the
  // boards' modules are here: a few hundred SVG elements each, drawn with the words they made
  // one long task that a first tap waited on. Only the frames queue: a picture that waits for
  // the engine holds up no other. A picture asked for later (another reading chosen) draws
  // with its choice, never blank.
  let frame = Promise.all(Object.values(games).map((game) => game.loadPictures().catch(() => {})));
  let first = true;
  h.picture = (draw) => {
    if (!first) return draw();
    frame = frame.then(afterFrame);
    return frame.then(() => (h.gone ? null : draw()));
  };

  const header = el('header', 'bar home-bar');
  const h1 = el('h1', '', t('home.title'));
  h1.append(el('span', 'subtitle', t('app.tagline')));
  // The language and theme switches go here (main.js), so a long title wraps them together.
  header.append(h1, el('div', 'bar-actions'));
  const main = el('main', 'home');
  root.replaceChildren(header, main);
  // A record from a file or pasted text opens in the replay screen; a bad one is refused there,
  // saying where it goes wrong, and nothing changes. The dialog's module comes with the first
  // tap on Open a record, so a first visit does not pay for it.
  let opener = null;
  async function openRecord() {
    const { createOpenDialog, keepReplay, readRecord } = await import('./records.js');
    opener ??= createOpenDialog(root, i18n, async (text) => {
      try {
        await readRecord(ctx.engines, text);
      } catch (refused) {
        return refused;
      }
      keepReplay(text);
      setTimeout(() => go(query({ page: 'replay' })));
      return null;
    });
    opener.open();
  }


  // Play's question when its game would replace an unfinished one: Resume is focused, Escape
  // or Cancel stay here, and nothing is lost until Start the new game is chosen.
  const ask = el('dialog', 'replace-dialog');
  ask.id = 'replace';
  ask.setAttribute('aria-labelledby', 'replace-title');
  root.append(ask);
  function askFirst(item, onReplace) {
    const cancel = el('button', 'plain', t('action.cancel'));
    cancel.type = 'button';
    cancel.dataset.action = 'cancel';
    cancel.addEventListener('click', () => ask.close());
    // Its picture draws when the engine can: nothing waits for it.
    ask.replaceChildren(replaceQuestion(i18n, item, {
      onResume: () => { ask.close(); go(item.link); },
      onReplace: () => { ask.close(); onReplace(); },
      drawing: [],
      extra: [cancel],
    }));
    ask.showModal();
    ask.querySelector('[data-action="resume"]').focus();
  }


  function start(event) {
    const state = store.get();
    if (state.opponent === 'online') return createOnline(h, state, event.currentTarget);
    // A class's module is fetched when a class is opened: a first visit does not pay for it.
    if (state.opponent === 'class') {
      const button = event.currentTarget;
      return import('./class-home.js').then((m) => m.createClassFromHome(h, state, button));
    }
    const game = games[state.game];
    const mine = state[state.game];
    const rules = game.rulesText(mine);
    const vs = state.opponent === 'computer'
      ? { opponent: 'computer', level: mine.level, side: mine.side }
      : { opponent: 'human' };
    // Play always starts afresh: the game screen takes the save's place (a finished game's at
    // once, an unfinished one's once the visitor has said so), unless another tab played in it
    // since the visitor saw it (`seen`), and sets aside a save that does not read.
    const seen = saveSeen(state.game, rules);
    const fresh = () => go(query({ game: state.game, rules, ...vs }), null, { seen, fresh: true });
    const waiting = replaced(games, state.game, rules, null, true);
    if (waiting) askFirst(waiting, fresh);
    else fresh();
  }

  function render(state) {
    const parts = [];
    if (ctx.told.length) {
      const note = el('p', 'status notice');
      note.setAttribute('role', 'status');
      const words = ctx.told.map((n) => noticeWords(i18n, n));
      note.textContent = words.map((w) => w.text).join(' ');
      note.dataset.say = words.map((w) => w.key).join(' ');
      parts.push(note);
    }
    if (resume) parts.push(resume);
    if (friends) parts.push(friends);
    if (classes) parts.push(classes);
    parts.push(opponentChoice(h, state), gameCards(h, state), rulesChoices(h, state), ...computerChoices(h, state),
      ...onlineChoices(h, state, choiceGroup, sideName(h, state)));
    const game = games[state.game];
    // The Play button stays in sight at the foot of the screen, whatever is chosen above.
    const go2 = el('div', 'home-actions');
    const online = state.opponent === 'online' || state.opponent === 'class';
    const label = { online: 'home.online.create', class: 'home.class.create' }[state.opponent] ?? 'home.start';
    const play = el('button', 'primary big', t(label));
    play.type = 'button';
    play.dataset.action = 'start';
    play.disabled = online && state.server !== true;
    play.addEventListener('click', start);
    const rules = el('button', 'plain', t('home.readRules'));
    rules.type = 'button';
    rules.dataset.action = 'rules';
    rules.addEventListener('click', () => go(query({ page: 'rules', game: state.game, rules: game.rulesText(state[state.game]) })));
    const open = el('button', 'plain', t('home.openRecord'));
    open.type = 'button';
    open.dataset.action = 'open-record';
    open.setAttribute('aria-haspopup', 'dialog');
    open.addEventListener('click', openRecord);
    const said = el('p', 'online-said');
    said.setAttribute('aria-live', 'polite');
    said.hidden = !online;
    const pupil = el('button', 'plain', t('home.class.join'));
    pupil.type = 'button';
    pupil.dataset.action = 'join-class';
    pupil.hidden = state.server !== true;
    pupil.addEventListener('click', () => go('?class='));
    go2.append(said, play, rules);
    // Kept out of the sticky bar, so that on a phone it is one row over the choices.
    const more = el('div', 'home-more');
    more.append(open, pupil);
    parts.push(go2, more);
    const focused = document.activeElement?.closest?.('.choice, select[data-choice]');
    const again = focused && Object.entries(focused.dataset)[0];
    main.replaceChildren(...parts);
    if (again) main.querySelector(`${focused.matches('select') ? 'select' : '.choice'}[data-${again[0]}="${again[1]}"]`)?.focus();
  }

  // Drawn once: the choices below change, the saved games do not while this screen shows.
  const resume = unfinished(h);
  const friends = onlineGames(h);
  let classes = null;
  if (storage.holdsClasses()) {
    drawing.push(import('./class-home.js').then((m) => {
      classes = h.gone ? null : m.classGames(h);
      if (classes) render(store.get());
    }));
  }
  h.main = main;
  store.subscribe(render);
  store.subscribe(keepChoices);
  // An embedded board has no home screen; a static host or no network answers no.
  serverHere().then((server) => {
    if (h.gone) return;
    const needsServer = ['online', 'class'].includes(store.get().opponent);
    store.dispatch({ server, ...(server || !needsServer ? {} : { opponent: 'computer' }) });
  });
  for (const [id, game] of Object.entries(games)) {
    if (game.faces) {
      drawing.push(game.faces().then((list) => store.dispatch({ faces: { ...store.get().faces, [id]: list } })));
    }
  }
  render(store.get());
  first = false;
  document.title = t('app.title');

  return {
    drawn: Promise.all(drawing),
    destroy() {
      h.gone = true;
      main.replaceChildren();
    },
  };
}
