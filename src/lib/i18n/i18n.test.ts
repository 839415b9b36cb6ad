import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, registerTranslations, setLanguage, useTranslation } from '.';

registerTranslations(
  'sample',
  { greeting: 'Hello {{name}}', rows_one: '{{count}} row', rows_other: '{{count}} rows', nested: { deep: 'Deep' } },
  { greeting: '{{name}}님 안녕하세요', rows_one: '{{count}}행', rows_other: '{{count}}행', nested: { deep: '깊음' } },
);

afterEach(() => setLanguage('en'));

describe('translations at run time', () => {
  it('interpolates, picks the plural form by count and reads nested keys', () => {
    setLanguage('en');
    expect(i18n.t('greeting', { name: 'Mina' }, 'sample')).toBe('Hello Mina');
    expect(i18n.t('rows', { count: 1 }, 'sample')).toBe('1 row');
    expect(i18n.t('rows', { count: 3 }, 'sample')).toBe('3 rows');
    expect(i18n.t('sample:nested.deep')).toBe('Deep');
    expect(i18n.t('nested.deep', { ns: 'sample' })).toBe('Deep');
  });

  it('answers the key itself for a missing translation, so a gap is visible, not blank', () => {
    expect(i18n.t('no.such.key', {}, 'sample')).toBe('no.such.key');
  });

  it('re-renders a component with the new language and remembers the choice', () => {
    setLanguage('en');
    const { result } = renderHook(() => useTranslation('sample'));
    expect(result.current.t('greeting', { name: 'Mina' })).toBe('Hello Mina');
    act(() => setLanguage('ko'));
    expect(result.current.t('greeting', { name: 'Mina' })).toBe('Mina님 안녕하세요');
    expect(document.documentElement.lang).toBe('ko');
    expect(localStorage.getItem('edge-sound-console.language')).toBe('ko');
  });
});
