// What the home screen, the router and the new-game dialog need to know of XII Scripta before
// its screen is loaded: levels, sides and the hint's player.

export const GAME = {
  id: 'scripta',
  levels: ['easy', 'medium', 'hard', 'expert'],
  linkOnly: ['random'],
  defaultLevel: 'medium',
  sides: ['albi', 'nigri'],
  hintLevel: 'expert',
  // The named readings, the one a link without `rules` plays first; each keeps a save of its own.
  presets: ['austin-murray', 'italian', 'italian-6', 'italian-columns', 'russian'],
  levelAbout: (level) => `level.${level}.about`,
  // How strong each level is under each reading, for the level picker: its games won of ten
  // against the level below, from `ludi scripta match P1 P2 --rules R --games 2000 --seed 1`
  // (docs/scripta-ai.md, docs/scripta-rules.md).
  strength: {
    'austin-murray': {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: 9 },
      hard: { against: 'medium', wins: 8 },
      expert: { against: 'hard', wins: 6 },
    },
    // [reading, medium's wins of ten against easy, hard's against medium, expert's against hard]
    ...Object.fromEntries([
      ['italian', 6, 9, 5], ['italian-6', 6, 9, 5],
      ['italian-columns', 6, 9, 5], ['russian', 6, 9, 6],
    ].map(([id, medium, hard, expert]) => [id, {
      easy: { against: 'random', wins: 10 },
      medium: { against: 'easy', wins: medium },
      hard: { against: 'medium', wins: hard },
      expert: { against: 'hard', wins: expert },
    }])),
  },
  // Under rules of one's own no level is measured; these play the network of the preset whose
  // inputs mean the same there (the engine's `network_reading`), else as medium.
  unmeasured: { hard: { as: 'medium', borrows: true }, expert: { as: 'medium', borrows: true } },
};
