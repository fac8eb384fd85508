// Every sentence the page shows or speaks, in one place so it can be translated.

export const NAMES = { albi: 'Albi', nigri: 'Nigri' };

/**
 * The computer's levels, named for people of the time, each with the engine's player behind
 * it. The New game dialog offers the first four; `random` is reachable by a link only.
 */
export const LEVELS = [
  { engine: 'easy', name: 'Tiro', about: 'A recruit: knows the moves, often slips.' },
  { engine: 'medium', name: 'Miles', about: 'A soldier: races home, hits blots, builds blocks.' },
  { engine: 'hard', name: 'Centurio', about: 'A veteran: judgement learned in countless games against himself.' },
  { engine: 'expert', name: 'Imperator', about: 'The emperor: also weighs every throw you might answer with.' },
  { engine: 'random', name: 'Infans', about: 'A child: any legal move at all.' },
];

const list = (values) =>
  values.length <= 1 ? values.join('') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;

const throwText = (values) => values.join('-');

const turnsText = (n) => (n === 1 ? '1 turn' : `${n} turns`);

export const words = {
  waiting: 'waiting',
  sentHome: 'sent home',
  borneOff: 'borne off',
  trayLabel: (side, c, player) =>
    `${NAMES[side]}${player ? ` (${player})` : ''} tray: ${c.waiting} waiting, ${c.sentHome} sent home, ${c.borneOff} borne off`,
  die: (value, state) => `Die showing ${value}, ${state}`,
};

/** What just happened, as a sentence (or an empty string). */
export function eventText(event) {
  if (!event) return '';
  const who = event.who ?? NAMES[event.side];
  switch (event.kind) {
    case 'throw':
      return `${who} threw ${throwText(event.values)}.`;
    case 'step': {
      const s = event.step;
      const hit = s.hit ? ` and sent a ${NAMES[event.other]} counter home!` : '.';
      if (s.from === 'tray') return `${who} entered a counter on mark ${s.to} with the ${s.die}${hit}`;
      if (s.to === 'off') return `${who} bore a counter off from mark ${s.from} with the ${s.die}.`;
      return `${who} moved ${s.from} to ${s.to} with the ${s.die}${hit}`;
    }
    case 'undo':
      return `${who} took back ${event.step.step}.`;
    case 'confirm':
      return event.steps.length
        ? `${who} played ${event.steps.join(', ')}.`
        : `${who}'s throw was forfeited.`;
    case 'refuse':
      return event.reason;
    case 'notice':
      return event.text;
    case 'hint':
      return hintText(event.who, event.steps);
    default:
      return '';
  }
}

/** One step in words, for a hint: "enter on 5", "12 to 15, sending a counter home". */
function stepWords(text) {
  const [from, to] = text.replace('*', '').split('/');
  const hit = text.endsWith('*') ? ', sending a counter home' : '';
  if (from === 'in') return `enter on ${to}${hit}`;
  if (to === 'off') return `bear off from ${from}`;
  return `${from} to ${to}${hit}`;
}

function hintText(who, steps) {
  if (!steps.length) return `${who} sees no step to play.`;
  const numbered = steps.map((s, i) => `${i + 1}. ${stepWords(s)}`);
  return `${who} would play ${numbered.join('; ')}. The numbers on the board show where.`;
}

/** Whose turn it is and what the dice allow now. */
export function situationText(snap) {
  const who = NAMES[snap.turn];
  if (snap.winner) return `${NAMES[snap.winner]} win the game in ${turnsText(snap.turns)}.`;
  if (!snap.thrown) return `${who} to throw.`;
  const unused = snap.dice.filter((d) => d.state === 'unused').map((d) => d.value);
  const forfeited = snap.dice.filter((d) => d.state === 'forfeited').map((d) => d.value);
  if (snap.turnOver) {
    if (forfeited.length === snap.dice.length) {
      return `No die can be played: ${who}'s whole throw ${throwText(forfeited)} is forfeited. Confirm to pass the turn.`;
    }
    if (forfeited.length) {
      const dice = forfeited.length === 1 ? `The ${forfeited[0]} is` : `The ${list(forfeited)} are`;
      return `${dice} forfeited: no legal step can use ${forfeited.length === 1 ? 'it' : 'them'}. Confirm to pass the turn.`;
    }
    return `${who} have played every die. Confirm to pass the turn.`;
  }
  const own = snap[snap.turn];
  const duty = own.sentHome
    ? ' A counter sent home must come back in first.'
    : '';
  return `${who} to play ${list(unused)}.${duty}`;
}

/** Why a tap was refused, given the snapshot and what was tapped. */
export const refusals = {
  notThrown: (side) => `Throw the dice first, ${NAMES[side]}.`,
  over: () => 'The game is over. Play again?',
  turnOver: () => 'No die can be played any more: confirm to pass the turn.',
  blocked: (mark, owner) =>
    `Mark ${mark} is blocked: ${NAMES[owner]} hold it with two or more counters.`,
  cannotReach: (mark, from) =>
    from === 'tray'
      ? `No die brings a counter in on mark ${mark}.`
      : `The counter on mark ${from} cannot reach mark ${mark} with these dice.`,
  enterFromTray: () => 'To bring a counter in, tap a waiting counter in your tray first.',
  mustReenter: () => 'A counter sent home must come back in before anything else moves.',
  stuck: (mark) => `No die can move the counter on mark ${mark} now.`,
  notYours: (mark, owner) => `Mark ${mark} holds ${NAMES[owner]} counters, not yours.`,
  empty: (mark) => `Mark ${mark} is empty: tap one of your counters first.`,
  otherTray: (side) => `That is the ${NAMES[side]} tray: it is not their turn.`,
  computerTurn: (who) => `${who} is playing: wait for your turn.`,
  noneWaiting: () => 'No counter is waiting to enter.',
  entryBlocked: () => 'No counter can enter with these dice: the entry marks are blocked.',
  cannotBearOff: () => 'No counter can bear off now: all fifteen must stand on ROMANI, marks 31-36.',
  pickFirst: () => 'Tap one of your counters first.',
};

export const notices = {
  restored: 'Your game was restored.',
  corrupt: (why) => `The saved game could not be read and was set aside (${why}). A new game has started.`,
  badPosition: (why) => `That position link is not valid (${why}). A new game has started.`,
  badSeed: (why) => `That seed is not valid (${why}). The dice are random.`,
  onlyScripta: (game) => `The game "${game}" is not playable here yet: this is XII Scripta.`,
  unknownOpponent: (who) =>
    `The opponent "${who}" is unknown: two players share this device.`,
  unknownLevel: (level, fallback) =>
    `The level "${level}" is unknown: ${fallback} plays. The levels are ${list(LEVELS.slice(0, 4).map((l) => l.name))}.`,
  unknownSide: (side) => `The side "${side}" is unknown: you play Albi.`,
  computerFailed: (why) => `The computer cannot play (${why}). Start a new game to try again.`,
  newGame: (side, vs, human) =>
    `A new game: ${NAMES[side]} open.${vs ? ` You play ${NAMES[human]} against ${vs}.` : ''}`,
  hintFailed: (why) => `No hint this time (${why}).`,
};

export function gameOverText(snap) {
  return `${NAMES[snap.winner]} bore off all fifteen counters and win, after ${turnsText(snap.turns)}.`;
}

/** What the computer is doing while it has the move. */
export const thinking = (who) => `${who} is thinking…`;

/** The computer as named in the status line and on its tray: "Centurio (Nigri)". */
export const computerName = (level, side) => `${level.name} (${NAMES[side]})`;
