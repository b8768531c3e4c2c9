import type { PageLanguage, PageTranslator } from '../../src/core/ports/page-translator.ts';

/** A few Simplified → Traditional characters, enough for tests (the real adapter uses OpenCC). */
const FAKE_TRADITIONAL: Record<string, string> = {
  帮: '幫',
  设: '設',
  语: '語',
  简: '簡',
  体: '體',
  录: '錄',
  视: '視',
  频: '頻',
  请: '請',
  选: '選',
  择: '擇',
  备: '備',
  码: '碼',
  页: '頁',
};

function fakeTraditional(text: string): string {
  return [...text].map((c) => FAKE_TRADITIONAL[c] ?? c).join('');
}

/** One text the fake page shows. */
export interface FakePageText {
  /** What the page shows now. */
  text(): string;
  /** The app renders a new text in its place. */
  set(text: string): void;
}

/**
 * A page of texts in memory: texts the app renders are shown converted while zh-TW is applied, their
 * originals come back with zh-CN. Records every language applied and can fail the next converter load.
 */
export class FakePageTranslator implements PageTranslator {
  language: PageLanguage = 'zh-CN';
  readonly applied: PageLanguage[] = [];
  private readonly originals: string[] = [];
  private generation = 0;
  private failNext = false;

  async apply(language: PageLanguage): Promise<void> {
    const generation = ++this.generation;
    if (language === 'zh-TW') {
      await Promise.resolve(); // the converter loads
      if (this.failNext) {
        this.failNext = false;
        throw new Error('converter failed to load');
      }
      if (generation !== this.generation) return;
    }
    this.language = language;
    this.applied.push(language);
  }

  /** The next zh-TW apply rejects, as when the converter's chunk cannot be fetched. */
  failNextLoad(): void {
    this.failNext = true;
  }

  render(text: string): FakePageText {
    const at = this.originals.push(text) - 1;
    return {
      text: () => this.shown(this.originals[at] ?? ''),
      set: (next: string) => {
        this.originals[at] = next;
      },
    };
  }

  /** Every text the page shows, in render order. */
  texts(): string[] {
    return this.originals.map((text) => this.shown(text));
  }

  private shown(text: string): string {
    return this.language === 'zh-TW' ? fakeTraditional(text) : text;
  }
}
