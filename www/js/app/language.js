// The language switcher: a small box showing the language's code (DE, FR…) with the real
// <select data-action="language"> lying invisibly over it, so a tap opens the phone's own list,
// where each language is named in itself. Choosing one hands its code to `choose`; the router
// redraws the screen in it, or answers false when it cannot, and the switch goes back.

import { LANGUAGES, nativeName } from '../i18n/index.js';

export function languageSwitcher(i18n, choose) {
  const box = document.createElement('label');
  box.className = 'language-switch';
  const code = document.createElement('span');
  code.setAttribute('aria-hidden', 'true');
  code.textContent = i18n.lang.toUpperCase();
  const select = document.createElement('select');
  select.dataset.action = 'language';
  select.setAttribute('aria-label', i18n.t('language.label'));
  box.title = i18n.t('language.label');
  for (const lang of LANGUAGES) {
    const option = document.createElement('option');
    option.value = lang;
    option.lang = lang;
    option.textContent = nativeName(lang);
    select.append(option);
  }
  select.value = i18n.lang;
  select.addEventListener('change', async () => {
    if (!(await choose(select.value))) select.value = i18n.lang;
  });
  box.append(code, select);
  return box;
}
