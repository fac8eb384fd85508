// Keeps the game in localStorage so a reload loses nothing. Saved data is untrusted: anything
// unreadable is removed and reported, never thrown.

const KEY = 'ludi-romani.scripta.v1';

/** Stores the game together with the link it was started from. */
export function save(origin, saved) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ version: 1, origin, saved }));
  } catch {
    // Private browsing or a full store: the game goes on, only unsaved.
  }
}

/**
 * The saved game for this link: {saved} when there is one, {} when there is none or it was
 * started from another link, {error} when the stored text is unreadable.
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
  return data.origin === origin ? { saved: data.saved } : {};
}

export function clear() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored that could be cleared.
  }
}
