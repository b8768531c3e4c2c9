import type { PageLanguage, PageTranslator } from '../../src/core/ports/page-translator.ts';

/** Turns a Simplified Chinese text into the shown language. */
export type TextConverter = (text: string) => string;

/**
 * The maintained converter, OpenCC: its dictionaries (about 1 MB) are a chunk of their own, fetched the first
 * time Traditional Chinese is chosen, never on the first screen. cn → tw: characters with Taiwan's standard
 * forms, no phrase rewriting (twp would turn 视频 into 影片 and 设置 into 設定, renaming the brand and
 * changing the wording of server content such as video titles).
 */
export async function loadOpenccConverter(): Promise<TextConverter> {
  const { Converter } = await import('opencc-js/cn2t');
  return Converter({ from: 'cn', to: 'tw' });
}

/** Attributes people read: converted like texts. value only on input buttons. */
const TEXT_ATTRIBUTES = ['placeholder', 'title', 'aria-label', 'alt'] as const;
const BUTTON_VALUE = 'value';
const BUTTON_INPUT_TYPES = new Set(['button', 'submit', 'reset']);
/** Where texts are code or what the user typed, or where the page asks not to be translated. */
const SKIPPED = 'script, style, noscript, textarea, template, [translate="no"], .notranslate';
/** Only texts with a CJK ideograph can change. */
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

// DOM constants, spelled out so the adapter needs no globals besides the document.
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const SHOW_ELEMENT = 0x1;
const SHOW_TEXT = 0x4;
const FILTER_ACCEPT = 1;
const FILTER_REJECT = 2;

interface Converted {
  original: string;
  shown: string;
}

/**
 * Converts the page in place: every text node and readable attribute of the document (head included, so
 * the page title too), then, through a MutationObserver, whatever React (or antd's toasts and dialogs)
 * renders later. It remembers each original, so zh-CN puts the page back exactly as the app rendered it,
 * and it recognises its own output, so nothing is converted twice.
 */
export class OpenccPageTranslator implements PageTranslator {
  private language: PageLanguage = 'zh-CN';
  private converter: Promise<TextConverter> | null = null;
  private convert: TextConverter | null = null;
  /** Bumped by every apply, so a slow converter load never overrides a later choice. */
  private generation = 0;
  private texts = new WeakMap<Text, Converted>();
  private attributes = new WeakMap<Element, Map<string, Converted>>();
  private originalLang: string | null = null;
  private readonly observer: MutationObserver;

  constructor(
    private readonly doc: Document,
    private readonly load: () => Promise<TextConverter> = loadOpenccConverter,
  ) {
    const Observer = doc.defaultView?.MutationObserver ?? MutationObserver;
    this.observer = new Observer((records) => this.changed(records));
  }

  async apply(language: PageLanguage): Promise<void> {
    const generation = ++this.generation;
    if (language === 'zh-CN') {
      this.restore();
      return;
    }
    const convert = await this.converterOnce();
    if (generation !== this.generation || this.language === 'zh-TW') return;
    this.convert = convert;
    this.language = 'zh-TW';
    const root = this.doc.documentElement;
    this.originalLang = root.getAttribute('lang');
    root.setAttribute('lang', 'zh-TW');
    this.convertTree(root);
    this.observer.observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: [...TEXT_ATTRIBUTES, BUTTON_VALUE],
    });
  }

  private converterOnce(): Promise<TextConverter> {
    this.converter ??= this.load().catch((error: unknown) => {
      this.converter = null; // a later choice tries again (the chunk may load next time)
      throw error;
    });
    return this.converter;
  }

  private changed(records: MutationRecord[]): void {
    if (this.language !== 'zh-TW') return;
    for (const record of records) {
      if (record.type === 'childList') {
        for (const node of record.addedNodes) if (node.isConnected) this.convertTree(node);
      } else if (record.type === 'characterData') {
        if (record.target.nodeType === TEXT_NODE && !this.excluded(record.target.parentElement)) this.convertText(record.target as Text);
      } else if (record.attributeName && record.target.nodeType === ELEMENT_NODE) {
        const element = record.target as Element;
        if (!this.excluded(element)) this.convertAttribute(element, record.attributeName);
      }
    }
    // What is queued now are this pass's own writes: nothing to convert there.
    this.observer.takeRecords();
  }

  /** Converts a node and everything under it, skipping code, typed text and untranslatable parts. */
  private convertTree(node: Node): void {
    if (node.nodeType === TEXT_NODE) {
      if (!this.excluded(node.parentElement)) this.convertText(node as Text);
      return;
    }
    if (node.nodeType !== ELEMENT_NODE || this.excluded(node as Element)) return;
    this.convertAttributes(node as Element);
    const walker = this.walker(node);
    for (let next = walker.nextNode(); next; next = walker.nextNode()) {
      if (next.nodeType === TEXT_NODE) this.convertText(next as Text);
      else this.convertAttributes(next as Element);
    }
  }

  private walker(root: Node): TreeWalker {
    return this.doc.createTreeWalker(root, SHOW_ELEMENT | SHOW_TEXT, {
      acceptNode: (node) => (node.nodeType === ELEMENT_NODE && (node as Element).matches(SKIPPED) ? FILTER_REJECT : FILTER_ACCEPT),
    });
  }

  private excluded(element: Element | null): boolean {
    return element !== null && element.closest(SKIPPED) !== null;
  }

  private convertText(node: Text): void {
    const data = node.data;
    const known = this.texts.get(node);
    if (known?.shown === data) return; // already shown converted (possibly our own write)
    const shown = this.convertString(data);
    if (shown === data) {
      this.texts.delete(node);
      return;
    }
    this.texts.set(node, { original: data, shown });
    node.data = shown;
  }

  private convertAttributes(element: Element): void {
    for (const name of TEXT_ATTRIBUTES) if (element.hasAttribute(name)) this.convertAttribute(element, name);
    if (element.hasAttribute(BUTTON_VALUE)) this.convertAttribute(element, BUTTON_VALUE);
  }

  private convertAttribute(element: Element, name: string): void {
    if (name === BUTTON_VALUE && !isButtonInput(element)) return;
    const value = element.getAttribute(name);
    if (value === null) return;
    let known = this.attributes.get(element);
    if (known?.get(name)?.shown === value) return;
    const shown = this.convertString(value);
    if (shown === value) {
      known?.delete(name);
      return;
    }
    if (!known) {
      known = new Map();
      this.attributes.set(element, known);
    }
    known.set(name, { original: value, shown });
    element.setAttribute(name, shown);
  }

  private convertString(text: string): string {
    return this.convert && HAN.test(text) ? this.convert(text) : text;
  }

  /** Stops converting and puts back every original the page still shows converted. */
  private restore(): void {
    this.observer.disconnect();
    if (this.language === 'zh-CN') return;
    this.language = 'zh-CN';
    const root = this.doc.documentElement;
    if (this.originalLang === null) root.removeAttribute('lang');
    else root.setAttribute('lang', this.originalLang);
    const walker = this.walker(root);
    this.restoreAttributes(root);
    for (let next = walker.nextNode(); next; next = walker.nextNode()) {
      if (next.nodeType === TEXT_NODE) {
        const text = next as Text;
        const known = this.texts.get(text);
        if (known && text.data === known.shown) text.data = known.original;
      } else this.restoreAttributes(next as Element);
    }
    this.texts = new WeakMap();
    this.attributes = new WeakMap();
  }

  private restoreAttributes(element: Element): void {
    const known = this.attributes.get(element);
    if (!known) return;
    for (const [name, { original, shown }] of known) if (element.getAttribute(name) === shown) element.setAttribute(name, original);
  }
}

function isButtonInput(element: Element): boolean {
  return element.tagName.toUpperCase() === 'INPUT' && BUTTON_INPUT_TYPES.has((element.getAttribute('type') ?? '').toLowerCase());
}
