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
  presets: ['piso', 'quintana'],
  // The levels play another game here: their descriptions say how.
  levelAbout: (level) => `latrunculi.level.${level}.about`,
};
