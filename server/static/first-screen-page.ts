import { stat, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FIRST_SCREEN_DATA_ID, firstScreenCovers } from '../../src/core/catalogue/first-screen.ts';
import { envelope } from '../http/envelope.ts';
import { etagOf, matchesIfNoneMatch } from '../http/etag.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { firstScreenMarkup } from './first-screen-markup.ts';

export interface FirstScreenPageOptions {
  staticDir: string;
  /** GetHomeData's data for a visitor on 推荐, the same object while the shared-read cache holds it. */
  visitorHome: () => Promise<object>;
  /** The time the copy's relative time labels are written for (Unix ms); default: the system clock. */
  now?: () => number;
}

interface RenderedPage {
  templateKey: string;
  etag: string;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * JSON inside a `<script>` element: `<` written as \u003c, so no `</script>` or `<!--` in the data can end it, and
 * the line and paragraph separators escaped too.
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const attribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Where the app's root element starts in index.html: the static copy of the first screen goes right before it. */
const ROOT_ELEMENT = '<div id="root">';

/**
 * The page with the home route's first screen in it: index.html with the visitor's GetHomeData answer (a JSON data
 * block, which the app takes instead of asking for it again: adapters/http/first-screen-http.ts), a preload of
 * the covers the first screen shows at once, so they load beside the app's code instead of after its first call,
 * and a static copy of the first screen before the app's root (first-screen-markup.ts), painted before the app's
 * code has run. Null when the template has no `</head>` to put them in.
 */
export function firstScreenHtml(template: string, homeData: object, now: number = Date.now()): string | null {
  const head = template.indexOf('</head>');
  const body = template.lastIndexOf('</body>');
  if (head < 0 || body < head) return null;
  const preloads = firstScreenCovers(homeData)
    .map((href) => `<link rel="preload" as="image" href="${attribute(href)}" fetchpriority="high">\n`)
    .join('');
  const data = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${scriptJson(envelope(Ret.Ok, RetMessage.Ok, homeData))}</script>\n`;
  const root = template.indexOf(ROOT_ELEMENT, head);
  const bodyPart = root > 0 && root < body ? template.slice(head, root) + firstScreenMarkup(homeData, now) + template.slice(root, body) : template.slice(head, body);
  return template.slice(0, head) + preloads + bodyPart + data + template.slice(body);
}

/**
 * GET / (the home route, what most visits open first): the page with the visitor's first screen (firstScreenHtml).
 * Rendered and compressed once per home answer (the shared-read cache hands out the same object while it is valid)
 * and per build of index.html; `no-cache` with an ETag of the page, so a browser revalidates it like the file.
 * Without a built page, or when the home data cannot be read, the plain index.html is sent as before.
 * Registered only when the app calls this server (no API_BASE): another backend's home is not this one's.
 */
export function registerFirstScreenPage(app: FastifyInstance, options: FirstScreenPageOptions): void {
  const root = resolve(options.staticDir);
  const indexFile = join(root, 'index.html');
  const rendered = new WeakMap<object, RenderedPage>();
  let template: { key: string; text: string } | null = null;

  const readTemplate = async (): Promise<{ key: string; text: string } | null> => {
    const info = await stat(indexFile).catch(() => null);
    if (!info?.isFile()) return null;
    const key = `${info.mtimeMs}:${info.size}`;
    if (template?.key !== key) template = { key, text: await readFile(indexFile, 'utf8') };
    return template;
  };

  const page = async (): Promise<RenderedPage | null> => {
    const current = await readTemplate();
    if (!current) return null;
    const homeData = await options.visitorHome();
    const cached = rendered.get(homeData);
    if (cached?.templateKey === current.key) return cached;
    const text = firstScreenHtml(current.text, homeData, (options.now ?? Date.now)());
    if (text === null) return null;
    const html = Buffer.from(text);
    const made: RenderedPage = {
      templateKey: current.key,
      etag: etagOf(html),
      html,
      br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }),
      gzip: gzipSync(html, { level: 6 }),
    };
    rendered.set(homeData, made);
    return made;
  };

  app.get('/', async (request: FastifyRequest, reply: FastifyReply) => {
    let made: RenderedPage | null = null;
    try {
      made = await page();
    } catch (error) {
      request.log.warn({ err: error }, 'first screen: sending the plain page');
    }
    if (!made) return reply.callNotFound();
    reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').header('etag', made.etag).type('text/html; charset=utf-8');
    if (matchesIfNoneMatch(request.headers['if-none-match'], made.etag)) return reply.code(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(made.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(made.gzip);
    return reply.send(made.html);
  });
}
