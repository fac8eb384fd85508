// The URL parameters: game=scripta, opponent=human|computer, level=<name>, side=albi|nigri,
// position=<XSN>, seed=<n>, pace=<ms>.

const PACE = 450; // ms between the computer's steps: slow enough to follow each one
const MAX_PACE = 5000;

export function readParams(search) {
  const params = new URLSearchParams(search);
  const get = (name) => params.get(name)?.trim() || null;
  // A saved game belongs to the link that started it: the same link restores it on reload,
  // another link starts what that link says.
  const origin = new URLSearchParams();
  for (const name of ['position', 'seed', 'opponent', 'level', 'side']) {
    if (get(name)) origin.set(name, get(name));
  }
  const pace = Number(get('pace'));
  return {
    game: get('game'),
    opponent: get('opponent'),
    level: get('level'),
    side: get('side'),
    position: get('position'),
    seed: get('seed'),
    pace: get('pace') !== null && Number.isFinite(pace) ? Math.min(Math.max(pace, 0), MAX_PACE) : PACE,
    origin: origin.toString(),
  };
}
