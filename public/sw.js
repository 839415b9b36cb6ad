// The console's service worker (registered after load by boot.js): it shows Web Push alerts and
// opens the incident when one is clicked. It has no fetch handler on purpose: the console is not
// cached for offline use (an operator must never act on a stale page), and every request goes to
// the network as if the worker were not there. Served with cache-control: no-cache.
'use strict';

self.addEventListener('install', function () {
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});

/** A path on this console: a URL from the payload that leaves the origin becomes the home page. */
function consolePath(value) {
  if (typeof value !== 'string') return '/';
  try {
    var url = new URL(value, self.location.origin);
    return url.origin === self.location.origin ? url.pathname + url.search + url.hash : '/';
  } catch (e) {
    return '/';
  }
}

self.addEventListener('push', function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (e) {
    data = {};
  }
  var text = function (value, fallback) {
    return typeof value === 'string' && value !== '' ? value.slice(0, 500) : fallback;
  };
  var tag = text(data.tag, '');
  var options = {
    body: text(data.body, ''),
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    lang: text(data.lang, ''),
    data: { url: consolePath(data.url) },
    timestamp: Date.parse(data.at) || Date.now(),
  };
  // One alert, one notification: an update replaces it under the same tag; an escalation rings again.
  if (tag !== '') {
    options.tag = tag;
    options.renotify = data.renotify === true;
    options.requireInteraction = data.renotify === true;
  }
  event.waitUntil(self.registration.showNotification(text(data.title, 'Edge Sound Console'), options));
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var target = new URL(consolePath(event.notification.data && event.notification.data.url), self.location.origin)
    .href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i += 1) {
        var client = windows[i];
        if (new URL(client.url).origin === self.location.origin && 'navigate' in client) {
          return client
            .navigate(target)
            .then(function (opened) {
              return (opened || client).focus();
            })
            .catch(function () {
              return self.clients.openWindow(target);
            });
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
