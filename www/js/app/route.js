// The URL's parameters, read into one route: which screen, which game and rules, who plays,
// and the position, seed, pace and board face a link may carry. Pure, so node's tests cover it.
//
// `/` is the home screen; `?game=scripta|latrunculi` goes straight to a game; `?page=rules`
// with a game (and rules) shows a rules page; `?page=replay` the record kept for replaying;
// `?online=<id>` a game on the server (with `invite=<code>` the friend's first screen, with
// `watch=<code>` a watcher's view; a seat's token is never in the link); `?class=<code>` a
// pupil's way into a class (the code may be left for the pupil to type) and `?teach=<id>` the
// teacher's class, whose key stays on the teacher's device.

const PACE = 450; // ms between the computer's steps: slow enough to follow each one
const MAX_PACE = 5000;

// Parameters that make a game what it is: the saved game belongs to the link that had them.
const ORIGIN = ['rules', 'position', 'seed', 'opponent', 'level', 'side'];

export function readRoute(search) {
  const params = new URLSearchParams(search);
  const get = (name) => params.get(name)?.trim() || null;
  const origin = new URLSearchParams();
  for (const name of ORIGIN) {
    if (get(name)) origin.set(name, get(name));
  }
  const pace = Number(get('pace'));
  const game = get('game');
  const page = get('page');
  const online = get('online');
  const teach = get('teach');
  const pupil = params.has('class');
  return {
    screen: page === 'rules' || page === 'replay' ? page : online ? 'online' : teach ? 'teach' : pupil ? 'class' : game ? 'game' : 'home',
    teach,
    classCode: get('class'),
    online,
    invite: get('invite'),
    watch: get('watch'),
    game,
    rules: get('rules'),
    opponent: get('opponent'),
    level: get('level'),
    side: get('side'),
    position: get('position'),
    seed: get('seed'),
    lang: get('lang'),
    face: get('face'),
    pace: get('pace') !== null && Number.isFinite(pace) ? Math.min(Math.max(pace, 0), MAX_PACE) : PACE,
    origin: origin.toString(),
  };
}

/** The query string for a route's parameters (null and undefined left out). */
export function query(params) {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') out.set(name, String(value));
  }
  const text = out.toString();
  return text ? `?${text}` : './';
}
