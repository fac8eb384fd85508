// The saved game's format and its history, pure so node's tests cover it. A save is JSON under
// one key per game; `migrate` reads every version this page has ever written into the current
// one. A version newer than this page knows is never read (nor overwritten): the caller sets it
// aside. Anything else unreadable is "broken" and set aside too, so nothing is lost.
//
// Version 1: {version: 1, origin, saved, opponent, over} under
//   `ludi-romani.<game>.v1`.
// Version 2: {version: 2, game, origin, saved, savedFormat, opponent, over, savedAt, writer}
//   under `ludi-romani.<game>`: the key no longer names a version, so a page that only knows
//   version 1 (an old tab, an old cached copy) never reads, and never clears, a newer save.
//   - game: which game the save is of (a save copied under the wrong key is refused);
//   - savedFormat: the version of the engine's own saved data (`game.save()`), 1 for both games;
//   - savedAt: when it was written (ISO time), null when migrated from version 1;
//   - writer: the id of the tab that wrote it, so two tabs on one game notice each other.

export const SAVE_VERSION = 2;
export const SAVED_FORMAT = 1;

// Parameters of a link that make a game what it is (route.js's ORIGIN).
const ORIGIN = new Set(['rules', 'position', 'seed', 'opponent', 'level', 'side']);

export const saveKey = (game) => `ludi-romani.${game}`;
/** Keys that older versions of the page wrote, newest first. */
export const legacyKeys = (game) => [`ludi-romani.${game}.v1`];
/**
 * Where a save the page cannot use is kept: `kind` 'broken' (unreadable) or 'newer' (of a newer
 * page); `n` > 1 when an earlier one is already kept there.
 */
export const asideKey = (game, kind, n = 1) => `ludi-romani.${game}.${kind}${n > 1 ? `.${n}` : ''}`;

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Only the origin's own parameters, as a query string: anything else in storage is dropped. */
function cleanOrigin(origin) {
  const out = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(origin)) {
    if (ORIGIN.has(name) && !out.has(name)) out.set(name, value);
  }
  return out.toString();
}

/** The fields every version has, checked, with what this version adds. */
function checked(data, game, added) {
  if (typeof data.origin !== 'string') return { error: 'no origin' };
  if (!isObject(data.saved)) return { error: 'no saved game' };
  return {
    save: {
      version: SAVE_VERSION,
      game,
      origin: cleanOrigin(data.origin),
      saved: data.saved,
      savedFormat: SAVED_FORMAT,
      opponent: data.opponent ?? null,
      over: data.over === true,
      ...added,
    },
  };
}

/** Version 1 as the page stored it: when and by whom it was written are not known. */
const fromVersion1 = (data, game) => checked(data, game, { savedAt: null, writer: null });

function fromVersion2(data, game) {
  if (data.game !== game) return { error: `a save of ${String(data.game).slice(0, 20)}` };
  if (data.savedFormat !== SAVED_FORMAT) return { error: `saved format ${String(data.savedFormat).slice(0, 20)}` };
  return checked(data, game, {
    savedAt: typeof data.savedAt === 'string' ? data.savedAt : null,
    writer: typeof data.writer === 'string' ? data.writer : null,
  });
}

const READERS = { 1: fromVersion1, 2: fromVersion2 };

/**
 * A parsed save of any version, as the current version: {save}; {newer: version} for a
 * version this page does not know yet; {error} for anything unreadable.
 */
export function migrate(data, game) {
  if (!isObject(data)) return { error: 'not a saved game' };
  const { version } = data;
  if (!Number.isInteger(version) || !Object.hasOwn(READERS, version)) {
    return Number.isInteger(version) && version > SAVE_VERSION ? { newer: version } : { error: 'unknown version' };
  }
  return READERS[version](data, game);
}

/** The stored text of a save (null when there is none), read as `migrate` does: {} for none. */
export function readSave(text, game) {
  if (text === null || text === undefined) return {};
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: 'not JSON' };
  }
  return migrate(data, game);
}

/** A save of the current version. */
export function makeSave(game, { origin, saved, opponent, over }, writer, now) {
  return {
    version: SAVE_VERSION,
    game,
    origin,
    saved,
    savedFormat: SAVED_FORMAT,
    opponent: opponent ?? null,
    over: Boolean(over),
    savedAt: now.toISOString(),
    writer,
  };
}
