// printkit in the browser, offline after the first visit: this service worker keeps every file of the site
// (the list below, written by printkit site) and answers the page's requests from them. It keeps each file
// as it passes on the first visit (so the site is downloaded once, while Pyodide starts), and when the page
// says printkit is running ("keep") it fetches whatever of the list has not passed yet. A new site is a new
// list and a new cache; the old one is dropped when the new one takes over.
const SITE = "__SITE__";
const FILES = __FILES__;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("printkit-") && k !== SITE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

function listed(url) {
  const rel = url.href.slice(self.registration.scope.length);
  return FILES.includes(rel === "" ? "./" : rel);
}

// The response goes to the page as it arrives, and into the cache beside it (the event lives until it is kept):
// waiting for the cache first would hold Pyodide's WebAssembly back from compiling while it downloads.
async function answer(event) {
  const request = event.request;
  const cache = await caches.open(SITE);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && listed(new URL(request.url))) event.waitUntil(cache.put(request, response.clone()));
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || !url.href.startsWith(self.registration.scope)) return;
  event.respondWith(answer(event));
});

self.addEventListener("message", (event) => {
  if (event.data !== "keep") return;
  event.waitUntil(caches.open(SITE).then(async (cache) => {
    const missing = [];
    for (const rel of FILES) if (!(await cache.match(new URL(rel, self.registration.scope)))) missing.push(rel);
    await cache.addAll(missing);
    if (event.source) event.source.postMessage({ kept: FILES.length, fetched: missing.length });
  }));
});
