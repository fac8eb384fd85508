// The language switcher: a <select data-action="language"> naming each language in itself.
// Choosing one hands the code to `choose`; the router redraws the screen in it.

import { LANGUAGES, nativeName } from '../i18n/index.js';

export function languageSwitcher(i18n, choose) {
  const select = document.createElement('select');
  select.className = 'language';
  select.dataset.action = 'language';
  select.setAttribute('aria-label', i18n.t('language.label'));
  select.title = i18n.t('language.label');
  for (const lang of LANGUAGES) {
    const option = document.createElement('option');
    option.value = lang;
    option.lang = lang;
    option.textContent = nativeName(lang);
    select.append(option);
  }
  select.value = i18n.lang;
  select.addEventListener('change', () => choose(select.value));
  return select;
}
