// Keeps each game in localStorage so a reload loses nothing, and remembers the home screen's
// last choices. Saved data is untrusted: anything unreadable is reported, never thrown.

const GAME_KEY = (game) => `ludi-romani.${game}.v1`;
const CHOICES_KEY = 'ludi-romani.choices.v1';

function read(key) {
  try {
    return { text: localStorage.getItem(key) };
  } catch {
    return { text: null };
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private browsing or a full store: the game goes on, only unsaved.
  }
}

/** Stores `game`'s save with the link it was started from, who plays it and whether it is over. */
export function saveGame(game, origin, saved, opponent, over) {
  write(GAME_KEY(game), { version: 1, origin, saved, opponent, over });
}

/**
 * The stored game of `game`: {origin, saved, opponent, over} when there is one, {} when there is
 * none, {error} when the stored text is unreadable.
 */
export function loadGame(game) {
  const { text } = read(GAME_KEY(game));
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
  return { origin: data.origin, saved: data.saved, opponent: data.opponent, over: data.over === true };
}

export function clearGame(game) {
  try {
    localStorage.removeItem(GAME_KEY(game));
  } catch {
    // Nothing stored that could be cleared.
  }
}

/** The home screen's last choices, or {} (checked by the home screen: storage is untrusted). */
export function loadChoices() {
  const { text } = read(CHOICES_KEY);
  try {
    const data = JSON.parse(text ?? '{}');
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
}

export function saveChoices(choices) {
  write(CHOICES_KEY, choices);
}

/** A remembered yes/no setting of this device (e.g. the face-to-face layout). */
export function loadSetting(name) {
  return read(`ludi-romani.setting.${name}`).text === 'true';
}

export function saveSetting(name, on) {
  write(`ludi-romani.setting.${name}`, Boolean(on));
}
