// Keeps each game in localStorage (one save per game and rule set) so a reload loses nothing,
// and remembers the home screen's last choices. Saved data is untrusted: anything unreadable is
// reported, never thrown, and a save the page cannot read is set aside rather than lost. The
// format lives in saves.js; who may write a game's save (one tab at a time) in keeper.js.

import { saveKey, legacyKeys, asideKey, readSave, slots, saveMark, cleanOrigin } from './saves.js';

const CHOICES_KEY = 'ludi-romani.choices.v1';
/** Where class-api.js keeps this device's classes. */
export const CLASSES_KEY = 'ludi-romani.classes.v1';
const PROBE_KEY = 'ludi-romani.probe';
const ASIDE_SLOTS = 9; // set-aside saves kept per game and kind before the last slot is reused

function read(key) {
  try {
    return { text: localStorage.getItem(key) };
  } catch {
    return { text: null };
  }
}

/** Whether this device may hold a class: the home screen fetches the class module only then. */
export const holdsClasses = () => Boolean(read(CLASSES_KEY).text);

/** Writes `text`; false when the browser refuses (private browsing, a full or disabled store). */
function writeText(key, text) {
  try {
    localStorage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

function write(key, value) {
  return writeText(key, JSON.stringify(value));
}

function remove(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
}

/** Whether this browser lets the page save at all (storage may be missing, full or refused). */
export function canSave() {
  if (!writeText(PROBE_KEY, '1')) return false;
  remove(PROBE_KEY);
  return true;
}

/**
 * The stored game of `game` under the rule set `slot` (saves.js `slotOf`), in the current
 * format whatever version wrote it: {} when there is none; else the save's fields ({slot,
 * origin, saved, opponent, over, savedAt, writer, ...}), or {error} when the stored text is
 * unreadable, or {newer} when a newer version of the page wrote it; with `text` and `key`, the
 * stored text as found and where, for `setAside`. An older version's save (one per game) is
 * this slot's when its link's rules are; one that cannot be read belongs to no slot, so every
 * slot reports it until it is set aside.
 */
export function loadGame(game, slot) {
  const { text } = read(saveKey(game, slot));
  if (text !== null) {
    const found = readSave(text, game);
    if (found.save && found.save.slot !== slot) return { error: `a save of rules ${found.save.slot}`, text, key: saveKey(game, slot) };
    return { ...(found.save ?? found), text, key: saveKey(game, slot) };
  }
  for (const key of legacyKeys(game)) {
    const { text: old } = read(key);
    if (old === null) continue;
    const found = readSave(old, game);
    if (found.save && found.save.slot !== slot) continue;
    return { ...(found.save ?? found), text: old, key };
  }
  return {};
}

/** Every slot's readable save of `game`, as `loadGame` gives them. */
export function loadGames(game) {
  return slots(game).map((slot) => loadGame(game, slot)).filter((stored) => stored.saved !== undefined);
}

/**
 * Writes a save of the current version (saves.js `makeSave`) into its slot; false when the
 * browser refused. Once it is written, an older version's save of the same slot has served its
 * turn and goes; one of another slot stays until that slot is saved.
 */
export function writeGame(game, save) {
  if (!write(saveKey(game, save.slot), save)) return false;
  for (const key of legacyKeys(game)) {
    if (readSave(read(key).text, game).save?.slot === save.slot) remove(key);
  }
  return true;
}

// What the page holds for its life beside storage, by key, where the browser may refuse to
// keep it: a game not saved here, and the record handed to the replay screen. Games the page
// played but could not save (the browser refused, or another tab played another game in that
// save meanwhile) are held by save key: the same link shown again (another language, Back
// from its replay or the home screen) goes on with that game rather than the save's, and the
// page asks before a new game takes its place as it asks for a save. A copy stands only while
// the save beside it is the one it was made beside (`seen`), or holds another link's game: a
// save written since by another tab of the same game wins.
const held = new Map();

/** Holds `value` under `key` for the page's life; null forgets it. */
export function hold(key, value) {
  if (value === null) held.delete(key);
  else held.set(key, value);
}

/** What `hold` holds under `key`, or null. */
export const holding = (key) => held.get(key) ?? null;

/**
 * Keeps `copy` ({slot, origin, saved, opponent, over, begun, savedAt}), the game of
 * `game`'s `slot` as it stood when its screen closed unsaved, for the page's life; null
 * forgets it (its screen saved it, or another tab took it over).
 */
export function keepUnsaved(game, slot, copy) {
  const stored = loadGame(game, slot);
  hold(saveKey(game, slot), copy && { ...copy, seen: stored.saved === undefined ? null : saveMark(stored) });
}

/** The copy kept by `keepUnsaved` for `game`'s `slot` while it stands, or null. */
export function unsavedGame(game, slot) {
  const copy = holding(saveKey(game, slot));
  if (!copy) return null;
  const stored = loadGame(game, slot);
  const mark = stored.saved === undefined ? null : saveMark(stored);
  if (mark === copy.seen || cleanOrigin(stored.origin) !== cleanOrigin(copy.origin)) return copy;
  hold(saveKey(game, slot), null);
  return null;
}

/** Every copy of `game` that stands (`unsavedGame`). */
export const unsavedGames = (game) => slots(game).map((slot) => unsavedGame(game, slot)).filter(Boolean);

/**
 * Keeps a save the page cannot use (`kind` 'broken' or 'newer') under a key of its own, so a
 * newer page or a person can still recover it; false when it could not be kept.
 */
export function setAside(game, kind, text) {
  for (let n = 1; n <= ASIDE_SLOTS; n++) {
    const kept = read(asideKey(game, kind, n)).text;
    if (kept === text) return true;
    if (kept === null || n === ASIDE_SLOTS) return writeText(asideKey(game, kind, n), text);
  }
  return false;
}

/** Forgets the text kept under `key` (a save set aside, which would otherwise be read again). */
export function forget(key) {
  remove(key);
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

const LANGUAGE_KEY = 'ludi-romani.language.v1';

/** The language the visitor chose last (a code to be checked by the caller), or null. */
export function loadLanguage() {
  const { text } = read(LANGUAGE_KEY);
  try {
    const code = JSON.parse(text ?? 'null');
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

export function saveLanguage(code) {
  write(LANGUAGE_KEY, code);
}

const FACE_KEY = 'ludi-romani.face.v1';

/** The inscribed board the visitor chose last for XII Scripta (an id to be checked), or null. */
export function loadFace() {
  const { text } = read(FACE_KEY);
  try {
    const id = JSON.parse(text ?? 'null');
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

export function saveFace(id) {
  write(FACE_KEY, id);
}
