import type { Container } from 'inversify';
import { LanguageService } from '../core/language/language-service.ts';
import { CookieStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { PageTranslator } from '../core/ports/page-translator.ts';

/** The language switch on the page translator bound by the container (OpenCC in the browser, a fake headless). */
export function bindLanguage(container: Container): void {
  container
    .bind(LanguageService)
    .toDynamicValue((ctx) => new LanguageService(ctx.get<KeyValueStore>(CookieStore), ctx.get<PageTranslator>(PageTranslator)))
    .inSingletonScope();
}
