// The replay screen (`?page=replay`): the record kept by records.js, shown turn by turn on the
// game's own board. Step with the buttons, the arrow keys or the list of turns; "Take over from
// here" starts a game at the turn on show. For XII Scripta the computer's worker judges every
// turn with the hard player, one at a time so the page never waits, and the list marks the turns
// where a lot was lost.
//
// Contract for tests: the root (#replay) carries data-replay-turn (0 = the start) and
// data-position (the engine's XSN or LFEN there); each list entry carries data-turn and, once
// judged, data-before and data-after (the mover's chances, 0 to 1), data-costly and data-better.

import { createStore } from './store.js';
import { query } from './route.js';
import { joined } from './notices.js';
import { createNewGameDialog } from './dialogs.js';
import { statusLine } from './game-screen.js';
import { keepReplay, keptReplay, readRecord } from './records.js';
import { loadChoices } from './storage.js';
import { playedRules } from './strength.js';
import { mountHome } from './home.js';
import { attachShortcuts } from '../kit/keyboard.js';
import { scriptaReplay } from '../games/scripta/replay.js';
import { latrunculiReplay } from '../games/latrunculi/replay.js';
import { button, div, el } from '../kit/dom.js';

const ADAPTERS = { scripta: scriptaReplay, latrunculi: latrunculiReplay };

const percent = (chance) => Math.round(chance * 100);

/** The record kept for replaying, read by its game's engine: {game, engine, view, text}, or null. */
async function kept(engines) {
  const stored = keptReplay();
  if (!stored) return null;
  try {
    const { game, engine, view } = await readRecord(engines, stored.text);
    return { game, engine, view, text: view.record, turn: Math.min(stored.turn, view.turns.length) };
  } catch {
    return null;
  }
}


/** The hard player's chances before and after a turn as a bar: the best, and what was played. */
function chanceBar(verdict, className) {
  const bar = el('span', className);
  bar.setAttribute('aria-hidden', 'true');
  const best = el('span', 'chance-best');
  best.style.width = `${percent(verdict.best)}%`;
  const played = el('span', 'chance-played');
  played.style.width = `${percent(verdict.played)}%`;
  bar.append(best, played);
  return bar;
}

/** Puts a verdict on its entry `b`: numbers for tests, a small bar and words for people. */
function markVerdict(t, b, verdict) {
  b.dataset.before = verdict.best.toFixed(3);
  b.dataset.after = verdict.played.toFixed(3);
  b.toggleAttribute('data-costly', verdict.costly);
  if (verdict.better) b.dataset.better = verdict.better.text;
  else delete b.dataset.better;
  const chance = b.querySelector('.turn-chance');
  const words = el('span', 'chance-words', t('replay.chances', { before: percent(verdict.best), after: percent(verdict.played) }));
  chance.replaceChildren(chanceBar(verdict, 'chance-bar'), words);
  if (verdict.costly) chance.append(el('span', 'costly-mark', t('replay.costly.mark')));
  b.setAttribute('aria-label', [b.textContent, verdict.costly ? t('replay.costly') : ''].filter(Boolean).join('. '));
}

/** The opinion of the turn on show, under the controls. */
function renderOpinion({ t, opinion, adapter, turns }, state, k, verdict) {
  const parts = [];
  const { judging } = state;
  if (k === 0) {
    parts.push(el('p', '', t('replay.opinion.start', { level: t('level.hard') })));
  } else if (verdict) {
    const side = t(`side.${adapter.mover(turns[k - 1])}`);
    const line = el('p', 'opinion-chances', t('replay.opinion.chances', {
      level: t('level.hard'), side, before: percent(verdict.best), after: percent(verdict.played),
    }));
    parts.push(chanceBar(verdict, 'chance-bar big'), line);
    if (verdict.costly) parts.push(el('p', 'opinion-costly', t('replay.costly')));
    if (verdict.better) {
      parts.push(el('p', 'opinion-better', t('replay.better', { steps: adapter.steps(verdict.better.steps), notation: verdict.better.text })));
      const show = button('show-better', t(state.better ? 'replay.better.hide' : 'replay.better.show'), 'plain');
      show.setAttribute('aria-pressed', String(state.better));
      parts.push(show);
    } else {
      parts.push(el('p', 'opinion-best', t('replay.opinion.best')));
    }
  } else if (judging.failed) {
    parts.push(el('p', '', t('replay.opinion.failed', { why: judging.failed })));
  } else {
    parts.push(el('p', '', t('replay.opinion.pending', { level: t('level.hard'), done: judging.done, count: turns.length })));
  }
  opinion.replaceChildren(...parts);
  opinion.dataset.judged = String(judging.done);
}

/** Scrolls the list (never the page) so the entry `b` shows. */
function keepInView(list, b) {
  const item = b.parentElement;
  const top = item.offsetTop;
  if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = Math.max(0, top - list.clientHeight / 2);
  }
}

/** The list's entries, one a turn after the start's; a click on one shows it (`show(k)`). */
function turnEntries({ t, adapter, turns }, list, judged, show) {
  return Array.from({ length: turns.length + 1 }, (_, k) => {
    const item = el('li');
    const b = el('button', 'replay-turn');
    b.type = 'button';
    b.dataset.turn = String(k);
    if (k === 0) {
      b.append(el('span', 'turn-number', ''), el('span', 'turn-text', t('replay.startEntry')));
    } else {
      const turn = turns[k - 1];
      const side = adapter.mover(turn);
      b.dataset.side = side;
      b.append(el('span', 'turn-number', String(k)),
        el('span', `turn-side turn-side-${side}`, t(`side.${side}`)),
        el('span', 'turn-text', adapter.notation(turn)));
      if (judged) b.append(el('span', 'turn-chance'));
    }
    b.addEventListener('click', () => show(k));
    item.append(b);
    list.append(item);
    return b;
  });
}

/** The screen's fixed layout for `record`; `judged` adds the computer's opinion. */
function layout(root, t, record, judged) {
  const bar = el('header', 'bar');
  const title = el('h1', '', t('replay.title'));
  const actions = div('bar-actions');
  actions.append(button('home', t('action.home'), 'plain'));
  bar.append(title, actions);
  const main = el('main', `replay replay-${record.game}`);
  main.id = 'replay';
  main.dataset.game = record.game;
  const about = el('p', 'replay-about');
  const status = statusLine();
  const stage = div('replay-board');
  const nav = div('replay-nav');
  const navButtons = Object.fromEntries(['first', 'back', 'next', 'last'].map((step) => {
    const b = button(`replay-${step}`, t(`replay.${step}`), 'plain');
    b.setAttribute('aria-label', t(`replay.${step}.label`));
    b.title = t(`replay.${step}.label`);
    return [step, b];
  }));
  const takeOver = button('take-over', t('replay.takeOver'), 'primary');
  takeOver.setAttribute('aria-haspopup', 'dialog');
  nav.append(navButtons.first, navButtons.back, navButtons.next, navButtons.last);
  const opinion = judged ? el('section', 'replay-opinion') : null;
  const list = el('ol', 'replay-turns');
  list.setAttribute('aria-label', t('replay.list'));
  const listBox = el('section', 'replay-list');
  listBox.append(el('h2', '', t(judged ? 'replay.list.judged' : 'replay.list', { level: t('level.hard') })));
  if (judged) listBox.append(el('p', 'replay-legend', t('replay.legend', { level: t('level.hard') })));
  listBox.append(list);
  main.append(about, status, stage, nav, takeOver, ...(opinion ? [opinion] : []), listBox);
  root.replaceChildren(bar, main);
  return { main, about, status, stage, navButtons, takeOver, opinion, list };
}

/**
 * The take-over dialog: a game from the record at the turn on show (`turn()`), against the
 * opponent chosen, starts on the game screen. Returns what opens it, offering the home
 * screen's last choices.
 */
function takeOverAt(root, { i18n, go }, { record, game, adapter, header, status }, turn) {
  const { t } = i18n;
  const choices = loadChoices();
  const dialog = createNewGameDialog(root, i18n, game, (choice) => {
    const k = turn();
    let taken;
    try {
      taken = adapter.fromRecord(record.text, k);
    } catch (error) {
      status.textContent = t('notice.failed', { why: error.message });
      status.dataset.say = 'notice.failed';
      return;
    }
    const vs = choice.opponent === 'computer'
      ? { opponent: 'computer', level: choice.level, side: choice.side }
      : { opponent: 'human' };
    go(query({ ...adapter.link(header), ...vs }), { game: taken, turn: k });
  }, { id: 'take-over', title: t('replay.takeOver'), ...playedRules(record.game, adapter.link(header).rules ?? game.rules[0].id) });

  return () => {
    const mine = choices[record.game] ?? {};
    const computer = choices.opponent !== 'human';
    dialog.open({
      kind: computer ? 'computer' : 'human',
      level: game.levels.includes(mine.level) ? mine.level : game.defaultLevel,
      human: game.sides.includes(mine.side) ? mine.side : game.sides[0],
      defaultLevel: game.defaultLevel,
    });
  };
}

export async function mountReplay(root, ctx) {
  const { i18n, games, worker, go } = ctx;
  const { t } = i18n;
  const record = await kept(ctx.engines);
  if (!record) {
    // Nothing to replay (never opened, or cleared): the home screen says so.
    history.replaceState(null, '', './');
    ctx.told.push({ notice: 'noRecord' });
    return mountHome(root, ctx);
  }
  const game = games[record.game];
  const { engine } = record;
  const adapter = ADAPTERS[record.game](engine, i18n);
  const { header, start, turns } = record.view;
  const last = turns.length;
  // The position after k turns, and what the board draws there (the engine's snapshot, kept).
  const positions = [start, ...turns.map((turn) => turn.after)];
  const frames = new Map();
  const frameAt = (position) => {
    if (!frames.has(position)) frames.set(position, adapter.frame(position, header));
    return frames.get(position);
  };

  // Whether the computer gives its opinion of each turn of this record (a game may say per record).
  const judged = typeof adapter.judged === 'function' ? adapter.judged(header) : adapter.judged;
  const { main, about, status, stage, navButtons, takeOver, opinion, list } = layout(root, t, record, judged);
  document.title = `${t('replay.title')} · ${t(game.name)} · ${t('app.title')}`;

  // The record's header in one line: the game, who played, when, and how it ended.
  const players = adapter.sides.map((side) => t('replay.player', { side: t(`side.${side}`), name: header[side] ?? t('replay.unnamed') }));
  const winner = adapter.winner(header);
  const ending = winner === 'draw' ? t('replay.draw') : winner ? t('replay.won', { side: t(`side.${winner}`) }) : t('replay.unfinished');
  about.textContent = [t(game.name), ...players, header.date, ending].filter(Boolean).join(' · ');

  const board = adapter.mount(stage, header, frameAt(start));
  const store = createStore({
    turn: record.turn,
    verdicts: [], // per turn (index k - 1): the hard player's verdict, once judged
    judging: judged ? { done: 0, failed: null } : null,
    better: false, // showing the better turn on the board instead of the turn played
  });
  const get = store.get;

  const view = { t, opinion, adapter, turns };
  // The list of turns: built once, then marked.
  const entries = turnEntries(view, list, judged, (k) => show(k));


  // --- Drawing ---
  function render(state, previous) {
    const k = state.turn;
    // A verdict arriving changes only the opinion: the board and the list stay as drawn, so
    // stepping never waits behind the worker's answers.
    if (previous && state.turn === previous.turn && state.better === previous.better) {
      if (opinion) renderOpinion(view, state, k, k > 0 ? state.verdicts[k - 1] : null);
      return;
    }
    const frame = frameAt(positions[k]);
    const turn = k > 0 ? turns[k - 1] : null;
    const verdict = k > 0 ? state.verdicts[k - 1] : null;
    const showBetter = Boolean(state.better && verdict?.better);
    main.dataset.replayTurn = String(k);
    main.dataset.position = positions[k];
    main.toggleAttribute('data-better', showBetter);
    board.draw(showBetter
      ? { frame: frameAt(turn.before), turn, hint: verdict.better.steps }
      : { frame, turn, hint: null });

    let message;
    if (!turn) {
      message = { key: 'replay.start', text: t('replay.start', { side: t(`side.${frame.turn}`) }) };
    } else {
      const counted = { key: adapter.counted, text: t(adapter.counted, { turn: k, count: last }) };
      message = showBetter
        ? joined([counted, { key: 'replay.better.shown', text: t('replay.better.shown', { steps: adapter.steps(verdict.better.steps) }) }])
        : joined([counted, adapter.describe(turn)]);
    }
    const over = frame.winner ?? frame.result?.winner;
    if (over && !showBetter) {
      message = joined([message, over === 'draw'
        ? { key: 'replay.draw', text: t('replay.draw') }
        : { key: 'replay.won', text: t('replay.won', { side: t(`side.${over}`) }) }]);
    }
    if (status.textContent !== message.text) status.textContent = message.text;
    status.dataset.say = message.key;

    navButtons.first.disabled = k === 0;
    navButtons.back.disabled = k === 0;
    navButtons.next.disabled = k === last;
    navButtons.last.disabled = k === last;
    // A finished game has nothing left to play.
    takeOver.disabled = Boolean(over);
    for (const [i, b] of entries.entries()) {
      const current = i === k;
      b.classList.toggle('current', current);
      if (current) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    }
    if (opinion) renderOpinion(view, state, k, verdict);
    keepInView(list, entries[k]);
  }


  store.subscribe(render);
  store.subscribe((state, previous) => {
    if (!previous || state.turn !== previous.turn) keepReplay(record.text, state.turn);
  });

  function show(k) {
    if (k < 0 || k > last) return;
    store.dispatch({ turn: k, better: false });
  }

  // --- The hard player's opinion, turn by turn in the worker: the one on show first ---
  const life = { destroyed: false };
  async function judgeAll() {
    for (;;) {
      const { verdicts, turn } = get();
      const wanted = turn > 0 && !verdicts[turn - 1] ? turn - 1 : turns.findIndex((_, i) => !verdicts[i]);
      if (wanted < 0 || life.destroyed) return;
      const { before, after } = turns[wanted];
      let verdict;
      try {
        verdict = await worker.ask({ game: record.game, kind: 'judge', before, after });
      } catch (error) {
        if (!life.destroyed) store.dispatch({ judging: { ...get().judging, failed: error.message } });
        return;
      }
      if (life.destroyed) return;
      const next = [...get().verdicts];
      next[wanted] = verdict;
      markVerdict(t, entries[wanted + 1], verdict);
      store.dispatch({ verdicts: next, judging: { done: get().judging.done + 1, failed: null } });
    }
  }

  // --- Taking over ---
  const openTakeOver = takeOverAt(root, ctx, { record, game, adapter, header, status }, () => get().turn);


  const onClick = (event) => {
    const target = event.target.closest('[data-action]');
    if (!target || target.disabled || !root.contains(target)) return;
    const k = get().turn;
    const steps = { 'replay-first': 0, 'replay-back': k - 1, 'replay-next': k + 1, 'replay-last': last };
    const action = target.dataset.action;
    if (action in steps) show(steps[action]);
    else if (action === 'take-over') openTakeOver();
    else if (action === 'show-better') {
      store.dispatch({ better: !get().better });
      // The board above is what changed: bring it into sight on a small screen.
      stage.scrollIntoView({ block: 'nearest' });
    }
    else if (action === 'home') go('./');
  };
  root.addEventListener('click', onClick);
  const detachKeys = attachShortcuts({
    ArrowLeft: () => show(get().turn - 1),
    ArrowRight: () => show(get().turn + 1),
    Home: () => show(0),
    End: () => show(last),
  });

  render(get());
  if (judged) judgeAll();

  return {
    destroy() {
      life.destroyed = true;
      detachKeys();
      root.removeEventListener('click', onClick);
      board.destroy();
    },
  };
}
