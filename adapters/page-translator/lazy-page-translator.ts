import type { PageLanguage, PageTranslator } from '../../src/core/ports/page-translator.ts';

/**
 * Loads the real translator the first time Traditional Chinese is chosen, so that neither the converter nor
 * the code walking the page is part of the first screen's JavaScript. Until then zh-CN has nothing to undo.
 */
export class LazyPageTranslator implements PageTranslator {
  private loading: Promise<PageTranslator> | null = null;
  private loaded: PageTranslator | null = null;
  /** Bumped by every apply, so a slow load never overrides a later choice. */
  private generation = 0;

  constructor(private readonly load: () => Promise<PageTranslator>) {}

  /** The browser's translator: OpenCC over the document, fetched (with its dictionaries) on first use. */
  static opencc(doc: Document): LazyPageTranslator {
    return new LazyPageTranslator(() => import('./opencc-page-translator.ts').then((m) => new m.OpenccPageTranslator(doc)));
  }

  async apply(language: PageLanguage): Promise<void> {
    const generation = ++this.generation;
    if (language === 'zh-CN' && !this.loaded) return;
    const translator = await this.translator();
    if (generation === this.generation) await translator.apply(language);
  }

  private translator(): Promise<PageTranslator> {
    this.loading ??= this.load().then(
      (translator) => (this.loaded = translator),
      (error: unknown) => {
        this.loading = null; // a later choice tries again
        throw error;
      },
    );
    return this.loading;
  }
}
