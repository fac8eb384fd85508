// Latrunculi in the replay screen: the board of a record's frames, drawn by the same component
// as play (as a picture: nothing on it takes a tap), each side's counts beside it, each move in
// words, and the game taken over at a move.

import { asPicture } from '../../kit/svg.js';
import { createBoard } from './board.js';
import { createWords } from './words.js';

const SIDES = ['white', 'black'];

/** What the replay screen needs of Latrunculi. */
export function latrunculiReplay(engine, i18n) {
  const { t } = i18n;
  const words = createWords(i18n);

  /** One side's line beside the board: who plays it and what it has placed and captured. */
  function campLine(side, frame, name) {
    const captured = t('camp.latrunculi.captured', { count: frame.captured[side] });
    const counts = frame.toPlace[side] ? t('camp.latrunculi.placing', { count: frame.toPlace[side], captured }) : captured;
    const who = name ? t('camp.latrunculi.player', { side: t(`side.${side}`), player: name }) : t(`side.${side}`);
    return t('camp.latrunculi.label', { name: who, counts });
  }

  /** Draws frames into `box`; `header` names the players and the rules. */
  function mount(box, header, first) {
    const lines = Object.fromEntries(SIDES.map((side) => {
      const p = document.createElement('p');
      p.className = `replay-camp replay-camp-${side}`;
      p.dataset.camp = side;
      return [side, p];
    }));
    const boardBox = document.createElement('div');
    boardBox.className = 'board';
    box.replaceChildren(lines.black, boardBox, lines.white);
    const board = createBoard(boardBox, first, { i18n, corners: header.cornersCapture });

    /** Shows `frame` (a snapshot), with `turn` (the move that led to it) and what it took marked. */
    function draw({ frame, turn }) {
      board.render({
        position: frame.position,
        squares: frame.squares,
        selectable: new Set(),
        selected: null,
        targets: new Set(),
        captures: new Map(),
        doomed: new Set(),
        last: turn?.played ?? null,
        hint: null,
      });
      asPicture(boardBox, t('replay.board', { game: t('game.latrunculi') }));
      for (const side of SIDES) {
        lines[side].textContent = campLine(side, frame, header[side]);
        lines[side].classList.toggle('to-move', frame.turn === side && !frame.result);
      }
    }

    return { draw, destroy: () => board.destroy() };
  }

  /** What the board draws at `position` (LFEN): the engine's snapshot of a game from there. */
  function frame(position, header) {
    const game = new engine.LatrunculiGame(header.rules, position, '1');
    try {
      return game.snapshot();
    } finally {
      game.free();
    }
  }

  return {
    id: 'latrunculi',
    name: 'game.latrunculi',
    sides: SIDES,
    judged: false,
    counted: 'replay.move',
    mount,
    frame,
    describe: (turn) => words.event({ kind: 'play', side: turn.played.side, move: turn.played }),
    notation: (turn) => turn.played.move,
    mover: (turn) => turn.played.side,
    winner: (header) => (header.result === '*' ? null : header.result),
    link: (header) => ({ game: 'latrunculi', rules: header.preset ?? header.rules }),
    fromRecord: (text, moves) => engine.LatrunculiGame.fromRecord(text, moves),
  };
}
