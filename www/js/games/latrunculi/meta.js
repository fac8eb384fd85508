// What the home screen, the router and the new-game dialog need to know of Latrunculi before
// its screen is loaded: levels, sides and the hint's player.

const SIZES = ['8x8', '6x6', '6x7', '6x8', '7x8', '8x9', '9x10', '10x10', '11x12', '11x16'];
const FAMILIES = { kharebga: SIZES, seega: SIZES };
const NAMED = ['piso', 'quintana', 'schadler-1994', 'schadler-2001', 'seneca', 'falkener', 'kowalski-10x11', 'kowalski-8x12', 'bell-8x7', 'bell-8x8'];
// A family's preset on one board is named `kharebga-8x8`: made and read here alone.
const familyPreset = (family, size) => `${family}-${size}`;
// The boards where only hard was measured (200 games against medium, scaled to ten), as
// {preset: [wins, draws]}: their lines of strength.
const hardOnly = (boards) => Object.fromEntries(Object.entries(boards)
  .map(([preset, [wins, draws]]) => [preset, { hard: { against: 'medium', wins, draws } }]));

export const GAME = {
  id: 'latrunculi',
  levels: ['easy', 'medium', 'hard'],
  linkOnly: ['random'],
  defaultLevel: 'medium',
  sides: ['white', 'black'],
  hintLevel: 'hard',
  // The named rule sets, the one a link without `rules` plays first; each keeps a save of its own.
  presets: [...NAMED, ...Object.entries(FAMILIES).flatMap(([family, sizes]) => sizes.map((size) => familyPreset(family, size)))],
  // The Ludii database's rules of Kharebga and Seega, each on the boards it lists: one choice
  // of the home screen each, with a board picker (`ludi latrunculi presets`).
  families: FAMILIES,
  familyPreset,
  /** `kharebga-8x8` as {family: 'kharebga', size: '8x8'}; null for any other rules. */
  familyOf: (preset) => {
    for (const [family, sizes] of Object.entries(FAMILIES)) {
      const size = sizes.find((s) => familyPreset(family, s) === preset);
      if (size) return { family, size };
    }
    return null;
  },
  // The presets the home screen lists one by one.
  named: NAMED,
  // The levels play another game here: their descriptions say how.
  levelAbout: (level) => `latrunculi.level.${level}.about`,
  // How strong each level is under each preset, for the level picker: its games won and drawn
  // of ten against the level below, from `ludi latrunculi match P1 P2 --rules R --seed 1`
  // (docs/latrunculi.md), over 200 games where that many were played (hard against medium
  // under Piso and Quintana: 400).
  strength: {
    piso: {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 10 },
      hard: { against: 'medium', wins: 9, draws: 1 },
    },
    quintana: {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 4, draws: 6 },
      hard: { against: 'medium', wins: 4, draws: 6 },
    },
    'schadler-1994': {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 10 },
      hard: { against: 'medium', wins: 10 },
    },
    'schadler-2001': {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 10 },
      hard: { against: 'medium', wins: 10 },
    },
    seneca: {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 10 },
      hard: { against: 'medium', wins: 9, draws: 1 },
    },
    falkener: {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 10 },
      hard: { against: 'medium', wins: 5, draws: 4 },
    },
    'kowalski-10x11': {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 10 },
      hard: { against: 'medium', wins: 10 },
    },
    'kowalski-8x12': {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 10 },
      hard: { against: 'medium', wins: 9, draws: 1 },
    },
    'bell-8x7': {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 10 },
      hard: { against: 'medium', wins: 8, draws: 2 },
    },
    'bell-8x8': {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 8 },
      hard: { against: 'medium', wins: 8, draws: 1 },
    },
    // Kharebga's and Seega's rules: hard against medium over 200 games on every board, easy
    // and medium over ten on the boards where they were measured; the others say so.
    'seega-8x8': {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 8, draws: 1 },
      hard: { against: 'medium', wins: 7, draws: 1 },
    },
    'kharebga-8x8': {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 10 },
      hard: { against: 'medium', wins: 8, draws: 1 },
    },
    'seega-6x6': {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 10 },
      hard: { against: 'medium', wins: 9 },
    },
    'kharebga-6x6': {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 9 },
      hard: { against: 'medium', wins: 9 },
    },
    'seega-6x7': {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 10 },
      hard: { against: 'medium', wins: 9 },
    },
    'kharebga-6x7': {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 9, draws: 1 },
      hard: { against: 'medium', wins: 9 },
    },
    'seega-11x12': {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 10 },
      hard: { against: 'medium', wins: 8, draws: 1 },
    },
    'kharebga-11x12': {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 10 },
      hard: { against: 'medium', wins: 8 },
    },
    'kharebga-11x16': {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 8 },
      hard: { against: 'medium', wins: 9 },
    },
    'seega-11x16': {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 9, draws: 1 },
      hard: { against: 'medium', wins: 8 },
    },
    ...hardOnly({
      'seega-6x8': [9, 0], 'seega-7x8': [8, 1], 'seega-8x9': [7, 1], 'seega-9x10': [7, 1], 'seega-10x10': [7, 1],
      'kharebga-6x8': [8, 0], 'kharebga-7x8': [7, 1], 'kharebga-8x9': [8, 1], 'kharebga-9x10': [7, 0], 'kharebga-10x10': [7, 0],
    }),
  },
  unmeasured: {},
};
