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
};
