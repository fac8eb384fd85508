// Every word the page shows goes through t(key, args): one catalogue per language, placeholders
// written {name} ({side:of} for a name in another form, from the catalogue's `form.of`),
// plurals as {one, other, ...} objects chosen by Intl.PluralRules on `count`.
// Missing messages fall back to English; a key missing everywhere shows as itself, which the
// tests look for.

// Only English (the fallback) comes with the page; another catalogue is fetched when its
// language is chosen, so a first visit downloads one language, not six. The rules pages'
// words (pages/<lang>.js, about two fifths of the words) come only with a rules page.
import en from './en.js';

// Each language's name in itself, for the switcher: the same in every language, so it lives
// here rather than in six catalogues that would each have to be loaded to show it.
const NAMES = { en: 'English', de: 'Deutsch', it: 'Italiano', fr: 'Français', ru: 'Русский', la: 'Latina' };

/** The languages we speak, in the order the switcher offers them. */
export const LANGUAGES = Object.keys(NAMES);

// Latin: no browser has plural, number or list data for it, so its rules live here.
const LATIN_PLURALS = {
  select: (n) => (n === 1 ? 'one' : 'other'),
  resolvedOptions: () => ({ pluralCategories: ['one', 'other'] }),
};
// Roman numbers as the page writes them: plain digits, no grouping, lists joined with "et".
const latinNumbers = () => new Intl.NumberFormat('en', { useGrouping: false });
const LATIN_LISTS = {
  format: (items) => (items.length < 2 ? items.join('')
    : `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`),
};

const known = (code) => Object.hasOwn(NAMES, code);

/** The language we have for a code such as "de-AT" or "fr", or null. */
export function languageOf(code) {
  const base = String(code ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return known(base) ? base : null;
}

/** A language's name in that language, for the switcher: "Deutsch", "Русский". */
export function nativeName(lang) {
  return NAMES[lang] ?? lang;
}

/** The plural rules of `lang` (ours for Latin): {select(n), resolvedOptions()}. */
export function pluralRules(lang) {
  return lang === 'la' ? LATIN_PLURALS : new Intl.PluralRules(lang);
}

/** The language to use: the first of `wanted` (lang codes, best first) we have, else English. */
export function pickLanguage(wanted) {
  for (const code of wanted) {
    const lang = languageOf(code);
    if (lang) return lang;
  }
  return 'en';
}

/** The catalogue of a language we speak (English for any other code). */
export async function loadCatalogue(wanted) {
  const lang = known(wanted) ? wanted : 'en';
  return lang === 'en' ? en : (await import(`./${lang}.js`)).default;
}

/** The words of the rules pages in a language we speak (English for any other code). */
export async function loadPages(wanted) {
  const lang = known(wanted) ? wanted : 'en';
  return (await import(`./pages/${lang}.js`)).default;
}

/** A translator for `wanted`, its catalogue fetched first: {lang, t, list, has, pages}. */
export async function loadI18n(wanted = 'en') {
  return createI18n(wanted, await loadCatalogue(wanted));
}

/**
 * A translator for `wanted` with its `catalogue` (English, the fallback of every message, when
 * none is given): {lang, t, list, has, pages}. The rules pages' words come apart, fetched by
 * `pages()`: a first visit needs none of them.
 */
export function createI18n(wanted = 'en', catalogue = en) {
  const lang = known(wanted) && catalogue !== en ? wanted : 'en';
  // The rules pages' words once fetched: the language's, and English's to fall back on.
  const more = { mine: {}, en: {} };
  let asked = null;
  // Made when first needed: a browser's first Intl object costs a slow phone a tenth of a
  // second, and a screen's first words need none.
  const once = (make) => {
    let made = null;
    return () => (made ??= make());
  };
  const plurals = once(() => pluralRules(lang));
  const numbers = once(() => (lang === 'la' ? latinNumbers() : new Intl.NumberFormat(lang)));
  const lists = once(() => (lang === 'la' ? LATIN_LISTS : new Intl.ListFormat(lang, { type: 'conjunction' })));

  // A side's name where the sentence needs another form of it: `{side:of}` looks the name up
  // in the catalogue's `form.of` table ("Albi" to "degli Albi" in Italian, "Alborum" in Latin).
  // A name the table does not know (a player's own) takes the table's '*' pattern ("di {name}"
  // for "di Marco"), or stays as it is where the language has none (a Latin genitive).
  function inflect(form, name) {
    const table = catalogue[`form.${form}`];
    return table?.[name] ?? table?.['*']?.replace('{name}', () => name) ?? name;
  }
  function message(key, args) {
    const found = catalogue[key] ?? more.mine[key] ?? en[key] ?? more.en[key];
    if (found === undefined) return key;
    if (typeof found === 'string') return found;
    const form = plurals().select(Number(args.count ?? 0));
    return found[form] ?? found.other;
  }

  function t(key, args = {}) {
    return message(key, args).replace(/\{(\w+)(?::(\w+))?\}/g, (whole, name, form) => {
      const value = args[name];
      if (value === undefined || value === null) return whole;
      if (form) return inflect(form, String(value));
      if (typeof value !== 'number') return String(value);
      // Counts below a thousand read as plain digits in every language we speak (tested).
      return Number.isInteger(value) && value >= 0 && value < 1000 ? String(value) : numbers().format(value);
    });
  }

  return {
    lang,
    t,
    /** "2, 3 and 5" in the language's own way. */
    list: (items) => lists().format(items.map(String)),
    has: (key) => key in catalogue || key in more.mine || key in en || key in more.en,
    /** Fetches the rules pages' words (once, unless it failed): `t` says them from then on. */
    pages() {
      asked ??= Promise.all([loadPages(lang), loadPages('en')]).then(([mine, english]) => {
        Object.assign(more, { mine, en: english });
      }, (error) => {
        asked = null;
        throw error;
      });
      return asked;
    },
  };
}
