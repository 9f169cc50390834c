// KnowledgeKeeper service worker. The build stamps the bundle's hash below, so every new bundle is a
// new service worker: the page sees it installed and offers the app.newVersion refresh prompt.
const BUILD = '__BUILD__';

self.addEventListener('install', () => {
  // Wait: the page asks the user before the new version takes over.
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skipWaiting') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// No fetch handler: the app needs the live server, so there is nothing useful to serve offline yet.
self.KK_BUILD = BUILD;
