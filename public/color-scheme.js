// Sets the colour scheme before the first paint so a dark control room never sees a white flash,
// and the language the app will choose (src/lib/i18n), so the first frame the HTML carries in both
// languages shows only that one. A file of its own because the Content-Security-Policy allows no
// inline script.
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
