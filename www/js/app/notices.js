// Notices about the link, the saved game or the computer, as {key, text} for the status line.
// A notice's `keys` name words by catalogue key (a side, a rule set; a list of keys is said as
// a list), said here in the reader's language; what came from outside (a link's value, an
// engine's reason) is cut to a readable length.

import { nativeName } from '../i18n/index.js';

// A link or a save may carry anything, of any length: a notice quotes only the start of it.
const QUOTED = 40;
export const REASON = 200;
export const cut = (value, most) => {
  const text = String(value);
  return text.length > most ? `${text.slice(0, most - 1)}…` : text;
};

export function noticeWords({ t, list, lang }, { notice, args = {}, keys = {} }) {
  const words = { ...args };
  for (const [name, key] of Object.entries(keys)) words[name] = Array.isArray(key) ? list(key.map((k) => t(k))) : t(key);
  for (const name of ['value', 'game']) if (name in args) words[name] = cut(args[name], QUOTED);
  if ('why' in args) words.why = cut(args.why, REASON);
  // The language the page fell back on is the reader's own, named in itself.
  if (notice === 'unknownLanguage') words.fallback = nativeName(lang);
  return { key: `notice.${notice}`, text: t(`notice.${notice}`, words) };
}

/** Several messages as one: texts joined, keys joined (the status line's data-say). */
export function joined(messages) {
  const present = messages.filter(Boolean);
  return {
    key: present.map((m) => m.key).join(' '),
    text: present.map((m) => m.text).join(' '),
  };
}
