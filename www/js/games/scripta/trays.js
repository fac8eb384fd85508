// The trays beside the board (waiting, sent home, borne off) and the dice.

const PILE = 5; // discs drawn in a tray pile before the number takes over

function pile(kind, side, count, label) {
  const box = document.createElement('span');
  box.className = `pile pile-${kind}`;
  box.title = label;
  const discs = document.createElement('span');
  discs.className = 'discs';
  for (let i = 0; i < Math.min(count, PILE); i++) {
    const disc = document.createElement('span');
    disc.className = `disc disc-${side}`;
    discs.append(disc);
  }
  const text = document.createElement('span');
  text.className = 'pile-text';
  const number = document.createElement('b');
  number.textContent = String(count);
  text.append(number, ` ${label}`);
  const comma = document.createElement('span');
  comma.className = 'unseen';
  comma.textContent = ', ';
  box.append(comma, discs, text);
  box.classList.toggle('empty', count === 0);
  return box;
}

/** Builds the tray button for `side` inside `zone`; returns its element. */
export function createTray(zone, side, { t }) {
  const tray = document.createElement('button');
  tray.type = 'button';
  tray.className = `tray tray-${side}`;
  tray.dataset.tray = side;
  const title = document.createElement('span');
  title.className = 'tray-name';
  title.textContent = t(`side.${side}`);
  // Who plays this side against the computer ("you", or the computer's level), then whether
  // it is to move or thinking.
  const player = document.createElement('span');
  player.className = 'tray-player';
  const state = document.createElement('span');
  state.className = 'tray-state';
  title.append(player, state);
  const piles = document.createElement('span');
  piles.className = 'piles';
  // Its name is what it shows (a voice-control user says what they see), and then, unseen,
  // whether a counter can be picked from it now.
  const can = document.createElement('span');
  can.className = 'unseen tray-can';
  tray.append(title, piles, can);
  zone.replaceChildren(tray);
  return tray;
}

/**
 * Shows a side's counts; `state` says whether it is to move, selectable or selected, who
 * plays it (`player` in words and `playerId`: `you` or the computer's level; both empty in
 * pass and play), whether that computer is thinking, and whether the rules send a hit counter
 * home (`sendsHome`: else it has no pile).
 */
export function renderTray(tray, counts, state, { t }) {
  const side = tray.dataset.tray;
  tray.dataset.waiting = String(counts.waiting);
  tray.dataset.sentHome = String(counts.sentHome);
  tray.dataset.borneOff = String(counts.borneOff);
  tray.toggleAttribute('data-selectable', state.selectable);
  tray.classList.toggle('selected', state.selected);
  tray.classList.toggle('to-move', state.toMove);
  tray.classList.toggle('thinking', state.thinking);
  tray.classList.toggle('coach', Boolean(state.coach));
  tray.querySelector('.tray-player').textContent = state.player ? ` · ${state.player}` : '';
  if (state.playerId) tray.dataset.player = state.playerId;
  else delete tray.dataset.player;
  // "To move" agrees with who moves: the side, you, or the computer named by its level.
  const mover = state.playerId === 'you' ? 'tray.toMove.you' : state.playerId ? 'tray.toMove.player' : 'tray.toMove';
  const doing = state.thinking ? t('tray.thinking') : state.toMove ? t(mover) : '';
  tray.querySelector('.tray-state').textContent = doing ? ` · ${doing}` : '';
  tray.querySelector('.piles').replaceChildren(...[
    pile('waiting', side, counts.waiting, t('tray.waiting', { count: counts.waiting })),
    // Where a hit counter goes back to the middle row, none is ever sent home.
    state.sendsHome ? pile('sent-home', side, counts.sentHome, t('tray.sentHome', { count: counts.sentHome })) : null,
    pile('borne-off', side, counts.borneOff, t('tray.borneOff', { count: counts.borneOff })),
  ].filter(Boolean));
  tray.querySelector('.tray-can').textContent = state.selectable && !state.selected ? `, ${t('a11y.canPick')}` : '';
  tray.setAttribute('aria-pressed', String(state.selected));
}

/** The top disc of the waiting (or sent-home) pile, where an entering counter starts. */
export function trayDisc(tray) {
  const discs = tray.querySelectorAll('.pile-sent-home .disc, .pile-waiting .disc');
  return discs.length ? discs[0] : tray;
}

// Pip positions on a 3x3 grid, numbered 0-8 row by row.
const PIPS = { 1: [4], 2: [2, 6], 3: [2, 4, 6], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

/**
 * Shows `count` dice: blank before the throw, then each die with its value and state. `past`
 * dice are a turn already played, `'last'` (the last throw, until the next) or `'replay'` (a
 * turn shown again): drawn alike but marked `data-past-die`, since the dice to play now are
 * the only `data-die`.
 */
export function renderDice(box, dice, count, { t }, past = null) {
  const nodes = [];
  if (past) box.dataset.past = past;
  else delete box.dataset.past;
  for (let i = 0; i < count; i++) {
    const die = document.createElement('span');
    const d = dice[i];
    die.className = 'die';
    if (d) {
      if (past) die.dataset.pastDie = d.state;
      else die.dataset.die = '';
      die.dataset.value = String(d.value);
      if (!past) die.dataset.state = d.state;
      die.setAttribute('role', 'img');
      die.setAttribute('aria-label', t(past ? 'die.labelPast' : 'die.label', { value: d.value, state: t(`die.${d.state}`) }));
      for (let p = 0; p < 9; p++) {
        const pip = document.createElement('span');
        pip.className = PIPS[d.value]?.includes(p) ? 'pip on' : 'pip';
        die.append(pip);
      }
    } else {
      die.classList.add('blank');
      die.setAttribute('aria-hidden', 'true');
    }
    nodes.push(die);
  }
  box.replaceChildren(...nodes);
}
