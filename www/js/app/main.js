// The page's entry: picks the language and shows the screen the URL asks for (home, a game, a
// rules page, or a game on the server). Moving between screens keeps the page: the old screen
// is destroyed and the new one mounted, with the address in the history.
//
// Each game has an engine of its own, fetched only when that game is played, replayed or its
// rules drawn; the home screen draws its boards from pictures made at build time and needs
// none. A screen's words do not need the engine, so they are drawn first and a screen asks for
// it after that first paint: a slow network shows a game's frame or a rules page at once, and
// only the board waits. The replay view, all engine, fetches its game's at once.

import { createEngines } from '../kit/engines.js';
import { createI18n, loadI18n, languageOf, pickLanguage } from '../i18n/index.js';
import { readRoute } from './route.js';
import { loadLanguage, saveLanguage } from './storage.js';
import { languageSwitcher } from './language.js';
import { gameCatalogue } from './games.js';
import { mountReplaceQuestion, replaced, saveSeen } from './unfinished.js';
import { saveMark } from './saves.js';
import { createWorkerClient } from '../kit/worker-client.js';
import { completeOfflineCopy, startPwa } from './pwa.js';
import { applyTheme, addThemeButton } from './theme.js';
import { isFatal } from './fault.js';
import { showFault } from './safeguards.js';
import { importWhole } from '../kit/preload.js';

const HOME = new URL('./home.js', import.meta.url);

const root = document.getElementById('app');

// Once the browser has shown the first screen's words, or after a while should it never say
// so. Its first largest-contentful-paint entry, reported only after the frame is on screen,
// is the first text painted: the shell's splash (shapes only) makes the first contentful
// paint but no such entry. A browser without them says when its first contentful paint is.
const FIRST_WORDS_WAIT = 3000;
function firstWordsShown() {
  return new Promise((resolve) => {
    setTimeout(resolve, FIRST_WORDS_WAIT);
    const types = PerformanceObserver.supportedEntryTypes ?? [];
    const watch = (type, seen) => new PerformanceObserver((list, observer) => {
      if (!seen(list)) return;
      observer.disconnect();
      resolve();
    }).observe({ type, buffered: true });
    if (types.includes('largest-contentful-paint')) watch('largest-contentful-paint', () => true);
    else if (types.includes('paint')) watch('paint', (list) => list.getEntriesByName('first-contentful-paint').length > 0);
    else resolve();
  });
}

async function boot() {
  // The engines' health: a Rust panic's message, handed over by the panic hook just before the
  // call traps, and whether a screen saw an engine fail. A failed wasm instance is not used
  // again: the next screen starts a fresh page.
  const health = { panic: null, failed: false };
  // Each game's engine, instantiated once, whoever asks first.
  const engines = createEngines({
    onPanic: (message) => {
      health.panic = message;
      health.failed = true;
      console.error(message);
    },
  });
  const first = readRoute(location.search);
  const theme = applyTheme();
  const worker = createWorkerClient();
  const app = { screen: null, mounting: 0 };
  let i18n = null;
  let games = null;
  // Screens ask for an engine only once the first words are on screen.
  const shown = firstWordsShown();
  const later = (game) => shown.then(() => engines.load(game));

  // The language: the link's `lang`, else the visitor's last choice, else the browser's. A
  // link's language is remembered, so a class sent to `?lang=la` stays in Latin on every screen.
  // The switch's choice is also held for the page's life: a browser that refuses storage
  // keeps it too.
  let chosen = null;
  async function speak(route) {
    if (languageOf(route.lang)) {
      chosen = languageOf(route.lang);
      saveLanguage(chosen);
    }
    const lang = pickLanguage([route.lang, chosen, loadLanguage(), ...(navigator.languages ?? [])]);
    if (i18n?.lang === lang) return;
    // Words that cannot be fetched (offline, before the offline copy is whole) fall back to
    // English, which came with the page, rather than leave every visit at an error.
    i18n = await loadI18n(lang).catch(() => loadI18n('en'));
    games = gameCatalogue(later, i18n);
    document.documentElement.lang = i18n.lang;
    document.querySelector('meta[name="description"]')?.setAttribute('content', i18n.t('app.description'));
  }

  // Switching redraws the screen once its words are here: a game comes back from its save, as
  // after a reload, or as it stood where it was not saved here (storage.js `keepUnsaved`).
  // Words that cannot be fetched change nothing; the switch goes back to the language shown.
  let choosing = 0;
  async function chooseLanguage(lang) {
    const turn = app.mounting;
    const mine = ++choosing;
    try {
      await loadI18n(lang);
    } catch {
      return false;
    }
    // A later choice, made while these words came, stands.
    if (mine !== choosing) return true;
    chosen = lang;
    saveLanguage(lang);
    const params = new URLSearchParams(location.search);
    if (params.has('lang')) {
      params.set('lang', lang);
      history.replaceState(null, '', `?${params}`);
    }
    // A screen that took the page while the words came (Play, a link) is drawn in them next
    // time; drawing its route again here would lose what it was handed. A game comes back as
    // the same screen only where its save holds it as it stands.
    if (turn === app.mounting) mount(readRoute(location.search), null, null, { redrawn: true, same: Boolean(app.screen?.kept?.()) });
    return true;
  }

  // The language and theme switches join the screen's header once it is drawn: a game screen
  // asks as soon as its frame is, before its engine arrives, so nothing moves later.
  function furnish() {
    const header = root.querySelector('header');
    if (!header || header.querySelector('.language-switch')) return;
    (header.querySelector('.bar-actions') ?? header).append(languageSwitcher(i18n, chooseLanguage));
    addThemeButton(root, i18n, theme);
  }

  // `handoff` gives the next screen what a link cannot carry: a game taken over from a replay;
  // `confirmed` a new game the visitor has already agreed to (mount).
  function go(target, handoff = null, confirmed = null) {
    history.pushState(null, '', target);
    mount(readRoute(location.search), handoff, confirmed);
  }

  // A game whose engine fails while the screen is being built shows the error view too.
  async function mountGame(game, ctx) {
    let why = null;
    try {
      const screen = await game.mount(root, ctx);
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

  // A later mount (a quick tap, the back button) wins over one still loading its module. A
  // game that would take the place of an unfinished one (another link of the same game and
  // rules, or a replay taken over) waits until the visitor has `confirmed` it ({seen, fresh}:
  // the save as the visitor saw it, in the question or at Play; `fresh` for the home screen's
  // Play, which never goes on with the saved game, whatever its link); an embedded board saves
  // nothing, so it replaces nothing. A screen `redrawn` in another language is the same screen:
  // it says nothing again of a game not saved here, nor of its game where the save holds it as
  // it stood (`same`); `tries` counts its own Try again (`again()`) after its engine did not
  // arrive.
  async function mount(route, handoff = null, confirmed = null, { redrawn = false, same = false, tries = 0 } = {}) {
    if (health.failed) return location.reload();
    const turn = ++app.mounting;
    app.screen?.destroy();
    app.screen = null;
    document.body.classList.remove('ready');
    await speak(route);
    const told = [];
    if (route.lang && !languageOf(route.lang)) told.push({ notice: 'unknownLanguage', args: { value: route.lang } });
    const game = games[route.game];
    // A game's screen module and its engine are asked for at once: the screen draws its frame
    // and words first and waits for the engine itself, as do rules pages and previews.
    if (route.screen === 'game' && game) {
      game.load();
      engines.prefetch(route.game);
    }
    // `seen`: the save that stood when the page looked for a game this one would replace, or
    // that the visitor agreed to replace (the screen keeps any game played in it since).
    const seen = confirmed ? confirmed.seen : game ? saveSeen(route.game, route.rules) : null;
    const fresh = Boolean(confirmed?.fresh);
    const current = () => turn === app.mounting;
    const again = () => mount(route, handoff, confirmed, { tries: tries + 1 });
    const ctx = { engines, ready: later, i18n, route, worker, go, games, told, handoff, health, furnish, seen, fresh, redrawn, same, tries, again, current };
    if (!current()) return;
    const waiting = route.screen === 'game' && game && !confirmed && !document.documentElement.hasAttribute('data-embed')
      ? replaced(games, route.game, route.rules, route.origin, Boolean(handoff)) : null;
    let screen;
    if (route.screen === 'replay') {
      screen = await (await import('./replay.js')).mountReplay(root, ctx);
    } else if (route.screen === 'online') {
      screen = await (await import('./online.js')).mountOnline(root, ctx);
    } else if (route.screen === 'class') {
      screen = (await import('./class-join.js')).mountClassJoin(root, ctx);
    } else if (route.screen === 'teach') {
      screen = (await import('./teach.js')).mountTeach(root, ctx);
    } else if (route.screen === 'rules' && game) {
      screen = (await import('./rules-page.js')).mountRulesPage(root, ctx, route.game);
    } else if (waiting) {
      screen = mountReplaceQuestion(root, ctx, waiting, () => mount(route, handoff, { seen: saveMark(waiting.stored) }));
    } else if (route.screen === 'game' && game) {
      screen = await mountGame(game, ctx);
      document.title = `${i18n.t(game.name)} · ${i18n.t('app.title')}`;
    } else {
      if (route.game) told.push({ notice: 'unknownGame', args: { game: route.game } });
      // The boards' pictures come with the home screen's module, not one step after it.
      for (const each of Object.values(games)) each.loadPictures().catch(() => {});
      screen = (await importWhole(HOME)).mountHome(root, ctx);
    }
    if (!current()) {
      screen.destroy();
      return;
    }
    app.screen = screen;
    if (route.screen !== 'home') completeOfflineCopy();
    furnish();
    window.scrollTo(0, 0);
    await screen.drawn;
    if (current()) document.body.classList.add('ready');
  }

  window.addEventListener('popstate', () => mount(readRoute(location.search)));
  await mount(first);
  startPwa(i18n);
}

boot().catch((error) => {
  const p = document.createElement('p');
  p.className = 'status';
  p.setAttribute('role', 'status');
  p.textContent = createI18n('en').t('app.failed', { why: error.message });
  root.replaceChildren(p);
});
