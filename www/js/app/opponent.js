// Who plays a game: two people on one device, or a person against the computer at a level and
// side. Read from a link or from storage (both untrusted); problems come back as notices
// ({notice, args, keys}) for the status line. Pure, so node's tests cover it.

export const HUMAN = Object.freeze({ kind: 'human' });

// The levels' Latin names as a link may give them (identifiers, not shown words).
const LATIN = { easy: 'tiro', medium: 'miles', hard: 'centurio', expert: 'imperator', random: 'infans' };

/**
 * `game`: {levels: engine names offered, linkOnly: levels reachable by link only,
 * defaultLevel, sides: [first, second]}. Returns the opponent, or null when the link names
 * none; problems are pushed onto `told`.
 */
export function opponentFromLink(route, game, told) {
  const { opponent: kind, level, side } = route;
  if (kind === 'human') return HUMAN;
  const all = [...game.levels, ...game.linkOnly];
  const levelNamed = (value) => all.find((l) => l === value.toLowerCase() || LATIN[l] === value.toLowerCase());
  // A level named as the opponent ("opponent=medium") asks for the computer at that level.
  const asLevel = kind !== null && kind !== 'computer' ? levelNamed(kind) : undefined;
  if (kind !== null && kind !== 'computer' && !asLevel) {
    told.push({ notice: 'unknownOpponent', args: { value: kind } });
    return HUMAN;
  }
  // A level alone is enough to ask for the computer.
  if (kind === null && level === null) return null;
  let found = level === null ? asLevel ?? game.defaultLevel : levelNamed(level);
  if (!found) {
    found = asLevel ?? game.defaultLevel;
    const levels = game.levels.map((l) => `level.${l}`);
    told.push({ notice: 'unknownLevel', args: { value: level }, keys: { fallback: `level.${found}`, levels } });
  }
  const wanted = side?.toLowerCase();
  const human = game.sides.includes(wanted) ? wanted : game.sides[0];
  if (side !== null && !game.sides.includes(wanted)) {
    told.push({ notice: 'unknownSide', args: { value: side }, keys: { fallback: `side.${human}` } });
  }
  return { kind: 'computer', level: found, human };
}

/** The link's parameters that ask for `opponent` (what `opponentFromLink` reads back). */
export function opponentLink(opponent) {
  return opponent.kind === 'computer'
    ? { opponent: 'computer', level: opponent.level, side: opponent.human }
    : { opponent: 'human' };
}

/** The opponent a saved game recorded, checked: storage is untrusted. */
export function savedOpponent(saved, game) {
  const levels = [...game.levels, ...game.linkOnly];
  if (saved?.kind === 'computer' && levels.includes(saved.level) && game.sides.includes(saved.human)) {
    return { kind: 'computer', level: saved.level, human: saved.human };
  }
  return HUMAN;
}

/**
 * The catalogue key of `side`'s long name in a picker: who it is and, where the rules name the
 * opener, that it opens; where the opening throw picks the opener (`opener` 'throw'), it does
 * not say so.
 */
export const sideNameKey = (side, opener) => (opener === 'throw' ? `side.${side}.byThrow` : `side.${side}.long`);

/** The side the computer plays, or null in pass and play. */
export function computerSide(opponent, sides) {
  if (opponent.kind !== 'computer') return null;
  return opponent.human === sides[0] ? sides[1] : sides[0];
}
