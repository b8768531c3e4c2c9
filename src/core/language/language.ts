import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { PageLanguage } from '../ports/page-translator.ts';

export type Language = PageLanguage;

/** The page translation cookie (spec: language). */
export const LANGUAGE_COOKIE = 'googtrans';
export const LANGUAGE_COOKIE_DAYS = 365;
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Reads the googtrans cookie ('/zh-CN/zh-TW' means shown in Traditional Chinese). */
export function readLanguage(cookies: KeyValueStore): Language {
  const value = cookies.get(LANGUAGE_COOKIE);
  return value?.split('/').filter(Boolean).at(-1) === 'zh-TW' ? 'zh-TW' : DEFAULT_LANGUAGE;
}

/** Stores the page language in the googtrans cookie for 365 days. */
export function storeLanguage(cookies: KeyValueStore, language: Language): void {
  cookies.set(LANGUAGE_COOKIE, `/${DEFAULT_LANGUAGE}/${language}`, { days: LANGUAGE_COOKIE_DAYS });
}
