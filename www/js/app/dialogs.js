// The dialogs a game screen shares: New game (opponent, level, side) and a page in a dialog
// (the rules during play). Built from the catalogue; they pause nothing themselves, the screen
// asks `isOpen()` before the computer moves.

import { strengthLine, strengthOf } from './strength.js';
import { sideNameKey } from './opponent.js';
import { actions, button, div, el, modal } from '../kit/dom.js';

function radio(name, value, text, about, extra) {
  const label = el('label');
  const input = el('input');
  input.type = 'radio';
  input.name = name;
  input.value = value;
  const span = el('span');
  span.append(el('b', '', text));
  if (about) span.append(el('small', '', ` ${about}`));
  if (extra) span.append(' ', extra);
  label.append(input, ' ', span);
  return label;
}

function fieldset(legend, className, children) {
  const set = el('fieldset', className);
  set.append(el('legend', '', legend), ...children);
  return set;
}

/**
 * The New game dialog for a game with `levels` and `sides`, appended to `parent`. `onStart`
 * gets {opponent: 'human'|'computer', level, side}. `named` gives another {id, title} (the
 * replay's "Take over from here" asks the same) and the `rules` played, for each level's
 * strength under them (`borrowed`: the preset whose network plays rules of one's own, from
 * `borrowedReading`), and their `opener` (whether a side is said to open). Returns
 * {open(current), element}; `current` is the opponent on the board, with `defaultLevel` and
 * `unfinished` (a game under way that the new one would end).
 */
export function createNewGameDialog(parent, { t }, game, onStart, named = {}) {
  const { levels, sides, levelAbout } = game;
  const id = named.id ?? 'new-game';
  const { dialog, form } = modal(parent, id, 'new-game-dialog', named.title ?? t('newGame.title'));
  form.className = 'new-game-form';
  const opponent = fieldset(t('newGame.opponent'), '', [
    radio('opponent', 'human', t('newGame.human')),
    radio('opponent', 'computer', t('newGame.computer')),
  ]);
  const levelSet = fieldset(t('newGame.level'), 'levels',
    levels.map((l) => radio('level', l, t(`level.${l}`), t(levelAbout(l)),
      named.rules === undefined ? null : strengthLine(t, strengthOf(game, named.rules, l, named.borrowed), 'small'))));
  const sideSet = fieldset(t('newGame.side'), 'sides',
    sides.map((s) => radio('side', s, t(sideNameKey(s, named.opener)))));
  levelSet.dataset.computerOnly = '';
  sideSet.dataset.computerOnly = '';
  // A game on the board with moves and no result ends with the new one: said, with its record
  // a tap away (the screen's own record-download), so no game is lost unawares.
  const replaces = div('new-game-replaces');
  replaces.dataset.replaces = '';
  replaces.hidden = true;
  const warning = el('p', '', t('newGame.replaces'));
  warning.id = `${id}-replaces`;
  const row = div('dialog-actions');
  row.append(button('record-download', t('record.download'), 'plain'));
  replaces.append(warning, row);
  form.append(replaces, opponent, levelSet, sideSet,
    actions([['cancel', t('action.cancel')], ['start', t('action.start'), true]]));

  const enable = () => {
    const human = form.elements.opponent.value === 'human';
    levelSet.disabled = human;
    sideSet.disabled = human;
  };
  form.addEventListener('change', enable);
  dialog.addEventListener('close', () => {
    if (dialog.returnValue !== 'start') return;
    onStart({
      opponent: form.elements.opponent.value,
      level: form.elements.level.value,
      side: form.elements.side.value,
    });
  });

  return {
    element: dialog,
    open(current) {
      dialog.returnValue = '';
      form.elements.opponent.value = current.kind;
      form.elements.level.value = current.kind === 'computer' ? current.level : current.defaultLevel;
      form.elements.side.value = current.kind === 'computer' ? current.human : sides[0];
      replaces.hidden = !current.unfinished;
      // Said with the dialog's name, before the focus lands on Download record.
      if (current.unfinished) dialog.setAttribute('aria-describedby', warning.id);
      else dialog.removeAttribute('aria-describedby');
      enable();
      dialog.showModal();
    },
  };
}

/**
 * A dialog holding `fill(body)`'s content (drawn on the first `open`, and waited for if `fill`
 * returns a promise) and a Close button; returns {open() -> promise, element}.
 */
export function createPageDialog(parent, { t }, id, fill) {
  const dialog = el('dialog', 'page-dialog');
  dialog.id = id;
  const form = el('form', 'page');
  form.method = 'dialog';
  const body = el('div');
  form.append(body, actions([['close', t('action.close'), true]]));
  dialog.append(form);
  parent.append(dialog);
  // A tap beside the page closes it, as the Close button and Escape do; a press that began on
  // the page (selecting its text) and ended beside it does not.
  const beside = (event) => {
    const box = dialog.getBoundingClientRect();
    return event.target === dialog
      && (event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom);
  };
  let pressedBeside = false;
  dialog.addEventListener('pointerdown', (event) => { pressedBeside = beside(event); });
  dialog.addEventListener('click', (event) => {
    if (pressedBeside && beside(event)) dialog.close();
    pressedBeside = false;
  });
  // A page drawn on demand may wait for its module: filled once, however often it is asked for.
  let filling = null;
  return {
    element: dialog,
    async open() {
      filling ??= (async () => fill(body))().catch((error) => {
        filling = null;
        body.replaceChildren();
        throw error;
      });
      await filling;
      // Not once the screen has gone, nor over another dialog opened meanwhile.
      if (!dialog.isConnected || dialog.ownerDocument.querySelector('dialog[open]')) return;
      dialog.showModal();
      // showModal focuses the first control, the Close button at the end of a long page, and
      // scrolls down to it: a reader starts at the top, on the page's heading.
      const heading = body.querySelector('h1, h2');
      if (heading) {
        if (!heading.id) heading.id = `${id}-title`;
        dialog.setAttribute('aria-labelledby', heading.id);
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      dialog.scrollTop = 0;
    },
  };
}
