// Started by public/boot.js. The first Intl object a page builds loads ICU's data and fills its
// caches, which the page's threads share: built here, on a thread of its own while the app's
// scripts download, it leaves the app's first Intl object 2-15 ms at 4x CPU instead of one task of
// 150-300 ms on the main thread (bench/RESULTS.md 2c).
onmessage = function (event) {
  var language = event.data === 'ko' ? 'ko' : 'en';
  try {
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(0);
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
    new Intl.NumberFormat(language).format(1234.5);
    new Intl.PluralRules(language).select(2);
    new Intl.Collator(language).compare('a', 'b');
  } catch (e) {
    // An old browser without Intl: the app says what it cannot do.
  }
  close();
};
