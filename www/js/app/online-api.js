// The game server's HTTP side (docs/online.md) and this device's online games: each game's
// seat token (or, for a creator, also the invite and watch codes) kept in localStorage under
// the game's id, never in a link, so an online game can be reopened from the home screen.
// Stored data is untrusted: what does not read is left out.

const SEATS_KEY = 'ludi-romani.online.v1';
const SEATS_KEPT = 30; // the most online games a device remembers (the oldest go first)

/** A server answer's JSON, or an Error carrying its `code` (`network` when none came). */
export async function asked(path, options = {}) {
  let response;
  try {
    response = await fetch(path, { ...options, headers: { 'content-type': 'application/json', ...options.headers } });
  } catch (error) {
    throw Object.assign(new Error(error.message), { code: 'network' });
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) throw Object.assign(new Error(body?.message ?? response.statusText), { code: body?.code ?? `http-${response.status}` });
  return body;
}

/** A seat's player in a server STATE: the computer's level by its name, the name given (text, never HTML), or null. */
export const playerName = (t, state, side) => (state.computer?.[side] ? t(`level.${state.computer[side]}`) : state.names?.[side] ?? null);

/**
 * Whether this site has the game server (a static host or an embed answers no). Asked beside
 * the page, so a site in a folder of a static host reads its own answer (`api/online`); the
 * game server serves the site at its root and answers there itself.
 */
export async function serverHere() {
  try {
    return (await asked('api/online'))?.online === true;
  } catch {
    return false;
  }
}

export const createGame = (choice) => asked('/api/games', { method: 'POST', body: JSON.stringify(choice) });
export const inviteInfo = (id, code) => asked(`/api/games/${encodeURIComponent(id)}/invite/${encodeURIComponent(code)}`);
export const joinGame = (id, code, name) => asked(`/api/games/${encodeURIComponent(id)}/join`, {
  method: 'POST', body: JSON.stringify({ code, name }),
});

/** The finished game's record text, for a seat's holder. */
export async function fetchRecord(id, token) {
  const response = await fetch(`/api/games/${encodeURIComponent(id)}/record`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(response.statusText);
  return response.text();
}

/** The socket's address on this site (wss: under https:). */
export const socketUrl = () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;

/** The links of a game: the seat's own, the invite and the watch link. */
export function links(id, { invite, watch } = {}) {
  const at = (params) => new URL(`/?${new URLSearchParams({ online: id, ...params })}`, location.href).href;
  return { seat: at({}), invite: invite ? at({ invite }) : null, watch: watch ? at({ watch }) : null };
}

export const text = (value, most) => typeof value === 'string' && value.length > 0 && value.length <= most;

/**
 * The entries kept under `key` (an object by id) that `readable` accepts, each as `shape`
 * makes it (with its id), newest first; what does not read is left out, never thrown.
 */
export function loadEntries(key, readable, shape) {
  let stored;
  try {
    stored = JSON.parse(localStorage.getItem(key) ?? '{}');
  } catch {
    stored = {};
  }
  if (!stored || typeof stored !== 'object') return [];
  return Object.entries(stored)
    .filter(([id, entry]) => text(id, 40) && entry && readable(entry))
    .map(([id, entry]) => ({ id, ...shape(entry), at: Number.isFinite(entry.at) ? entry.at : 0 }))
    .sort((a, b) => b.at - a.at);
}

/** Keeps (or updates) entry `id` of `entries` under `key`, the newest `most`; false when the browser refuses. */
export function saveEntry(key, entries, most, id, entry) {
  const all = Object.fromEntries(entries.map(({ id: at, ...e }) => [at, e]));
  all[id] = { ...all[id], ...entry, at: Date.now() };
  const kept = Object.entries(all).sort(([, a], [, b]) => b.at - a.at).slice(0, most);
  try {
    localStorage.setItem(key, JSON.stringify(Object.fromEntries(kept)));
    return true;
  } catch {
    return false;
  }
}

/** Every online game this device holds a seat in, newest first: {id, token, seat, game, ...}. */
export const loadSeats = () => loadEntries(SEATS_KEY, (s) => text(s.token, 200) && text(s.seat, 8) && text(s.game, 12), (s) => ({
  token: s.token, seat: s.seat, game: s.game,
  rules: typeof s.rules === 'string' ? s.rules : '',
  invite: text(s.invite, 40) ? s.invite : null,
  watch: text(s.watch, 40) ? s.watch : null,
  opponent: text(s.opponent, 24) ? s.opponent : null,
  over: s.over === true,
}));

export const loadSeat = (id) => loadSeats().find((s) => s.id === id) ?? null;

/** Keeps (or updates) the seat of game `id`; false when the browser refuses. */
export const saveSeat = (id, seat) => saveEntry(SEATS_KEY, loadSeats(), SEATS_KEPT, id, seat);
