// The saved game's format and its history, pure so node's tests cover it. A save is JSON under
// one key per game and rule set; `migrate` reads every version this page has ever written into
// the current one. A version newer than this page knows is never read (nor overwritten): the
// caller sets it aside. Anything else unreadable is "broken" and set aside too, so nothing is lost.
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
// Version 3: {version: 3, game, slot, origin, saved, savedFormat, opponent, over, savedAt, writer}
//   under `ludi-romani.<game>.<slot>`: one save per game and rule set, so a Quintana game, a
//   Piso game and an XII Scripta game wait side by side and starting one never replaces another.
//   - slot: the rule set, `slotOf` the link's `rules`: a named set's id (a link without `rules`
//     plays the first), or `custom` for rules of one's own (a game's own rules share one save).
//   Versions 1 and 2 (one save per game) read into the slot their origin's `rules` names; a
//   page that only knows version 2 never sees the new keys, so it cannot clear them either.

import { GAME as SCRIPTA } from '../games/scripta/meta.js';
import { GAME as LATRUNCULI } from '../games/latrunculi/meta.js';

export const SAVE_VERSION = 3;
export const SAVED_FORMAT = 1;

// Parameters of a link that make a game what it is (route.js's ORIGIN).
const ORIGIN = new Set(['rules', 'position', 'seed', 'opponent', 'level', 'side']);

const PRESETS = { scripta: SCRIPTA.presets, latrunculi: LATRUNCULI.presets };
const CUSTOM = 'custom';

/** Every slot a game keeps a save in: its named rule sets, then its own rules. */
export const slots = (game) => [...(PRESETS[game] ?? []), CUSTOM];

/**
 * The slot of a link's `rules` (null when it names none): a named set's id, `custom` for rules
 * written `key=value`, and the first named set for none or an unknown name, which is what the
 * game screens then play.
 */
export function slotOf(game, rules) {
  const presets = PRESETS[game] ?? [];
  if (presets.includes(rules)) return rules;
  return typeof rules === 'string' && rules.includes('=') ? CUSTOM : presets[0] ?? CUSTOM;
}

export const saveKey = (game, slot) => `ludi-romani.${game}.${slot}`;
/** Keys that older versions of the page wrote (one save per game), newest first. */
export const legacyKeys = (game) => [`ludi-romani.${game}`, `ludi-romani.${game}.v1`];
/**
 * Where a save the page cannot use is kept: `kind` 'broken' (unreadable) or 'newer' (of a newer
 * page); `n` > 1 when an earlier one is already kept there.
 */
export const asideKey = (game, kind, n = 1) => `ludi-romani.${game}.${kind}${n > 1 ? `.${n}` : ''}`;

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A link's origin with only the parameters that make a game, in one order: two links to the
 * same game compare equal however their parameters were written, and anything else in storage
 * is dropped.
 */
export function cleanOrigin(origin) {
  const given = new URLSearchParams(origin);
  const out = new URLSearchParams();
  for (const name of ORIGIN) {
    if (given.has(name)) out.set(name, given.get(name));
  }
  return out.toString();
}

/** The fields every version has, checked, with what this version adds. */
function checked(data, game, added) {
  if (typeof data.origin !== 'string') return { error: 'no origin' };
  if (!isObject(data.saved)) return { error: 'no saved game' };
  const origin = cleanOrigin(data.origin);
  return {
    save: {
      version: SAVE_VERSION,
      game,
      slot: slotOf(game, new URLSearchParams(origin).get('rules')),
      origin,
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
    ...(data.begun === true ? { begun: true } : {}),
  });
}

/** Version 3 names its slot, which must be one of the game's and agree with its origin. */
function fromVersion3(data, game) {
  const read = fromVersion2(data, game);
  if (read.save && data.slot !== read.save.slot) return { error: `rules ${String(data.slot).slice(0, 20)}` };
  return read;
}

const READERS = { 1: fromVersion1, 2: fromVersion2, 3: fromVersion3 };

/**
 * A parsed save of any version, as the current version (with the slot it belongs in): {save};
 * {newer: version} for a version this page does not know yet; {error} for anything unreadable.
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

/**
 * Which writing of a save this is (who wrote it, when, and what): it changes with every save,
 * a version-1 save's too, which says neither who nor when.
 */
export const saveMark = ({ writer, savedAt, saved }) => JSON.stringify([writer, savedAt, saved]);

/**
 * Whether anything has been played in a save's game, read from the engine's saved data of
 * format 1: XII Scripta's turns, steps or a throw of the turn under way, Latrunculi's moves
 * and placements; or marked `begun` (a game taken over mid-way). A game where nothing is
 * played loses nothing when another takes its place.
 */
export function played({ saved, begun }) {
  const some = (list) => Array.isArray(list) && list.length > 0;
  return begun === true || some(saved.turns) || saved.thrown === true || some(saved.steps) || some(saved.moves);
}

/**
 * Whether a new game of the link `origin` would take the place of the stored game: one under
 * way (played, not finished) of another link, or with `always` any under way (Play, a replay
 * taken over: what they start is never the saved game, whatever its link).
 */
export function inTheWay(stored, origin, always = false) {
  if (stored.saved === undefined || stored.over || !played(stored)) return false;
  return always || cleanOrigin(stored.origin) !== cleanOrigin(origin);
}

/**
 * A save of the current version; its slot is its origin's. `begun` marks a game under way
 * whose moves its saved data need not hold (taken over from a record without its history).
 */
export function makeSave(game, { origin, saved, opponent, over, begun }, writer, now) {
  return {
    version: SAVE_VERSION,
    game,
    slot: slotOf(game, new URLSearchParams(origin).get('rules')),
    origin,
    saved,
    savedFormat: SAVED_FORMAT,
    opponent: opponent ?? null,
    over: Boolean(over),
    savedAt: now.toISOString(),
    writer,
    ...(begun ? { begun: true } : {}),
  };
}
