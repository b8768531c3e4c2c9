/** The two page languages: Simplified Chinese (the app's own texts) and Traditional Chinese. */
export type PageLanguage = 'zh-CN' | 'zh-TW';

/**
 * Shows the whole page in a language: for zh-TW every text already on the page, and every text rendered
 * later, is converted to Traditional Chinese; zh-CN puts the original texts back and stops converting.
 */
export interface PageTranslator {
  /** Resolves once the page shows the language; rejects when the converter could not be loaded. */
  apply(language: PageLanguage): Promise<void>;
}
export const PageTranslator = Symbol('PageTranslator');
