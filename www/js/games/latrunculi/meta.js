// What the home screen, the router and the new-game dialog need to know of Latrunculi before
// its screen is loaded: levels, sides and the hint's player.

export const GAME = {
  id: 'latrunculi',
  levels: ['easy', 'medium', 'hard'],
  linkOnly: ['random'],
  defaultLevel: 'medium',
  sides: ['white', 'black'],
  hintLevel: 'hard',
  // The named rule sets, the one a link without `rules` plays first; each keeps a save of its own.
  presets: ['piso', 'quintana', 'schadler-1994', 'schadler-2001', 'seneca'],
  // The levels play another game here: their descriptions say how.
  levelAbout: (level) => `latrunculi.level.${level}.about`,
  // How strong each level is under each preset, for the level picker: its games won and drawn
  // of ten against the level below, from `ludi latrunculi match P1 P2 --rules R --seed 1`
  // (docs/latrunculi.md).
  strength: {
    piso: {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 10 },
      hard: { against: 'medium', wins: 8, draws: 1 },
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
  },
  unmeasured: {},
};
