// Keeps the game in localStorage so a reload loses nothing. Saved data is untrusted: anything
// unreadable is removed and reported, never thrown.

const KEY = 'ludi-romani.scripta.v1';

/** Stores the game together with the link it was started from and who plays it. */
export function save(origin, saved, opponent) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ version: 1, origin, saved, opponent }));
  } catch {
    // Private browsing or a full store: the game goes on, only unsaved.
  }
}

/**
 * The saved game for this link: {saved, opponent} when there is one (opponent as stored,
 * unchecked; games saved before there was a computer have none), {} when there is none or it
 * was started from another link, {error} when the stored text is unreadable.
 */
export function load(origin) {
  let text;
  try {
    text = localStorage.getItem(KEY);
  } catch {
    return {};
  }
  if (text === null) return {};
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: 'not JSON' };
  }
  if (!data || typeof data !== 'object' || data.version !== 1 || typeof data.origin !== 'string') {
    return { error: 'unknown format' };
  }
  return data.origin === origin ? { saved: data.saved, opponent: data.opponent } : {};
}

export function clear() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored that could be cleared.
  }
}
