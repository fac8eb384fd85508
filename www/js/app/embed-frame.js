// The board inside another site's page (embed.html, loaded before main.js): no header and no
// home screen, an "Open in full" link, and a few messages to the host page's embed.js.
//
// Messages, both ways, are plain objects `{ludi: 'embed', v: 1, type, ...}`; anything else is
// ignored (and counted in data-embed-ignored, so a test can see it was). The host speaks first,
// `{type: 'hello', id}`, from the frame's own parent window; the frame remembers that origin
// and from then on posts only to it: `{type: 'resize', id, height}` whenever its height changes
// and `{type: 'gameover', id, winner, rules, turns}` when a game ends. Until the hello, the
// frame says `{type: 'ready'}` (no data) so a host that loaded first can greet it.

import { loadI18n, pickLanguage } from '../i18n/index.js';

const PROTOCOL = 'embed';
const VERSION = 1;
// What an embed may carry to the game; anything else in its URL is dropped.
const PASSED = ['game', 'rules', 'opponent', 'level', 'side', 'face', 'lang', 'position', 'seed', 'pace'];
const GAMES = ['scripta', 'latrunculi'];

export function isMessage(data, type) {
  return data !== null && typeof data === 'object' && !Array.isArray(data)
    && data.ludi === PROTOCOL && data.v === VERSION && data.type === type;
}

/** The embed's URL put right before the router reads it: a known game, never a rules page. */
function normalise(html) {
  const params = new URLSearchParams(location.search);
  const theme = params.get('theme');
  html.dataset.theme = theme === 'dark' ? 'dark' : 'light';
  const kept = new URLSearchParams();
  for (const name of PASSED) {
    const value = params.get(name)?.trim();
    if (value) kept.set(name, value);
  }
  if (!GAMES.includes(kept.get('game'))) kept.set('game', GAMES[0]);
  history.replaceState(null, '', `?${kept}${theme ? `&theme=${encodeURIComponent(theme)}` : ''}`);
  return kept;
}

async function openInFull(kept) {
  const { t } = await loadI18n(pickLanguage([kept.get('lang'), ...(navigator.languages ?? [])]));
  // Shown by the CSS only if the router fell back to the home screen (a game not offered yet).
  const unavailable = document.createElement('p');
  unavailable.className = 'status embed-unavailable';
  unavailable.dataset.say = 'embed.unavailable';
  unavailable.textContent = t('embed.unavailable');
  const footer = document.createElement('footer');
  footer.className = 'embed-footer';
  const link = document.createElement('a');
  link.href = new URL(`./?${kept}`, location.href).href;
  link.target = '_blank';
  link.rel = 'noopener';
  link.dataset.action = 'open-full';
  link.textContent = t('embed.openFull');
  footer.append(link);
  document.body.append(unavailable, footer);
}

function talk(html) {
  const parent = window.parent;
  if (parent === window) return;
  const link = { origin: null, id: null };
  let ignored = 0;
  let lastHeight = 0;
  // A layout that changes with the frame's height (the landscape phone rules) could swing
  // between two heights for ever: a swing back within a moment holds the taller one a while.
  let recent = [];
  let holdUntil = 0;
  const post = (message) => {
    if (link.origin) parent.postMessage({ ludi: PROTOCOL, v: VERSION, id: link.id, ...message }, link.origin);
  };
  const height = () => Math.ceil(document.body.getBoundingClientRect().height);
  const resize = () => {
    // Not before the screen is drawn: a frame sized to the empty page would be short, hence
    // landscape, and the board would settle in the landscape phone layout.
    if (!document.body.classList.contains('ready')) return;
    const now = performance.now();
    let h = height();
    if (h <= 0 || h === lastHeight || now < holdUntil) return;
    recent = recent.filter((r) => now - r.at < 500);
    if (recent.some((r) => r.height === h)) {
      h = Math.max(h, lastHeight);
      holdUntil = now + 2000;
      setTimeout(resize, 2050);
    }
    recent.push({ height: h, at: now });
    lastHeight = h;
    post({ type: 'resize', height: h });
  };
  window.addEventListener('message', (event) => {
    const ok = event.source === parent && isMessage(event.data, 'hello')
      && typeof event.data.id === 'string' && event.data.id.length <= 64
      && (link.origin === null || link.origin === event.origin);
    if (!ok) {
      html.dataset.embedIgnored = String(++ignored);
      return;
    }
    if (link.origin === null) {
      link.origin = event.origin;
      link.id = event.data.id;
      html.dataset.embedHost = event.origin;
    }
    lastHeight = 0;
    holdUntil = 0;
    resize();
  });
  new ResizeObserver(resize).observe(document.body);
  new MutationObserver(resize).observe(document.body, { attributes: true, attributeFilter: ['class'] });
  document.addEventListener('ludi:gameover', (event) => {
    const { winner, rules, turns } = event.detail ?? {};
    post({ type: 'gameover', winner: String(winner), rules: rules ?? null, turns: Number(turns) });
  });
  // Carries nothing, so it may go to whoever the parent is: it only asks for a hello.
  parent.postMessage({ ludi: PROTOCOL, v: VERSION, type: 'ready' }, '*');
}

const html = document.documentElement;
const kept = normalise(html);
openInFull(kept);
talk(html);
