// A teacher's class on the game server (docs/online.md, "Classes"), and the classes this
// device holds: a teacher's key or a pupil's token, kept in localStorage under the class's
// id and never in a link, so a reload or a restarted tablet finds its class again. Stored
// data is untrusted: what does not read is left out.

import { asked, loadEntries, saveEntry, text } from './online-api.js';
import { CLASSES_KEY } from './storage.js';

const CLASSES_KEPT = 10;
const LETTERS = /^[ACDEFHJKMNPRTVWXY]{6}$/;

const bearer = (secret) => ({ headers: { authorization: `Bearer ${secret}` } });
const at = (id, what = '') => `/api/classes/${encodeURIComponent(id)}${what}`;

export const createClass = (game, rules) => asked('/api/classes', {
  method: 'POST', body: JSON.stringify({ game, ...(rules ? { rules } : {}) }),
});
export const classByCode = (code) => asked(`/api/class-codes/${encodeURIComponent(code)}`);
export const joinClass = (code, name) => asked(`/api/class-codes/${encodeURIComponent(code)}/join`, {
  method: 'POST', body: JSON.stringify({ name }),
});
export const pupilView = (id, token) => asked(at(id, '/pupil'), bearer(token));
export const wallView = (id, key) => asked(at(id), bearer(key));

/** A teacher's command: `start` (with the teacher's pairs, or by arrival), `pause`, `resume`, `end`. */
export const command = (id, key, what, body = {}) => asked(at(id, `/${what}`), {
  method: 'POST', body: JSON.stringify(body), ...bearer(key),
});

/** Every record of the class, one after another; with `game`, that game's alone. */
export async function classRecords(id, key, game = null) {
  const response = await fetch(at(id, `/records${game ? `?game=${encodeURIComponent(game)}` : ''}`), bearer(key));
  if (!response.ok) throw new Error(response.statusText);
  return response.text();
}

/**
 * The teacher's own pairs as waiting pupils are tapped: a first tap picks a pupil, a second
 * pairs the one picked with this one (the same pupil again drops the pick), and a tap on a
 * paired pupil undoes its pair. `pairing` is {picked, pairs}; pure.
 */
export function pickPupil({ picked, pairs }, number) {
  const paired = pairs.findIndex((pair) => pair.includes(number));
  if (paired >= 0) return { picked: null, pairs: pairs.filter((_, i) => i !== paired) };
  if (picked === null || picked === number) return { picked: picked === number ? null : number, pairs };
  return { picked: null, pairs: [...pairs, [picked, number]] };
}

/** The pairing kept to the pupils still waiting (a pair started meanwhile goes). */
export const stillWaiting = ({ picked, pairs }, waiting) => ({
  picked: waiting.includes(picked) ? picked : null,
  pairs: pairs.filter((pair) => pair.every((n) => waiting.includes(n))),
});

/** A code as typed or read from a link: capitals without spaces or dashes, or null. */
export function readCode(text) {
  const code = String(text ?? '').replace(/[\s-]/g, '').toUpperCase();
  return LETTERS.test(code) ? code : null;
}

/** The link a pupil opens (the QR code holds it). */
export const joinLink = (code) => new URL(`/?class=${code}`, location.href).href;

/** The classes this device holds, newest first: {id, role, secret, code, game, rules, name, ...}. */
export const loadClasses = () => loadEntries(CLASSES_KEY,
  (c) => (c.role === 'teacher' || c.role === 'pupil') && text(c.secret, 200) && readCode(c.code) && text(c.game, 12),
  (c) => ({
    role: c.role, secret: c.secret, code: c.code, game: c.game,
    rules: typeof c.rules === 'string' ? c.rules : '',
    name: text(c.name, 24) ? c.name : null,
    ended: c.ended === true,
    // The teacher's level for a pupil left without a partner ('' waits), or null for the default.
    computer: ['', 'easy', 'medium', 'hard'].includes(c.computer) ? c.computer : null,
  }));

export const loadClass = (id) => loadClasses().find((c) => c.id === id) ?? null;

/** Keeps (or updates) class `id`; false when the browser refuses. */
export const saveClass = (id, entry) => saveEntry(CLASSES_KEY, loadClasses(), CLASSES_KEPT, id, entry);
