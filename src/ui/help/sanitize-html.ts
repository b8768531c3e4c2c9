import DOMPurify from 'dompurify';
import type { ArticleLink } from '../../core/help/article-links.ts';

/** Tags an article never needs and that could restyle or overlay the page, or post a form. */
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'link', 'meta', 'base'];
/** Inline styles could cover the page (position: fixed) with pasted content. */
const FORBID_ATTR = ['style'];

let hooked = false;

function hookOnce(): void {
  if (hooked) return;
  hooked = true;
  // Links to other sites open in a new window without access to this one.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (/^https?:\/\//i.test(href)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
    }
  });
}

/**
 * An article's HTML made safe to render (DOMPurify): scripts, event-handler attributes and javascript: (or any
 * non-http, non-mailto, non-relative) links are removed; text, headings, lists, tables, images and links stay.
 * Loaded only by the screens that show articles (lazy route chunks).
 */
export function sanitizeHelpHtml(html: string): string {
  hookOnce();
  return DOMPurify.sanitize(html, { FORBID_TAGS, FORBID_ATTR, ALLOW_DATA_ATTR: false, USE_PROFILES: { html: true } });
}

/** The link a click inside an article landed on (its href as written and its text), or null. */
export function clickedLink(event: { target: EventTarget | null }): ArticleLink | null {
  const element = event.target instanceof Element ? event.target.closest('a') : null;
  const href = element?.getAttribute('href');
  if (!element || !href) return null;
  return { href, text: element.textContent ?? '' };
}
