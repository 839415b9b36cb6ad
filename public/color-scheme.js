// Sets the colour scheme before the first paint so a dark control room never sees a white flash.
// A file of its own because the Content-Security-Policy allows no inline script.
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
})();
