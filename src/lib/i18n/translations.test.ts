import { describe, expect, it } from 'vitest';
import { registeredCatalogues } from '.';

// Every module that registers a namespace; importing them fills the i18n store.
import.meta.glob('/src/**/*locales.ts', { eager: true });

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const en = registeredCatalogues('en') as Record<string, Tree>;
  const ko = registeredCatalogues('ko') as Record<string, Tree>;

  it('registers the same namespaces in English and Korean, including every feature', () => {
    expect(Object.keys(ko).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en)).toEqual(
      expect.arrayContaining(['common', 'mics', 'map', 'wall', 'events', 'composite-events']),
    );
  });

  for (const namespace of Object.keys(registeredCatalogues('en'))) {
    it(`has every "${namespace}" key in both languages, non-empty, with the same placeholders`, () => {
      const enLeaves = leaves(en[namespace]!);
      const koLeaves = leaves(ko[namespace] ?? {});
      expect([...koLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
      for (const [key, text] of enLeaves) {
        const translated = koLeaves.get(key) ?? '';
        expect(text.trim(), `en ${namespace}:${key}`).not.toBe('');
        expect(translated.trim(), `ko ${namespace}:${key}`).not.toBe('');
        expect(variables(translated), `placeholders of ${namespace}:${key}`).toEqual(variables(text));
      }
    });
  }
});
