import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { PageTranslator } from '../ports/page-translator.ts';
import { DEFAULT_LANGUAGE, readLanguage, storeLanguage, type Language } from './language.ts';

/**
 * The page language: kept in the googtrans cookie (365 days), which the request layer also reads for
 * Lang, and shown by the page translator. At start the stored language is applied; a switch is stored
 * once the page shows it, so a converter that cannot load leaves both page and requests as they were.
 */
export class LanguageService {
  constructor(
    private readonly cookies: KeyValueStore,
    private readonly translator: PageTranslator,
  ) {}

  current(): Language {
    return readLanguage(this.cookies);
  }

  /** Applies the stored language; Simplified Chinese is what the app renders, so nothing to do then. */
  async start(): Promise<void> {
    const language = this.current();
    if (language !== DEFAULT_LANGUAGE) await this.translator.apply(language);
  }

  /** Shows the page in the language, then stores the choice; rejects, storing nothing, when the converter cannot load. */
  async switchTo(language: Language): Promise<void> {
    await this.translator.apply(language);
    storeLanguage(this.cookies, language);
  }
}
