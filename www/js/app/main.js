// The page's entry: loads the engine, picks the language, and shows the screen the URL asks
// for (home, a game, or a rules page). Moving between screens keeps the page: the old screen
// is destroyed and the new one mounted, with the address in the history.

import init, * as engine from '../../pkg/ludi_wasm.js';
import { createI18n, pickLanguage } from '../i18n/index.js';
import { readRoute } from './route.js';
import { gameCatalogue } from './games.js';
import { mountHome } from './home.js';
import { mountRulesPage } from './rules-page.js';
import { createWorkerClient } from '../kit/worker-client.js';
import { latrunculi } from '../games/latrunculi/entry.js';
import { applyTheme, addThemeButton } from './theme.js';

const root = document.getElementById('app');

async function boot() {
  await init({ module_or_path: new URL('../../pkg/ludi_wasm_bg.wasm', import.meta.url) });
  const first = readRoute(location.search);
  const i18n = createI18n(pickLanguage([first.lang, ...(navigator.languages ?? [])]));
  document.documentElement.lang = i18n.lang;
  const theme = applyTheme();
  const worker = createWorkerClient();
  const games = gameCatalogue(engine, i18n, latrunculi(engine, i18n));
  const app = { screen: null };

  function go(target) {
    history.pushState(null, '', target);
    mount(readRoute(location.search));
  }

  function mount(route) {
    app.screen?.destroy();
    app.screen = null;
    const told = [];
    const game = games[route.game];
    const ctx = { engine, i18n, route, worker, go, games, told };
    if (route.screen === 'rules' && game) {
      app.screen = mountRulesPage(root, ctx, route.game);
    } else if (route.screen === 'game' && game) {
      app.screen = game.mount(root, ctx);
      document.title = `${i18n.t(game.name)} · ${i18n.t('app.title')}`;
    } else {
      if (route.game) told.push({ notice: 'unknownGame', args: { game: route.game } });
      app.screen = mountHome(root, ctx);
    }
    addThemeButton(root, i18n, theme);
    window.scrollTo(0, 0);
    document.body.classList.add('ready');
  }

  window.addEventListener('popstate', () => mount(readRoute(location.search)));
  mount(first);
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('sw.js').catch(() => {
      // Offline play is a bonus; the page works without it.
    });
  }
}

boot().catch((error) => {
  const p = document.createElement('p');
  p.className = 'status';
  p.setAttribute('role', 'status');
  p.textContent = createI18n('en').t('app.failed', { why: error.message });
  root.replaceChildren(p);
});
