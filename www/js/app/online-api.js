// The game server's HTTP side (docs/online.md) and this device's online games: each game's
// seat token (or, for a creator, also the invite and watch codes) kept in localStorage under
// the game's id, never in a link, so an online game can be reopened from the home screen.
// Stored data is untrusted: what does not read is left out.

const SEATS_KEY = 'ludi-romani.online.v1';
const SEATS_KEPT = 30; // the most online games a device remembers (the oldest go first)

/** A server answer's JSON, or an Error carrying its `code` (`network` when none came). */
async function asked(path, options = {}) {
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

/** Whether this site has the game server (a static host or an embed answers no). */
export async function serverHere() {
  try {
    return (await asked('/api/online'))?.online === true;
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

const text = (value, most) => typeof value === 'string' && value.length > 0 && value.length <= most;

/** Every online game this device holds a seat in, newest first: {id, token, seat, game, ...}. */
export function loadSeats() {
  let stored;
  try {
    stored = JSON.parse(localStorage.getItem(SEATS_KEY) ?? '{}');
  } catch {
    stored = {};
  }
  if (!stored || typeof stored !== 'object') return [];
  return Object.entries(stored)
    .filter(([id, s]) => text(id, 40) && s && text(s.token, 200) && text(s.seat, 8) && text(s.game, 12))
    .map(([id, s]) => ({
      id, token: s.token, seat: s.seat, game: s.game,
      rules: typeof s.rules === 'string' ? s.rules : '',
      invite: text(s.invite, 40) ? s.invite : null,
      watch: text(s.watch, 40) ? s.watch : null,
      opponent: text(s.opponent, 24) ? s.opponent : null,
      over: s.over === true,
      at: Number.isFinite(s.at) ? s.at : 0,
    }))
    .sort((a, b) => b.at - a.at);
}

export const loadSeat = (id) => loadSeats().find((s) => s.id === id) ?? null;

/** Keeps (or updates) the seat of game `id`; false when the browser refuses. */
export function saveSeat(id, seat) {
  const all = Object.fromEntries(loadSeats().map(({ id: key, ...s }) => [key, s]));
  all[id] = { ...all[id], ...seat, at: Date.now() };
  const kept = Object.entries(all).sort(([, a], [, b]) => b.at - a.at).slice(0, SEATS_KEPT);
  try {
    localStorage.setItem(SEATS_KEY, JSON.stringify(Object.fromEntries(kept)));
    return true;
  } catch {
    return false;
  }
}
