// The scanner's service worker: the app shell (every file of the build, listed by the build as
// PRECACHE) is cached at install, so the app starts and scans without a network. Only same-origin
// GETs are answered here; the API and auth hosts are always asked directly (the app itself handles
// their absence). config.json is fetched first and its cached copy used only offline.
const PRECACHE = self.__SCANNER_PRECACHE__;
const cacheName = `scanner-${self.__SCANNER_VERSION__}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name !== cacheName).map((name) => caches.delete(name))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.endsWith('/config.json')) {
    event.respondWith(
      caches.open(cacheName).then((cache) =>
        fetch(request)
          .then((response) => {
            if (response.ok) cache.put(request, response.clone());
            return response;
          })
          .catch(() => cache.match(request).then((cached) => cached ?? Response.error())),
      ),
    );
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() => caches.match('./index.html').then((cached) => cached ?? Response.error())),
    );
    return;
  }
  event.respondWith(caches.match(request).then((cached) => cached ?? fetch(request)));
});
