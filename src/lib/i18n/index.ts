import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonEn } from './common-en';
import { commonKo } from './common-ko';

export const LANGUAGES = ['en', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'edge-sound-console.language';

function initialLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === 'en' || stored === 'ko') return stored;
  } catch {
    // Storage can be off (private mode); fall back to the browser's language.
  }
  return typeof navigator !== 'undefined' && navigator.language.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: initialLanguage(),
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  ns: ['common'],
  defaultNS: 'common',
  resources: { en: { common: commonEn }, ko: { common: commonKo } },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

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
  void i18n.changeLanguage(language);
}

/**
 * Registers a feature's strings under its own namespace, so each feature keeps its
 * translations beside its code.
 */
export function registerTranslations(namespace: string, en: Record<string, unknown>, ko: Record<string, unknown>): void {
  if (!i18n.hasResourceBundle('en', namespace)) i18n.addResourceBundle('en', namespace, en, true, true);
  if (!i18n.hasResourceBundle('ko', namespace)) i18n.addResourceBundle('ko', namespace, ko, true, true);
}

/** The label's name in the UI language, for data that carries `{ ko, en }`. */
export function localName(name: { ko: string; en: string }, language: string): string {
  return language === 'ko' ? name.ko || name.en : name.en || name.ko;
}

/** The other language's name, for a hover hint. */
export function otherName(name: { ko: string; en: string }, language: string): string {
  return language === 'ko' ? name.en : name.ko;
}
