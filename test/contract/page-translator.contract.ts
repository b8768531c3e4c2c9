import { describe, expect, it } from 'vitest';
import type { PageTranslator } from '../../src/core/ports/page-translator.ts';

export interface PageTranslatorHarness {
  translator: PageTranslator;
  /** The app renders a text on the page; the handle reads what is shown and renders a new text in its place. */
  render(text: string): { text(): string; set(text: string): void };
  /** Lets the page settle (observers run). */
  settle(): Promise<void>;
  /** The next zh-TW apply cannot load its converter. */
  failNextLoad(): void;
}

/** makeHarness: an empty page in Simplified Chinese. Texts use 帮 设 语 视 频 请 选 择 备 (the fake knows these). */
export function pageTranslatorContract(name: string, makeHarness: () => PageTranslatorHarness): void {
  describe(`PageTranslator contract: ${name}`, () => {
    it('shows texts as the app renders them until Traditional is chosen', async () => {
      const h = makeHarness();
      const help = h.render('帮助中心');
      await h.settle();
      expect(help.text()).toBe('帮助中心');
      await h.translator.apply('zh-CN');
      expect(help.text()).toBe('帮助中心');
    });

    it('zh-TW converts every text already shown, and leaves texts without Chinese alone', async () => {
      const h = makeHarness();
      const help = h.render('帮助中心');
      const video = h.render('视频设置');
      const plain = h.render('VIP 1.6.3');
      await h.translator.apply('zh-TW');
      expect([help.text(), video.text(), plain.text()]).toEqual(['幫助中心', '視頻設置', 'VIP 1.6.3']);
    });

    it('keeps converting what the app renders or changes later', async () => {
      const h = makeHarness();
      const title = h.render('帮助中心');
      await h.translator.apply('zh-TW');
      const later = h.render('请选择设备');
      title.set('语言设置');
      await h.settle();
      expect(later.text()).toBe('請選擇設備');
      expect(title.text()).toBe('語言設置');
    });

    it('applying zh-TW again changes nothing', async () => {
      const h = makeHarness();
      const help = h.render('帮助中心');
      await h.translator.apply('zh-TW');
      await h.translator.apply('zh-TW');
      await h.settle();
      expect(help.text()).toBe('幫助中心');
    });

    it('zh-CN puts back what the app rendered, including texts rendered or changed under Traditional, and stops converting', async () => {
      const h = makeHarness();
      const help = h.render('帮助中心');
      await h.translator.apply('zh-TW');
      const later = h.render('请选择设备');
      help.set('语言设置');
      await h.settle();
      await h.translator.apply('zh-CN');
      expect([help.text(), later.text()]).toEqual(['语言设置', '请选择设备']);
      const after = h.render('视频');
      await h.settle();
      expect(after.text()).toBe('视频');
    });

    it('switches back and forth', async () => {
      const h = makeHarness();
      const help = h.render('帮助中心');
      for (const [language, shown] of [['zh-TW', '幫助中心'], ['zh-CN', '帮助中心'], ['zh-TW', '幫助中心'], ['zh-CN', '帮助中心']] as const) {
        await h.translator.apply(language);
        await h.settle();
        expect(help.text()).toBe(shown);
      }
    });

    it('a later choice wins over a zh-TW still loading its converter', async () => {
      const h = makeHarness();
      const help = h.render('帮助中心');
      const traditional = h.translator.apply('zh-TW');
      await h.translator.apply('zh-CN');
      await traditional;
      await h.settle();
      expect(help.text()).toBe('帮助中心');
    });

    it('rejects when the converter cannot load, leaves the page as it was, and loads it on the next choice', async () => {
      const h = makeHarness();
      const help = h.render('帮助中心');
      h.failNextLoad();
      await expect(h.translator.apply('zh-TW')).rejects.toThrow();
      await h.settle();
      expect(help.text()).toBe('帮助中心');
      await h.translator.apply('zh-TW');
      expect(help.text()).toBe('幫助中心');
    });
  });
}
