// Offline play: the app's own files are cached on install. Requests go to the network first
// (so a new build is seen at once) and fall back to the cache when offline. Only this origin's
// GET requests are handled; there are no others.

const VERSION = 'ludi-romani-v2';
const APP = [
  './',
  'index.html',
  'style.css',
  'manifest.webmanifest',
  'icon.svg',
  'js/main.js',
  'js/board.js',
  'js/trays.js',
  'js/input.js',
  'js/animate.js',
  'js/strings.js',
  'js/storage.js',
  'js/params.js',
  'js/ai.js',
  'js/ai-worker.js',
  'pkg/ludi_wasm.js',
  'pkg/ludi_wasm_bg.wasm',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(APP)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          // One entry per file whatever the query (position links vary it), so the cache stays small.
          const copy = response.clone();
          const key = url.origin + url.pathname;
          caches.open(VERSION).then((cache) => cache.put(key, copy));
        }
        return response;
      })
      .catch(() => caches.match(event.request, { ignoreSearch: true })),
  );
});
