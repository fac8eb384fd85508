// The URL parameters: game=scripta, opponent=human, position=<XSN>, seed=<n>.

export function readParams(search) {
  const params = new URLSearchParams(search);
  const position = params.get('position');
  const seed = params.get('seed');
  // A saved game belongs to the link that started it: the same link restores it on reload,
  // another link starts what that link says.
  const origin = new URLSearchParams();
  if (position) origin.set('position', position);
  if (seed) origin.set('seed', seed);
  return {
    game: params.get('game'),
    opponent: params.get('opponent'),
    position,
    seed,
    origin: origin.toString(),
  };
}
