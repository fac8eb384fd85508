// Offline play. `precache.js` is written by `cargo xtask` from the files in www/ after each
// build: `self.PRECACHE = { version, files }`, the version carrying a hash of every listed
// file. Browsers re-check a worker's imported scripts for updates, so a build that changes any
// file installs a new worker, which caches that build whole under its own name. The new worker
// waits: the page offers it ("A new version is ready") and the player's tap activates it.
//
// A first visit costs only what the home screen needs: the worker keeps what the page has just
// downloaded, from the browser's HTTP cache, without asking the network. The rest of the site
// (each game's engine and screens, the other languages) is cached as it is used, and all of it
// once the visitor goes past the home screen or installs the app (the page's
// `ludi:complete-copy` message), so a visitor who has played once plays offline.
//
// Requests are answered from the cache first, then from the network (caching what it sends).
// Only this origin's GET requests are handled; there are no others. The cache holds one entry
// per path whatever the query, since links vary it (`?game=...&position=...`).

importScripts('precache.js');

const { version: VERSION, files: FILES } = self.PRECACHE;
const PREFIX = 'ludi-romani-';
// Where the game server answers: beside the site, at the root where the server serves it.
const API = new URL('api/', self.registration.scope).pathname;

/** Caches every listed file not yet in `cache`, asking the server whether each is fresh. */
async function completeCopy(cache) {
  const have = new Set((await cache.keys()).map((request) => new URL(request.url).href));
  const missing = FILES.filter((file) => !have.has(new URL(file, self.location).href));
  // `no-cache` asks the server whether each file the browser already holds is still the one
  // in the HTTP cache (a 304 carries no body), so nothing is downloaded twice.
  await cache.addAll(missing.map((file) => new Request(file, { cache: 'no-cache' })));
}

/**
 * Keeps what the browser's HTTP cache holds of the site, asking the network nothing, and the
 * page itself (a first visit to a link has it under the link's address, not the site's).
 */
async function keepDownloaded(cache) {
  await Promise.all(FILES.map(async (file) => {
    // Not downloaded yet: cached when used, or by the complete copy.
    const kept = await fetch(new Request(file, { cache: 'only-if-cached', mode: 'same-origin' }))
      .then((response) => (response.ok ? response : null), () => null);
    if (kept) await cache.put(file, kept);
    else if (file === './') await cache.add(new Request(file, { cache: 'no-cache' })).catch(() => {});
  }));
}

self.addEventListener('install', (event) => {
  event.waitUntil(caches.keys().then(async (keys) => {
    const cache = await caches.open(VERSION);
    // An update (an older version's copy is here) takes the whole new version before it may
    // take over, so nothing that played offline stops doing so.
    if (keys.some((key) => key.startsWith(PREFIX) && key !== VERSION)) return completeCopy(cache);
    return keepDownloaded(cache);
  }));
});

// A new version waits until the player asks for it (the page's "Update" button), so a game in
// progress is never swapped out from under them. Only these shapes of message are obeyed.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'ludi:skip-waiting') self.skipWaiting();
  if (event.data && event.data.type === 'ludi:complete-copy') {
    event.waitUntil(caches.open(VERSION).then(completeCopy).catch(() => {
      // Offline or a file gone: the next visit past the home screen tries again.
    }));
  }
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
  // The game server's answers are live (whether it is there, an invite's state, a QR code per
  // link, a record): never from the cache, never kept in it. So is a static host's own answer.
  if (url.pathname.startsWith(API)) return;
  event.respondWith(
    caches.open(VERSION).then((cache) =>
      cache.match(event.request, { ignoreSearch: true }).then((cached) => cached || fetch(event.request).then((response) => {
        if (response.ok && response.type === 'basic') {
          event.waitUntil(cache.put(url.origin + url.pathname, response.clone()));
        }
        return response;
      })),
    ),
  );
});
