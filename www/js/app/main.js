// The page's entry: loads the engine, picks the language, and shows the screen the URL asks
// for (home, a game, or a rules page). Moving between screens keeps the page: the old screen
// is destroyed and the new one mounted, with the address in the history.

import init, * as engine from '../../pkg/ludi_wasm.js';
import { createI18n, languageOf, pickLanguage } from '../i18n/index.js';
import { readRoute } from './route.js';
import { loadLanguage, saveLanguage } from './storage.js';
import { languageSwitcher } from './language.js';
import { gameCatalogue } from './games.js';
import { mountHome } from './home.js';
import { mountRulesPage } from './rules-page.js';
import { createWorkerClient } from '../kit/worker-client.js';
import { latrunculi } from '../games/latrunculi/entry.js';
import { startPwa } from './pwa.js';
import { applyTheme, addThemeButton } from './theme.js';
import { isFatal } from './fault.js';
import { showFault } from './safeguards.js';

const root = document.getElementById('app');

async function boot() {
  await init({ module_or_path: new URL('../../pkg/ludi_wasm_bg.wasm', import.meta.url) });
  // The engine's health: a Rust panic's message, handed over by the panic hook just before the
  // call traps, and whether a screen saw the engine fail. A failed wasm instance is not used
  // again: the next screen starts a fresh page.
  const health = { panic: null, failed: false };
  engine.onPanic((message) => {
    health.panic = message;
    health.failed = true;
    console.error(message);
  });
  const first = readRoute(location.search);
  const theme = applyTheme();
  const worker = createWorkerClient();
  const app = { screen: null };
  let i18n = null;
  let games = null;

  // The language: the link's `lang`, else the visitor's last choice, else the browser's. A
  // link's language is remembered, so a class sent to `?lang=la` stays in Latin on every screen.
  function speak(route) {
    if (languageOf(route.lang)) saveLanguage(languageOf(route.lang));
    const lang = pickLanguage([route.lang, loadLanguage(), ...(navigator.languages ?? [])]);
    if (i18n?.lang === lang) return;
    i18n = createI18n(lang);
    games = gameCatalogue(engine, i18n, latrunculi(engine, i18n));
    document.documentElement.lang = lang;
    document.querySelector('meta[name="description"]')?.setAttribute('content', i18n.t('app.description'));
  }

  // Switching redraws the screen at once; a game comes back from its save, as after a reload.
  function chooseLanguage(lang) {
    saveLanguage(lang);
    const params = new URLSearchParams(location.search);
    if (params.has('lang')) {
      params.set('lang', lang);
      history.replaceState(null, '', `?${params}`);
    }
    mount(readRoute(location.search));
  }

  function go(target) {
    history.pushState(null, '', target);
    mount(readRoute(location.search));
  }

  // A game whose engine fails while the screen is being built shows the error view too.
  function mountGame(game, ctx) {
    let why = null;
    try {
      const screen = game.mount(root, ctx);
      // A screen that caught its engine failing has shown the error view with its record.
      if (!health.failed || root.querySelector('[data-notice="engine-failed"]')) return screen;
    } catch (error) {
      if (!isFatal(error) && !health.failed) throw error;
      why = error.message;
    }
    health.failed = true;
    root.replaceChildren();
    showFault(root, ctx, ctx.route.game, { why: health.panic ?? why, record: () => '', opponent: null });
    return { destroy() {} };
  }

  function mount(route) {
    if (health.failed) return location.reload();
    app.screen?.destroy();
    app.screen = null;
    speak(route);
    const told = [];
    if (route.lang && !languageOf(route.lang)) told.push({ notice: 'unknownLanguage', args: { value: route.lang } });
    const game = games[route.game];
    const ctx = { engine, i18n, route, worker, go, games, told, health };
    if (route.screen === 'rules' && game) {
      app.screen = mountRulesPage(root, ctx, route.game);
    } else if (route.screen === 'game' && game) {
      app.screen = mountGame(game, ctx);
      document.title = `${i18n.t(game.name)} · ${i18n.t('app.title')}`;
    } else {
      if (route.game) told.push({ notice: 'unknownGame', args: { game: route.game } });
      app.screen = mountHome(root, ctx);
    }
    const header = root.querySelector('header');
    (header?.querySelector('.bar-actions') ?? header)?.append(languageSwitcher(i18n, chooseLanguage));
    addThemeButton(root, i18n, theme);
    window.scrollTo(0, 0);
    document.body.classList.add('ready');
  }

  window.addEventListener('popstate', () => mount(readRoute(location.search)));
  mount(first);
  startPwa(i18n);
}

boot().catch((error) => {
  const p = document.createElement('p');
  p.className = 'status';
  p.setAttribute('role', 'status');
  p.textContent = createI18n('en').t('app.failed', { why: error.message });
  root.replaceChildren(p);
});
