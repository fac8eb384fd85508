// Ludi Romani on another site, in one line:
//
//   <script src="https://games.example/ludi/embed.js" defer></script>
//   <div data-ludi-game="scripta" data-rules="" data-opponent="computer" data-level=""
//        data-side="" data-face="" data-lang="en" data-theme="light"></div>
//
// Each such element becomes an <iframe> of embed.html from the folder this script came from,
// kept as tall as the board through messages, and fires `ludi:gameover` (detail: winner, rules,
// turns) on the element when a game ends. Messages are checked both ways: only the frame's own
// window at the game's origin is heard, only the exact shape is believed; anything else is
// ignored. See embedding.html for every option.
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var base = new URL('.', script.src);
  var ORIGIN = base.origin;
  var OPTIONS = ['rules', 'opponent', 'level', 'side', 'face', 'lang', 'theme', 'position', 'seed', 'pace'];
  var MIN_HEIGHT = 120;
  var MAX_HEIGHT = 4000;
  var frames = new Map(); // frame window -> {element, iframe, id}
  var count = 0;

  function isMessage(data, type) {
    return data !== null && typeof data === 'object' && !Array.isArray(data)
      && data.ludi === 'embed' && data.v === 1 && data.type === type;
  }

  function hello(entry) {
    entry.iframe.contentWindow.postMessage({ ludi: 'embed', v: 1, type: 'hello', id: entry.id }, ORIGIN);
  }

  function mount(element) {
    if (element.querySelector('iframe[data-ludi-frame]')) return;
    var game = element.getAttribute('data-ludi-game') || 'scripta';
    var params = new URLSearchParams();
    params.set('game', game);
    OPTIONS.forEach(function (name) {
      var value = element.getAttribute('data-' + name);
      if (value) params.set(name, value);
    });
    var id = 'ludi-' + (++count);
    var iframe = document.createElement('iframe');
    iframe.src = new URL('embed.html?' + params, base).href;
    iframe.title = element.getAttribute('data-title')
      || (game === 'latrunculi' ? 'Latrunculi' : 'XII Scripta') + ' · Ludi Romani';
    iframe.setAttribute('data-ludi-frame', id);
    iframe.setAttribute('loading', 'lazy');
    iframe.setAttribute('allow', 'fullscreen');
    iframe.style.width = '100%';
    iframe.style.height = '640px';
    iframe.style.border = '0';
    iframe.style.display = 'block';
    var entry = { element: element, iframe: iframe, id: id };
    element.appendChild(iframe);
    frames.set(iframe.contentWindow, entry);
    iframe.addEventListener('load', function () {
      hello(entry);
    });
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== ORIGIN) return;
    var entry = frames.get(event.source);
    var data = event.data;
    if (!entry) return;
    if (isMessage(data, 'ready')) {
      hello(entry);
    } else if (isMessage(data, 'resize') && data.id === entry.id
      && typeof data.height === 'number' && isFinite(data.height)) {
      var height = Math.min(Math.max(Math.round(data.height), MIN_HEIGHT), MAX_HEIGHT);
      entry.iframe.style.height = height + 'px';
      entry.element.setAttribute('data-ludi-height', String(height));
    } else if (isMessage(data, 'gameover') && data.id === entry.id
      && typeof data.winner === 'string' && /^[a-z]{1,16}$/.test(data.winner)
      && (data.rules === null || (typeof data.rules === 'string' && data.rules.length <= 200))
      && Number.isInteger(data.turns) && data.turns >= 0) {
      entry.element.dispatchEvent(new CustomEvent('ludi:gameover', {
        bubbles: true,
        detail: { winner: data.winner, rules: data.rules, turns: data.turns },
      }));
    }
  });

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll('[data-ludi-game]'), mount);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}());
