// Offline play. `precache.js` is written by `cargo xtask` from the files in www/ after each
// build: `self.PRECACHE = { version, files }`, the version carrying a hash of every listed
// file. Browsers re-check a worker's imported scripts for updates, so a build that changes any
// file installs a new worker, which caches that build whole under its own name. The new worker
// waits: the page offers it ("A new version is ready") and the player's tap activates it.
//
// Requests are answered from the cache first, then from the network (caching what it sends).
// Only this origin's GET requests are handled; there are no others. The cache holds one entry
// per path whatever the query, since links vary it (`?game=...&position=...`).

importScripts('precache.js');

const { version: VERSION, files: FILES } = self.PRECACHE;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(VERSION)
      // `no-cache` asks the server whether each file the page has just loaded is still the one
      // in the HTTP cache (a 304 carries no body), so the cache holds the bytes the version was
      // made from without a first visit downloading the site twice.
      .then((cache) => cache.addAll(FILES.map((file) => new Request(file, { cache: 'no-cache' })))),
  );
});

// A new version waits until the player asks for it (the page's "Update" button), so a game in
// progress is never swapped out from under them. Only this shape of message is obeyed.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'ludi:skip-waiting') self.skipWaiting();
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
  // link, a record): never from the cache, never kept in it.
  if (url.pathname.startsWith('/api/')) return;
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
