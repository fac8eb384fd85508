// Light and dark: the page follows the device's prefers-color-scheme until the player chooses
// with the theme switch, which this device then remembers; a link's `theme` (an embed's)
// comes first. The choice is one attribute on
// <html> (`data-theme="light"|"dark"`) that style.css reads.

const KEY = 'ludi-romani.theme';
const dark = () => window.matchMedia('(prefers-color-scheme: dark)');

function chosen() {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

/** A theme the link asks for (`theme=light|dark`, as embeds pass the host's), or null. */
function linked() {
  const value = new URLSearchParams(location.search).get('theme');
  return value === 'light' || value === 'dark' ? value : null;
}

/** The theme in force now: the link's, else the player's choice, else the device's. */
export function currentTheme() {
  return linked() ?? chosen() ?? (dark().matches ? 'dark' : 'light');
}

/** Sets <html data-theme> and follows the device while the player has not chosen. */
export function applyTheme() {
  const set = () => {
    document.documentElement.dataset.theme = currentTheme();
    for (const b of document.querySelectorAll('[data-action="theme"]')) {
      b.setAttribute('aria-pressed', String(currentTheme() === 'dark'));
    }
  };
  set();
  dark().addEventListener('change', set);
  return set;
}

/** The switch (a toggle button: pressed = dark), for a screen's header bar. */
export function themeButton({ t }, refresh) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'plain theme-switch';
  b.dataset.action = 'theme';
  b.textContent = t('a11y.theme.dark');
  b.setAttribute('aria-pressed', String(currentTheme() === 'dark'));
  b.addEventListener('click', () => {
    const next = currentTheme() === 'dark' ? 'light' : 'dark';
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // Private modes may refuse storage: the switch still works for this visit.
      document.documentElement.dataset.theme = next;
    }
    refresh();
    if (!chosen()) {
      document.documentElement.dataset.theme = next;
      b.setAttribute('aria-pressed', String(next === 'dark'));
    }
  });
  return b;
}

/**
 * Puts the switch on the screen just mounted in `root`: beside a game's command line (the
 * header of a game has no room left on a phone), else in the header.
 */
export function addThemeButton(root, i18n, refresh) {
  const bar = root.querySelector('.command-row') ?? root.querySelector('header .bar-actions') ?? root.querySelector('header');
  bar?.append(themeButton(i18n, refresh));
}
