import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from '../http/error-handling.ts';

/** esbuild's `[name]-[hash]` (8 upper-case letters and digits) or a hex content hash (rolldown's chunks): safe to cache for good. */
const HASHED_FILE = /[-.](?:[A-Z0-9]{8}|[a-f0-9]{8,})\.[A-Za-z0-9]+$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export function cacheControlFor(urlPath: string): string {
  return (urlPath.startsWith('/assets/') || urlPath.startsWith('/admin/assets/')) && HASHED_FILE.test(urlPath) ? IMMUTABLE : REVALIDATE;
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>应用尚未构建</title></head>
<body><h1>应用尚未构建</h1>
<p>请先运行 <code>npm run build</code>（或用 <code>npm start</code> 启动，它会先构建），然后刷新本页。</p>
<p>接口仍可在 <code>/api/</code> 下使用。</p></body></html>
`;

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The precompressed copies the build writes beside a file (scripts/precompress.ts). */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/**
 * Serves the files of the built client from `staticDir` (index.html, assets/...). The build writes a `.br` and a
 * `.gz` beside each text file; `preCompressed` sends the one the request's Accept-Encoding prefers (br first), with
 * Content-Encoding, the original file's Content-Type and `Vary: Accept-Encoding`, else the file itself. ETag and
 * Last-Modified come with every file, so what is not cached for good (index.html) is revalidated with a 304.
 */
export async function registerStaticFiles(app: FastifyInstance, staticDir: string): Promise<void> {
  const root = resolve(staticDir);
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    suppressWarning: true,
    allowedPath: (pathName) => !isApiPath(pathName),
    setHeaders: (reply, filePath) => {
      const relative = filePath.startsWith(root) ? filePath.slice(root.length).split('\\').join('/') : filePath;
      reply.header('cache-control', cacheControlFor(relative.replace(COMPRESSED_COPY, '')));
    },
  });
}

/**
 * The not-found answer for non-API paths: GET/HEAD of any path that is not a file answers
 * index.html (history routing; the app shows its own not-found page), except under /assets/,
 * where a missing file is a real 404. Without index.html a short page says to build the app.
 */
export function createHistoryFallback(staticDir: string): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> {
  const root = resolve(staticDir);
  return async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    // The operator console (/admin, its own build in admin/) answers its own page; the phone app never loads it.
    const page = isConsolePath(path) ? 'admin/index.html' : 'index.html';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/assets/') && !path.startsWith('/admin/assets/');
    if (!isPage) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    if (!(await isFile(join(root, page)))) {
      return reply.code(503).header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    }
    return reply.code(200).header('cache-control', REVALIDATE).sendFile(page, root);
  };
}

/** A page of the operator console: /admin and what is under it. */
function isConsolePath(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/');
}
