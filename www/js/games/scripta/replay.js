// XII Scripta in the replay screen: the board, trays and dice of a record's frames, drawn by the
// same components as play (as pictures: nothing on them takes a tap), each turn in words, and
// the game taken over at a turn.

import { asPicture } from '../../kit/svg.js';
import { createBoard } from './board.js';
import { chooseFace } from './faces.js';
import { createTray, renderTray, renderDice } from './trays.js';
import { createWords } from './words.js';

const SIDES = ['albi', 'nigri'];
// How a record names Austin & Murray's rules in `Rules:`.
const AUSTIN_MURRAY = 'Austin & Murray';
const other = (side) => (side === 'albi' ? 'nigri' : 'albi');

/** What the replay screen needs of XII Scripta. */
export function scriptaReplay(engine, i18n) {
  const { t } = i18n;
  // Remade on the board of each record mounted: the words for a hit follow its reading.
  let words = createWords(i18n);

  /** Draws frames into `box`; `header` names the players on the trays. */
  function mount(box, header) {
    const trayZones = Object.fromEntries(SIDES.map((side) => {
      const zone = document.createElement('div');
      zone.className = `tray-zone tray-zone-${side}`;
      return [side, zone];
    }));
    const boardBox = document.createElement('div');
    boardBox.className = 'board';
    const dice = document.createElement('div');
    dice.className = 'dice replay-dice';
    dice.setAttribute('aria-hidden', 'true');
    box.replaceChildren(trayZones.nigri, boardBox, trayZones.albi, dice);
    const trays = Object.fromEntries(SIDES.map((side) => {
      const tray = createTray(trayZones[side], side, i18n);
      tray.disabled = true;
      return [side, tray];
    }));
    // The board of the record's reading (the engine reads its `Rules:` as written).
    const seed = new engine.ScriptaGame('1', undefined, header.rules);
    const geometry = seed.geometry();
    seed.free();
    words = createWords(i18n, geometry);
    const face = chooseFace(engine.scriptaFaces());
    // Tall marks on a phone held upright, as in play; a tablet keeps room for the turns below.
    const portrait = window.matchMedia('(orientation: portrait) and (max-width: 599px)');
    const board = { current: null, last: null };
    const build = () => {
      board.current?.destroy();
      board.current = createBoard(boardBox, geometry, { tall: portrait.matches, i18n, face });
      if (board.last) draw(board.last);
    };

    /**
     * Shows `frame` (a snapshot); `turn` (a TurnView or null) is the turn that led to it,
     * marked on the board; `hint` (StepViews) draws a better turn over it instead.
     */
    function draw(view) {
      board.last = view;
      const { frame, turn, hint } = view;
      board.current.render({
        position: frame.position,
        marks: frame.marks,
        selectable: new Set(),
        selected: null,
        targets: new Map(),
        turn: frame.turn,
        borneOff: { albi: frame.albi.borneOff, nigri: frame.nigri.borneOff },
        hint: hint ?? null,
        trail: !hint && turn ? { side: turn.side, steps: turn.steps } : null,
        trailUpto: null,
      });
      asPicture(boardBox, t('replay.board', { game: t('game.scripta') }));
      for (const side of SIDES) {
        renderTray(trays[side], frame[side], {
          toMove: side === frame.turn && !frame.winner,
          selectable: false,
          coach: false,
          selected: false,
          player: header[side] ?? '',
          playerId: '',
          thinking: false,
          sendsHome: geometry.hit !== 'middle',
        }, i18n);
      }
      // Each step spends its dice (one, or those added or matched); a die none spent was
      // forfeited (a winning step ends the turn with the whole throw counted as played).
      const spent = (turn?.steps ?? []).flatMap((s) => s.dice);
      const shown = (turn?.throw ?? []).map((value) => {
        const k = spent.indexOf(value);
        if (k >= 0) spent.splice(k, 1);
        return { value, state: k >= 0 || hint || frame.winner ? 'unused' : 'forfeited' };
      });
      renderDice(dice, shown, geometry.dice, i18n);
    }

    portrait.addEventListener('change', build);
    build();
    return {
      draw,
      destroy() {
        portrait.removeEventListener('change', build);
        board.current?.destroy();
      },
    };
  }

  /** Turn `turn` (a TurnView) in words: the throw and the steps played. */
  function describe(turn) {
    return words.event({ kind: 'confirm', side: turn.side, other: other(turn.side), steps: turn.steps, dice: turn.throw });
  }

  /** What the board draws at `position` (XSN): the engine's snapshot of a game from there. */
  function frame(position) {
    const game = engine.ScriptaGame.fromPosition(position, '1');
    try {
      return game.snapshot();
    } finally {
      game.free();
    }
  }

  return {
    id: 'scripta',
    name: 'game.scripta',
    sides: SIDES,
    // The hard player gives its opinion of every turn (the core's analysis), which runs on the
    // fast engine: Austin & Murray's rules only.
    judged: (header) => header.rules === AUSTIN_MURRAY,
    counted: 'replay.turn',
    mount,
    frame,
    describe,
    /** A turn as the record writes it, after its number: `235: in/2 in/3 in/5`. */
    notation: (turn) => `${turn.throw.join('')}: ${turn.text}`,
    /** The steps of a better turn in words. */
    steps: (steps) => (steps.length ? i18n.list(steps.map((s, i) => t(i ? 'step.then' : 'step.first', { step: words.step(s) })))
      : t('replay.forfeit')),
    mover: (turn) => turn.side,
    winner: (header) => (header.result === '*' ? null : header.result),
    link: (header) => ({ game: 'scripta', rules: header.rules === AUSTIN_MURRAY ? null : header.rules }),
    fromRecord: (text, turns) => engine.ScriptaGame.fromRecord(text, turns),
  };
}
