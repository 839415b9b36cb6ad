import { act, renderHook } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  i18n,
  LANGUAGES,
  registerTranslations,
  registeredCatalogues,
  setLanguage,
  translateData,
  useTranslation,
} from '.';

const sample = {
  greeting: 'Hello {{name}}',
  rows_one: '{{count}} row',
  rows_other: '{{count}} rows',
  nested: { deep: 'Deep' },
};
registerTranslations('sample', sample, {
  greeting: '{{name}}님 안녕하세요',
  rows_one: '{{count}}행',
  rows_other: '{{count}}행',
  nested: { deep: '깊음' },
});

declare module '.' {
  interface Catalogues {
    sample: typeof sample;
  }
}

afterEach(() => setLanguage('en'));
// The web files share one module graph (isolate: false): left registered, the sample namespace
// was checked by translations.test.ts too, but only when this file had run first in its worker.
afterAll(() => {
  for (const language of LANGUAGES) delete (registeredCatalogues(language) as Record<string, unknown>).sample;
});

describe('translations at run time', () => {
  it('groups whole numbers from 1,000 up as the language does, and leaves smaller ones and fractions as given', () => {
    setLanguage('en');
    expect(i18n.t('sample:rows', { count: 2400 })).toBe('2,400 rows');
    expect(i18n.t('sample:rows', { count: 999 })).toBe('999 rows');
    expect(i18n.t('sample:greeting', { name: 0.49239569 })).toBe('Hello 0.49239569');
    setLanguage('ko');
    expect(i18n.t('sample:rows', { count: 1234567 })).toBe('1,234,567행');
  });

  it('interpolates, picks the plural form by count and reads nested keys', () => {
    setLanguage('en');
    expect(i18n.t('sample:greeting', { name: 'Mina' })).toBe('Hello Mina');
    expect(i18n.t('sample:rows', { count: 1 })).toBe('1 row');
    expect(i18n.t('sample:rows', { count: 3 })).toBe('3 rows');
    expect(i18n.t('sample:nested.deep')).toBe('Deep');
  });

  it('answers a key made from data with its translation, or with the fallback when there is none', () => {
    expect(translateData('sample', 'nested.deep', 'x')).toBe('Deep');
    expect(translateData('sample', 'no.such.key', 'as recorded')).toBe('as recorded');
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
