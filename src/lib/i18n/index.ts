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
export type TOptions = Record<string, unknown> & { count?: number };

/**
 * Every namespace's English catalogue, by name. Each feature's locales module adds its own
 * (`declare module '@/lib/i18n' { interface Catalogues { mics: typeof en } }`), so a key that
 * does not exist fails the typecheck, and Korean is typed as the English (same keys).
 */
export interface Catalogues {
  common: typeof commonEn;
}
export type Namespace = keyof Catalogues;

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** `rows_one` and `rows_other` are asked for as `rows` (with a count). */
type LeafKey<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base | K : K;
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? LeafKey<K> : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

export type KeyOf<N extends Namespace> = Paths<Catalogues[N]>;
/** A key of any namespace, named with it: `common:pagination.next`. */
export type QualifiedKey = { [N in Namespace]: `${N}:${KeyOf<N>}` }[Namespace];
/** A translation function for the keys of namespace N, and any namespace's when qualified. */
export type TFunction<N extends Namespace = 'common'> = (key: KeyOf<N> | QualifiedKey, options?: TOptions) => string;

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
const catalogues: Record<Language, Record<string, Resources>> = {
  en: { common: commonEn },
  ko: { common: commonKo },
};

/** Called with the new language after each switch; returns the unsubscribe. */
export function onLanguageChange(listener: (language: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every registered namespace of a language (for the catalogue tests). */
export function registeredCatalogues(language: Language): Readonly<Record<string, Resources>> {
  return catalogues[language];
}

function translate(key: string, options: TOptions = {}, defaultNs: string = DEFAULT_NS): string {
  const colon = key.indexOf(':');
  const ns = colon > 0 ? key.slice(0, colon) : defaultNs;
  const path = colon > 0 ? key.slice(colon + 1) : key;
  const tree = catalogues[i18n.language as Language]?.[ns];
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
    name in options ? valueText(options[name]) : match,
  );
}

const grouping = new Map<string, Intl.NumberFormat>();
/**
 * A whole number from 1,000 up in the language's grouping ("2,400 mics", not "2400" on a city's
 * wall); smaller ones and fractions as given, so a threshold keeps the digits its caller chose.
 */
function valueText(value: unknown): string {
  if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) < 1000) return String(value);
  let format = grouping.get(i18n.language);
  if (format === undefined) {
    format = new Intl.NumberFormat(i18n.language);
    grouping.set(i18n.language, format);
  }
  return format.format(value);
}

export const i18n = {
  language: initialLanguage() as string,

  /** Outside components: a `common` key, or any namespace's when qualified. */
  t: translate as TFunction,

  changeLanguage(language: string): void {
    if (language === i18n.language) return;
    i18n.language = language;
    for (const listener of listeners) listener(language);
  },
};

function applyLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
applyLanguage(i18n.language);
onLanguageChange(applyLanguage);

export function setLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Remembering is best effort.
  }
  i18n.changeLanguage(language);
}

const subscribe = (onChange: () => void) => onLanguageChange(onChange);
const currentLanguage = () => i18n.language;

/** `t` bound to a namespace (default `common`); the component re-renders when the language changes. */
export function useTranslation<N extends Namespace = 'common'>(
  ns: N = DEFAULT_NS as N,
): { t: TFunction<N>; i18n: typeof i18n } {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  // The language is part of the identity, so memoised children see a new `t` after a switch.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useCallback<TFunction<N>>((key, options) => translate(key, options, ns), [ns, language]);
  return { t, i18n };
}

/**
 * For a key made from data (an action name the server recorded): its translation, or `fallback`
 * when this build has none. The one place a key is not checked by the typecheck.
 */
export function translateData(ns: Namespace, key: string, fallback: string, options?: TOptions): string {
  const text = translate(key, options, ns);
  return text === key ? fallback : text;
}

/**
 * Registers a feature's strings under its own namespace, so each feature keeps its
 * translations beside its code (its type comes from the `Catalogues` entry it declares).
 */
export function registerTranslations<T extends Resources>(namespace: string, en: T, ko: T): void {
  catalogues.en[namespace] ??= en;
  catalogues.ko[namespace] ??= ko;
}

/** The label's name in the UI language, for data that carries `{ ko, en }`. */
export function localName(name: { ko: string; en: string }, language: string): string {
  return language === 'ko' ? name.ko || name.en : name.en || name.ko;
}

/** The other language's name, for a hover hint. */
export function otherName(name: { ko: string; en: string }, language: string): string {
  return language === 'ko' ? name.en : name.ko;
}
