// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakePageTranslator } from '../../adapters/page-translator/fake-page-translator.ts';
import { LazyPageTranslator } from '../../adapters/page-translator/lazy-page-translator.ts';
import { loadOpenccConverter, OpenccPageTranslator, type TextConverter } from '../../adapters/page-translator/opencc-page-translator.ts';
import { pageTranslatorContract } from './page-translator.contract.ts';

/** OpenCC's dictionaries load once for the whole file. */
let opencc: Promise<TextConverter> | null = null;
const sharedOpencc = (): Promise<TextConverter> => (opencc ??= loadOpenccConverter());

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const translators: { apply(language: 'zh-CN'): Promise<void> }[] = [];

afterEach(async () => {
  for (const translator of translators.splice(0)) await translator.apply('zh-CN');
  document.body.innerHTML = '';
  document.title = '';
});

/** The app renders a paragraph; a new text replaces its content, as React does for a lone string child. */
function renderParagraph(text: string): { text(): string; set(text: string): void } {
  const p = document.createElement('p');
  p.textContent = text;
  document.body.append(p);
  return { text: () => p.textContent ?? '', set: (next) => void (p.textContent = next) };
}

function realTranslator(load: () => Promise<TextConverter> = sharedOpencc): OpenccPageTranslator {
  const translator = new OpenccPageTranslator(document, load);
  translators.push(translator);
  return translator;
}

pageTranslatorContract('OpenccPageTranslator over happy-dom', () => {
  let failNext = false;
  const translator = realTranslator(() => {
    if (!failNext) return sharedOpencc();
    failNext = false;
    return Promise.reject(new Error('chunk failed to load'));
  });
  return {
    translator,
    render: renderParagraph,
    settle,
    failNextLoad: () => {
      failNext = true;
    },
  };
});

pageTranslatorContract('LazyPageTranslator loading OpenccPageTranslator (as the browser binds it)', () => {
  let failNext = false;
  const translator = new LazyPageTranslator(() => {
    if (failNext) {
      failNext = false;
      return Promise.reject(new Error('chunk failed to load'));
    }
    return Promise.resolve(new OpenccPageTranslator(document, sharedOpencc));
  });
  translators.push(translator);
  return {
    translator,
    render: renderParagraph,
    settle,
    failNextLoad: () => {
      failNext = true;
    },
  };
});

pageTranslatorContract('FakePageTranslator', () => {
  const translator = new FakePageTranslator();
  return { translator, render: (text) => translator.render(text), settle, failNextLoad: () => translator.failNextLoad() };
});

describe('LazyPageTranslator.opencc', () => {
  it('imports the translator and OpenCC on the first zh-TW, and has nothing to undo before', async () => {
    const help = renderParagraph('帮助中心');
    const translator = LazyPageTranslator.opencc(document);
    translators.push(translator);
    await translator.apply('zh-CN');
    expect(help.text()).toBe('帮助中心');
    await translator.apply('zh-TW');
    expect(help.text()).toBe('幫助中心');
  });
});

describe('OpenccPageTranslator', () => {
  it('converts the page title, readable attributes and input buttons, and puts them back', async () => {
    document.title = '帮助中心 - 奇遇视频';
    document.body.innerHTML = `
      <input id="search" placeholder="搜索视频" value="头发">
      <input id="send" type="submit" value="发送">
      <img id="pic" alt="头像" title="点击查看">
      <button id="close" aria-label="关闭">x</button>`;
    const translator = realTranslator();
    await translator.apply('zh-TW');
    const $ = (id: string) => document.getElementById(id)!;
    expect(document.title).toBe('幫助中心 - 奇遇視頻');
    expect($('search').getAttribute('placeholder')).toBe('搜索視頻');
    expect($('search').getAttribute('value')).toBe('头发'); // what the user typed is theirs
    expect($('send').getAttribute('value')).toBe('發送');
    expect([$('pic').getAttribute('alt'), $('pic').getAttribute('title')]).toEqual(['頭像', '點擊查看']);
    expect($('close').getAttribute('aria-label')).toBe('關閉');
    expect(document.documentElement.getAttribute('lang')).toBe('zh-TW');

    document.title = '设置 - 奇遇视频';
    $('close').setAttribute('aria-label', '返回上一页');
    await settle();
    expect(document.title).toBe('設置 - 奇遇視頻');
    expect($('close').getAttribute('aria-label')).toBe('返回上一頁');

    await translator.apply('zh-CN');
    expect(document.title).toBe('设置 - 奇遇视频');
    expect($('search').getAttribute('placeholder')).toBe('搜索视频');
    expect($('send').getAttribute('value')).toBe('发送');
    expect($('close').getAttribute('aria-label')).toBe('返回上一页');
    expect(document.documentElement.getAttribute('lang')).not.toBe('zh-TW');
  });

  it('leaves scripts, styles, typed text and parts marked translate="no" alone', async () => {
    document.body.innerHTML = `
      <script type="application/json">{"t":"视频"}</script>
      <textarea id="typed">视频</textarea>
      <div translate="no"><span id="own">简体中文</span></div>
      <span class="notranslate" id="marked">简体中文</span>
      <p id="shown">简体中文</p>`;
    await realTranslator().apply('zh-TW');
    expect(document.querySelector('script')!.textContent).toBe('{"t":"视频"}');
    expect(document.getElementById('typed')!.textContent).toBe('视频');
    expect(document.getElementById('own')!.textContent).toBe('简体中文');
    expect(document.getElementById('marked')!.textContent).toBe('简体中文');
    expect(document.getElementById('shown')!.textContent).toBe('簡體中文');
  });

  it('converts dialogs and toasts appended to the body later, and never converts its own output again', async () => {
    const convert = vi.fn(await sharedOpencc());
    const translator = realTranslator(() => Promise.resolve(convert));
    await translator.apply('zh-TW');
    const toast = document.createElement('div');
    toast.className = 'adm-toast-mask';
    toast.innerHTML = '<div class="adm-toast-main"><span>链接已复制</span></div>';
    document.body.append(toast);
    await settle();
    await settle();
    expect(toast.textContent).toBe('鏈接已複製');
    expect(convert).toHaveBeenCalledTimes(1);
  });

  it('follows text-node edits in place (how React updates a text)', async () => {
    const p = document.createElement('p');
    const text = document.createTextNode('已关注');
    p.append(text);
    document.body.append(p);
    const translator = realTranslator();
    await translator.apply('zh-TW');
    expect(text.data).toBe('已關注');
    text.data = '关注';
    await settle();
    expect(text.data).toBe('關注');
    await translator.apply('zh-CN');
    expect(text.data).toBe('关注');
  });
});
