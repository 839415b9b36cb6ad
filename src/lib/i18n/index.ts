import { useCallback, useSyncExternalStore } from 'react';
import { commonEn } from './common-en';
import { commonKo } from './common-ko';

/**
 * The app's translations: namespaces of nested strings per language, `{{name}}` interpolation
 * and `count` plurals through Intl.PluralRules (keys `x_one`, `x_other`). It covers what the
 * app uses of i18next's API in a few hundred bytes instead of some 17 kB on the first paint.
 */

export const LANGUAGES = ['en', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];

type Resources = { [key: string]: string | Resources };
export type TOptions = Record<string, unknown> & { ns?: string; count?: number };
export type TFunction = (key: string, options?: TOptions) => string;

const STORAGE_KEY = 'edge-sound-console.language';
const DEFAULT_NS = 'common';

function initialLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === 'en' || stored === 'ko') return stored;
  } catch {
    // Storage can be off (private mode); fall back to the browser's language.
  }
  return typeof navigator !== 'undefined' && navigator.language.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

function lookup(tree: Resources | undefined, path: string): string | undefined {
  let node: string | Resources | undefined = tree;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const listeners = new Set<(language: string) => void>();
const plurals = new Map<string, Intl.PluralRules>();

export const i18n = {
  language: initialLanguage() as string,
  store: { data: { en: { common: commonEn }, ko: { common: commonKo } } as Record<string, Record<string, Resources>> },

  t(key: string, options: TOptions = {}, defaultNs = DEFAULT_NS): string {
    const colon = key.indexOf(':');
    const ns = colon > 0 ? key.slice(0, colon) : (options.ns ?? defaultNs);
    const path = colon > 0 ? key.slice(colon + 1) : key;
    const tree = i18n.store.data[i18n.language]?.[ns];
    let text: string | undefined;
    if (typeof options.count === 'number') {
      let rules = plurals.get(i18n.language);
      if (rules === undefined) {
        rules = new Intl.PluralRules(i18n.language);
        plurals.set(i18n.language, rules);
      }
      text = lookup(tree, `${path}_${rules.select(options.count)}`) ?? lookup(tree, `${path}_other`);
    }
    text ??= lookup(tree, path);
    if (text === undefined) return key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
      name in options ? String(options[name]) : match,
    );
  },

  changeLanguage(language: string): void {
    if (language === i18n.language) return;
    i18n.language = language;
    for (const listener of listeners) listener(language);
  },

  on(_event: 'languageChanged', listener: (language: string) => void): void {
    listeners.add(listener);
  },

  off(_event: 'languageChanged', listener: (language: string) => void): void {
    listeners.delete(listener);
  },

  hasResourceBundle(language: string, ns: string): boolean {
    return i18n.store.data[language]?.[ns] !== undefined;
  },

  addResourceBundle(language: string, ns: string, resources: Resources): void {
    (i18n.store.data[language] ??= {})[ns] = resources;
  },
};

function applyLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);

export function setLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Remembering is best effort.
  }
  i18n.changeLanguage(language);
}

const subscribe = (onChange: () => void) => {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
};
const currentLanguage = () => i18n.language;

/** `t` bound to a namespace (default `common`); the component re-renders when the language changes. */
export function useTranslation(ns: string = DEFAULT_NS): { t: TFunction; i18n: typeof i18n } {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  // The language is part of the identity, so memoised children see a new `t` after a switch.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useCallback<TFunction>((key, options) => i18n.t(key, options, ns), [ns, language]);
  return { t, i18n };
}

/**
 * Registers a feature's strings under its own namespace, so each feature keeps its
 * translations beside its code.
 */
export function registerTranslations(
  namespace: string,
  en: Record<string, unknown>,
  ko: Record<string, unknown>,
): void {
  if (!i18n.hasResourceBundle('en', namespace)) i18n.addResourceBundle('en', namespace, en as Resources);
  if (!i18n.hasResourceBundle('ko', namespace)) i18n.addResourceBundle('ko', namespace, ko as Resources);
}

/** The label's name in the UI language, for data that carries `{ ko, en }`. */
export function localName(name: { ko: string; en: string }, language: string): string {
  return language === 'ko' ? name.ko || name.en : name.en || name.ko;
}

/** The other language's name, for a hover hint. */
export function otherName(name: { ko: string; en: string }, language: string): string {
  return language === 'ko' ? name.en : name.ko;
}
