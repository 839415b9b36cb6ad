import { afterEach, describe, expect, it } from 'vitest';
import { formatAge, formatDuration } from './format';
import { i18n } from './i18n';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('formatAge', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('says an age as a person would, rounded down', () => {
    i18n.changeLanguage('en');
    expect(
      [0, 59_999, MIN, 12 * MIN + 59_000, 3 * HOUR, 3 * HOUR + 12 * MIN, 24 * HOUR, 52 * HOUR + 30 * MIN].map(
        formatAge,
      ),
    ).toEqual(['under a minute', 'under a minute', '1 min', '12 min', '3 h', '3 h 12 min', '1 d', '2 d 4 h']);
    // A clock a little behind the server's must not show a negative age.
    expect(formatAge(-5000)).toBe('under a minute');
  });

  it('speaks Korean', () => {
    i18n.changeLanguage('ko');
    expect([30_000, 5 * MIN, 3 * HOUR + 12 * MIN, 52 * HOUR].map(formatAge)).toEqual([
      '1분 미만',
      '5분',
      '3시간 12분',
      '2일 4시간',
    ]);
  });
});

describe('formatDuration', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('says a span of seconds in the UI language, rounded to the second', () => {
    const spans = [17_400, 60_000, 99_000, 3 * HOUR + 5 * MIN];
    i18n.changeLanguage('en');
    expect(spans.map(formatDuration)).toEqual(['17 s', '1 min', '1 min 39 s', '3 h 5 min']);
    i18n.changeLanguage('ko');
    expect(spans.map(formatDuration)).toEqual(['17초', '1분', '1분 39초', '3시간 5분']);
  });
});
