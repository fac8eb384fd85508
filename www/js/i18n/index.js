// Every word the page shows goes through t(key, args): one catalogue per language, placeholders
// written {name}, plurals as {one, other, ...} objects chosen by Intl.PluralRules on `count`.
// Missing messages fall back to English; a key missing everywhere shows as itself, which the
// tests look for.

import en from './en.js';

const CATALOGUES = { en };

export const LANGUAGES = Object.keys(CATALOGUES);

/** The language to use: the first of `wanted` (lang codes, best first) we have, else English. */
export function pickLanguage(wanted) {
  for (const code of wanted) {
    const base = String(code ?? '').toLowerCase().split('-')[0];
    if (CATALOGUES[base]) return base;
  }
  return 'en';
}

/** A translator for `lang`: {lang, t, list, has}. */
export function createI18n(lang = 'en') {
  const catalogue = CATALOGUES[lang] ?? en;
  const plurals = new Intl.PluralRules(lang);
  const numbers = new Intl.NumberFormat(lang);
  const lists = new Intl.ListFormat(lang, { type: 'conjunction' });

  function message(key, args) {
    const found = catalogue[key] ?? en[key];
    if (found === undefined) return key;
    if (typeof found === 'string') return found;
    const form = plurals.select(Number(args.count ?? 0));
    return found[form] ?? found.other;
  }

  function t(key, args = {}) {
    return message(key, args).replace(/\{(\w+)\}/g, (whole, name) => {
      const value = args[name];
      if (value === undefined || value === null) return whole;
      return typeof value === 'number' ? numbers.format(value) : String(value);
    });
  }

  return {
    lang,
    t,
    /** "2, 3 and 5" in the language's own way. */
    list: (items) => lists.format(items.map(String)),
    has: (key) => key in catalogue || key in en,
  };
}
