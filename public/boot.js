// Runs before the first paint. The server writes it into each page (server/boot-script.ts: its own
// request was a round trip before the first frame) and allows it by its hash, as the
// Content-Security-Policy allows no other inline script:
// - the colour scheme, so a dark control room never sees a white flash;
// - the language the app will choose (src/lib/i18n), so the first frame the HTML carries in both
//   languages (src/app/first-frame.ts) shows only that one;
// - the app's scripts, started once that frame is on screen: found in the HTML, a phone's slow
//   connection would fetch them alongside what the frame needs and hold its paint back.
(function () {
  var stored = null;
  try {
    stored = window.localStorage.getItem('mantine-color-scheme-value');
  } catch (e) {
    stored = null;
  }
  var wall = window.location.pathname === '/wall';
  var system = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  var scheme = wall ? 'dark' : stored === 'light' || stored === 'dark' ? stored : system;
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);

  var language = null;
  try {
    language = window.localStorage.getItem('edge-sound-console.language');
  } catch (e) {
    language = null;
  }
  if (language !== 'en' && language !== 'ko') {
    language = (navigator.language || '').toLowerCase().indexOf('ko') === 0 ? 'ko' : 'en';
  }
  document.documentElement.lang = language;
})();

(function () {
  function add(rel, href, as) {
    var link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    link.crossOrigin = '';
    if (as) link.as = as;
    document.head.appendChild(link);
  }
  // A task of its own for each: a link starts its request as it is added (the page's nine took 70-80
  // ms at 4x CPU in one task, after the first paint, where it blocks input), and a message, unlike a
  // timer, is neither clamped when nested nor held back for seconds in a background tab. One channel,
  // held here: one made per call, reachable only from its own handler, may be collected unanswered.
  var channel = new MessageChannel();
  var waiting = [];
  channel.port1.onmessage = function () {
    waiting.shift()();
  };
  function later(then) {
    waiting.push(then);
    channel.port2.postMessage(null);
  }
  function start() {
    var app = document.querySelector('meta[name="app-module"]');
    // The development server puts its scripts in the page itself.
    if (app === null) return;
    var links = [];
    var styles = document.querySelectorAll('meta[name="page-style"]');
    for (var i = 0; i < styles.length; i += 1) links.push(['preload', styles[i].content, 'style']);
    // The data the page reads first (server/route-preload.ts names it only for a signed-in person).
    var data = document.querySelectorAll('meta[name="page-data"]');
    for (var k = 0; k < data.length; k += 1) links.push(['preload', data[k].content, 'fetch']);
    // The entry's libraries, in files of their own (vite.config.ts), before the pages' modules.
    var imports = document.querySelectorAll('meta[name="app-import"]');
    for (var m = 0; m < imports.length; m += 1) links.push(['modulepreload', imports[m].content]);
    var modules = document.querySelectorAll('meta[name="page-module"]');
    for (var j = 0; j < modules.length; j += 1) links.push(['modulepreload', modules[j].content]);
    links.push(['modulepreload', app.content]);
    var next = function () {
      var link = links.shift();
      if (link !== undefined) {
        add(link[0], link[1], link[2]);
        later(next);
        return;
      }
      warmIntl();
      // An added script does not wait for the page's stylesheets as one in the HTML would: the app
      // runs once they are in, or it would draw its first page unstyled.
      whenStyled(function () {
        var script = document.createElement('script');
        script.type = 'module';
        script.crossOrigin = '';
        script.src = app.content;
        document.head.appendChild(script);
      });
    };
    next();
  }
  // The first Intl object a page builds loads ICU's data, one task of 150-300 ms at 4x CPU; every
  // page builds one (times, plurals, sorting). ICU's caches are the process's, so a worker building
  // them while the app's script downloads takes that task off the main thread (public/intl-warm.js).
  function warmIntl() {
    if (typeof Worker === 'undefined') return;
    try {
      new Worker('/intl-warm.js').postMessage(document.documentElement.lang);
    } catch (e) {
      // No worker: the app's own first Intl object loads ICU, as it would anyway.
    }
  }
  function whenStyled(then) {
    var sheets = document.querySelectorAll('link[rel="stylesheet"]');
    var pending = 0;
    function done() {
      pending -= 1;
      if (pending === 0) then();
    }
    for (var i = 0; i < sheets.length; i += 1) {
      if (sheets[i].sheet !== null) continue;
      pending += 1;
      sheets[i].addEventListener('load', done);
      sheets[i].addEventListener('error', done);
    }
    if (pending === 0) then();
  }
  // The wall's frame shows its clock, at the size `?scale=` asks for (src/features/wall/wall-config.ts),
  // ticking until the wall replaces it.
  function clock() {
    var shown = document.querySelector('[data-frame-clock]');
    if (shown === null) return;
    var scale = Number(new URLSearchParams(location.search).get('scale'));
    if (scale > 0) shown.parentElement.style.setProperty('--wall-scale', String(Math.min(2, Math.max(0.75, scale))));
    var pad = function (n) {
      return (n < 10 ? '0' : '') + n;
    };
    var tick = function () {
      if (!shown.isConnected) return;
      var now = new Date();
      shown.textContent = pad(now.getHours()) + ':' + pad(now.getMinutes()) + ':' + pad(now.getSeconds());
      setTimeout(tick, 1000 - now.getMilliseconds());
    };
    tick();
  }
  // Animation frame callbacks run before the frame is painted; a task queued from one, after.
  requestAnimationFrame(function () {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', clock);
    else clock();
    setTimeout(start, 0);
  });
})();

// The service worker (public/sw.js) shows Web Push alerts; registered once the page has loaded, so
// it never competes with the first paint. Not on a wall: a wall screen has no one to notify.
(function () {
  if (!('serviceWorker' in navigator) || !window.isSecureContext || location.pathname === '/wall') return;
  window.addEventListener('load', function () {
    setTimeout(function () {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(function () {});
    }, 1000);
  });
})();
