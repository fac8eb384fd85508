// The teacher's class (`?teach=<id>`, the key on this device only): the code in large
// letters with its QR code for the projector, the pupils as they arrive, Start games (pairs by
// arrival; an odd pupil plays the computer at the teacher's level, or waits), Pause and Resume, the records of every game, End
// the lesson; and the wall: every game of the class as a small board drawn by the game's own
// board component from the game's state, with who plays and whose turn it is or who won.
// Each game is watched through its socket with its watch code, so a move reaches the wall as
// it reaches the players; the class itself (new pupils, new games) is asked for now and then.

import { createOnlineClient } from '../kit/online-client.js';
import { playerName, socketUrl } from './online-api.js';
import { classRecords, command, joinLink, loadClass, pickPupil, saveClass, stillWaiting, wallView } from './class-api.js';
import { classHeader } from './class-join.js';
import { downloadText, keepReplay, today } from './records.js';
import { button, el } from '../kit/dom.js';

const ASK_EVERY = 3000; // ms between asks for the class's pupils and games

/** What a game's card says: who is to play, who won, or a draw. */
function gameLine(t, state) {
  const name = (side) => playerName(t, state, side) ?? t(`side.${side}`);
  if (state.status === 'over') return state.winner ? t('class.wall.won', { who: name(state.winner) }) : t('class.wall.drawn');
  if (state.paused) return t('class.wall.paused');
  return state.turn ? t('class.wall.toPlay', { who: name(state.turn) }) : '';
}

/**
 * The wall's pictures, redrawn together at most once a frame: a card hands over its latest
 * state, and the next frame redraws every card changed since, one after another (the first
 * batch waits for the engine and the board's module), so a game played fast queues no boards
 * nobody would see. Each card's board is drawn once
 * and then only follows its game (`followPicture`). Each batch is measured as a `wall-redraw`
 * performance entry (its detail: how many games) against the budget of a frame.
 */
function wallPainter() {
  const latest = new Map(); // a card's picture -> {state to show, then: what to do with its score}
  const shown = new WeakMap(); // a card's picture -> the version shown
  let frame = 0;
  const paint = async () => {
    const start = performance.now();
    const batch = [...latest];
    latest.clear();
    for (const [picture, { state, then }] of batch) {
      try {
        then(await picture(state.save));
      } catch {
        // A board the engine cannot draw keeps the last one: the words still say where it stands.
      }
      shown.set(picture, state.version);
    }
    performance.measure('wall-redraw', { start, detail: { games: batch.length } });
    frame = latest.size ? requestAnimationFrame(paint) : 0;
  };
  return (picture, state, then) => {
    if (shown.get(picture) === state.version) return;
    latest.set(picture, { state, then });
    if (!frame) frame = requestAnimationFrame(paint);
  };
}

/**
 * A card's score as its picture's engine read it: each side's counters borne off (XII
 * Scripta) or captured (Latrunculi), as words and as `data-score-<side>`.
 */
function showScore(t, line, { kind, sides }) {
  line.dataset.score = kind;
  line.textContent = Object.entries(sides).map(([side, count]) => {
    line.dataset[`score${side[0].toUpperCase()}${side.slice(1)}`] = String(count);
    const score = kind === 'captured' ? t('camp.latrunculi.captured', { count }) : `${count} ${t('tray.borneOff', { count })}`;
    return t('class.wall.score', { side: t(`side.${side}`), score });
  }).join(' · ');
}

/** One game's card on the wall, redrawn from each state its socket brings; large, it offers its replay. */
function gameCard(ctx, game, paint, onOpen, onReplay) {
  const { t } = ctx.i18n;
  const card = el('li', 'wall-game');
  card.dataset.game = game.id;
  const open = el('button', 'wall-open');
  open.type = 'button';
  open.dataset.action = 'wall-open';
  const board = el('div', 'wall-board');
  const box = el('div', 'wall-picture');
  board.append(box);
  const picture = ctx.games[game.state.game].followPicture(box);
  const names = el('p', 'wall-names');
  const line = el('p', 'wall-line');
  const score = el('p', 'wall-score');
  open.append(board, names, line, score);
  open.addEventListener('click', () => onOpen(card));
  const replay = button('class-replay', t('class.wall.replay'), 'plain');
  replay.hidden = true;
  replay.addEventListener('click', () => onReplay(game.id));
  card.append(open, replay);
  const draw = (state) => {
    card.dataset.status = state.status;
    card.dataset.version = String(state.version);
    card.dataset.turn = state.turn ?? '';
    card.dataset.winner = state.winner ?? '';
    card.dataset.paused = String(Boolean(state.paused));
    const sides = Object.keys(state.names ?? {});
    names.textContent = sides.map((side) => t('class.wall.player', { side: t(`side.${side}`), name: playerName(t, state, side) })).join(' · ');
    line.textContent = gameLine(t, state);
    paint(picture, state, (drawn) => showScore(t, score, drawn.score));
  };
  draw(game.state);
  const client = createOnlineClient(socketUrl(), { t: 'hello', game: game.id, watch: game.watch }, (message) => {
    if (message.state) draw(message.state);
  });
  return { card, close: () => client.close() };
}

/**
 * The pupils as they arrive: each name (text only), in a game or waiting; a waiting pupil is
 * a button that picks it for a pair of the teacher's own (`pairing`), and says its pair.
 */
function pupilList(t, pupils, pairing, onPick) {
  return pupils.map((p) => {
    const item = el('li', 'class-pupil');
    item.dataset.pupil = String(p.number);
    item.dataset.paired = String(Boolean(p.game));
    if (p.game) {
      item.append(p.name);
      return item;
    }
    const pick = el('button', 'class-pick', p.name);
    pick.type = 'button';
    pick.dataset.action = 'pick-pupil';
    pick.setAttribute('aria-pressed', String(pairing.picked === p.number));
    pick.addEventListener('click', () => onPick(p.number));
    const pair = pairing.pairs.findIndex((numbers) => numbers.includes(p.number));
    if (pair >= 0) item.dataset.pair = String(pair + 1);
    item.append(pick, el('span', 'class-waiting', pair >= 0 ? t('class.wall.pair', { n: pair + 1 }) : t('class.wall.waiting')));
    return item;
  });
}

/** The levels the computer may play a pupil left without a partner at, by the core's names. */
const ODD_LEVELS = ['easy', 'medium', 'hard'];

/** The teacher's choice for a pupil left without a partner: wait, or play the computer at a level. */
function oddChoice(t, chosen, onChange) {
  const label = el('label', 'class-odd');
  const select = el('select');
  select.dataset.control = 'class-computer';
  select.append(new Option(t('class.teach.odd.wait'), ''),
    ...ODD_LEVELS.map((level) => new Option(t('class.teach.odd.play', { level: t(`level.${level}`) }), level)));
  select.value = chosen;
  select.addEventListener('change', () => onChange(select.value));
  label.append(t('class.teach.odd'), ' ', select);
  return label;
}

/** The code, its QR code and the link, large enough to read from the back of a room. */
function codeSection(t, entry) {
  const section = el('section', 'class-code');
  const link = joinLink(entry.code);
  const code = el('p', 'class-code-letters', entry.code);
  code.dataset.classCode = entry.code;
  code.setAttribute('aria-label', t('class.code.spelled', { letters: entry.code.split('').join(' ') }));
  const qr = el('img', 'class-qr');
  Object.assign(qr, { src: `/api/qr.svg?text=${encodeURIComponent(link)}`, alt: t('class.code.qr'), width: 200, height: 200 });
  section.append(el('h2', '', t('class.code.heading')), code, qr, el('p', 'class-link', link));
  return section;
}

export function mountTeach(root, ctx) {
  const { t } = ctx.i18n;
  const entry = loadClass(ctx.route.teach);
  const main = el('main', 'page online-page class-page teach-page');
  root.replaceChildren(classHeader(ctx, 'class.teach.title'), main);
  ctx.furnish();
  document.title = `${t('class.teach.title')} · ${t('app.title')}`;
  if (!entry || entry.role !== 'teacher') {
    main.dataset.class = 'missing';
    const text = el('p', 'status', t('class.teach.missing'));
    text.dataset.say = 'class.teach.missing';
    main.append(text);
    return { drawn: Promise.resolve(), destroy: () => root.replaceChildren() };
  }
  const life = { gone: false, timer: null, cards: new Map(), view: null, pairing: { picked: null, pairs: [] } };
  const paint = wallPainter();
  const status = el('p', 'status class-status');
  status.setAttribute('role', 'status');
  const said = el('p', 'online-said');
  said.setAttribute('aria-live', 'polite');
  const start = button('class-start', t('class.teach.start'), 'primary big');
  const pause = button('class-pause', t('class.teach.pause'), 'plain');
  const resume = button('class-resume', t('class.teach.resume'), 'plain');
  const records = button('class-records', t('class.teach.records'), 'plain');
  const end = button('class-end', t('class.teach.end'), 'plain');
  const controls = el('div', 'class-controls');
  controls.append(start, pause, resume, records, end);
  // Kept with the class, so a reload keeps the teacher's choice.
  life.computer = entry.computer ?? 'medium';
  const odd = oddChoice(t, life.computer, (level) => {
    life.computer = level;
    saveClass(entry.id, { computer: level });
    if (life.view) show(life.view);
  });
  const pupils = el('ul', 'class-pupils');
  const pairHint = el('p', 'class-hint', t('class.teach.pairHint'));
  const pupilsTitle = el('h2', '');
  const wall = el('ul', 'wall');
  const wallTitle = el('h2', '', t('class.wall.heading'));
  const pupilBox = el('section', 'class-pupil-box');
  pupilBox.append(pupilsTitle, pairHint, pupils);
  const wallBox = el('section', 'class-wall-box');
  wallBox.append(wallTitle, wall);
  main.append(codeSection(t, entry), status, odd, controls, said, pupilBox, wallBox);

  const largeOne = (card) => {
    const large = card.classList.toggle('wall-large');
    card.querySelector('[data-action="wall-open"]').setAttribute('aria-expanded', String(large));
    card.querySelector('[data-action="class-replay"]').hidden = !large;
  };
  // A game of the class in the replay view, with the computer's opinion of each turn.
  const replayOne = async (id) => {
    try {
      keepReplay(await classRecords(entry.id, entry.secret, id));
      ctx.go('?page=replay');
    } catch (error) {
      said.textContent = t('class.teach.failed', { why: error.message });
    }
  };

  function show(view) {
    main.dataset.class = view.status;
    status.textContent = t(`class.status.${view.status}`);
    status.dataset.say = `class.status.${view.status}`;
    pupilsTitle.textContent = t('class.wall.pupils', { count: view.pupils.length });
    life.view = view;
    const waiting = view.pupils.filter((p) => !p.game).map((p) => p.number);
    life.pairing = stillWaiting(life.pairing, waiting);
    const onPick = (number) => {
      life.pairing = pickPupil(life.pairing, number);
      show(life.view);
    };
    pupils.replaceChildren(...pupilList(t, view.pupils, life.pairing, onPick));
    const over = view.status === 'ended';
    pairHint.hidden = over || waiting.length < 2;
    const enough = waiting.length >= (life.computer ? 1 : 2);
    start.disabled = over || (!enough && life.pairing.pairs.length === 0);
    const none = view.games.length === 0;
    // Once games are on, Start and the computer's level come back only for pupils who wait.
    start.hidden = over || (!none && waiting.length === 0);
    odd.hidden = start.hidden;
    // Once games are on, the wall comes before the pupils and the code shrinks, so a tablet
    // shows the games without scrolling past the class's arrival.
    main.classList.toggle('class-playing', !none);
    if (!none && wallBox.nextElementSibling !== pupilBox) main.insertBefore(wallBox, pupilBox);
    pause.hidden = over || none || view.status === 'paused';
    resume.hidden = view.status !== 'paused';
    pause.disabled = false;
    resume.disabled = false;
    end.hidden = over;
    end.disabled = false;
    records.hidden = none;
    wallTitle.hidden = none;
    for (const game of view.games) {
      if (life.cards.has(game.id)) continue;
      const made = gameCard(ctx, game, paint, largeOne, replayOne);
      life.cards.set(game.id, made);
      wall.append(made.card);
    }
    if (over) saveClass(entry.id, { ended: true });
  }

  async function ask() {
    clearTimeout(life.timer);
    try {
      const view = await wallView(entry.id, entry.secret);
      if (!life.gone) show(view);
    } catch (error) {
      if (!life.gone) said.textContent = t('class.teach.failed', { why: error.message });
    }
    if (!life.gone) life.timer = setTimeout(ask, ASK_EVERY);
  }

  const act = (what, body) => async () => {
    for (const b of [start, pause, resume, end]) b.disabled = true;
    try {
      show(await command(entry.id, entry.secret, what, body));
      said.textContent = '';
    } catch (error) {
      said.textContent = t('class.teach.failed', { why: error.message });
    }
    ask();
  };
  // The teacher's own pairs, if any were made; else everyone waiting, by arrival.
  start.addEventListener('click', () => {
    const { pairs } = life.pairing;
    life.pairing = { picked: null, pairs: [] };
    act('start', { ...(pairs.length ? { pairs } : {}), ...(life.computer ? { computer: life.computer } : {}) })();
  });
  pause.addEventListener('click', act('pause'));
  resume.addEventListener('click', act('resume'));
  end.addEventListener('click', () => {
    if (window.confirm(t('class.teach.endSure'))) act('end')();
  });
  records.addEventListener('click', async () => {
    try {
      downloadText(await classRecords(entry.id, entry.secret), `ludi-romani-class-${entry.code}-${today()}.txt`);
    } catch (error) {
      said.textContent = t('class.teach.failed', { why: error.message });
    }
  });

  return {
    drawn: ask(),
    destroy() {
      life.gone = true;
      clearTimeout(life.timer);
      for (const made of life.cards.values()) made.close();
      root.replaceChildren();
    },
  };
}
