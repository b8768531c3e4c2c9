import helmet from '@fastify/helmet';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './error-handling.ts';

/** Where the app's place search calls Google Places from the browser (adapters/place-search/google-place-search.ts). */
const GOOGLE_PLACES_ORIGIN = 'https://places.googleapis.com';

/** The CSP of /api answers: JSON is never a document, so it may load and be framed by nothing. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** A Host header fit to be written into the policy (name or address and port, nothing else). */
const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/** The origin of API_BASE when it names another site (http/https), with its websocket twin; nothing for a same-origin path. */
export function apiBaseSources(apiBase: string | undefined): string[] {
  if (apiBase === undefined || !/^https?:\/\//i.test(apiBase)) return [];
  try {
    const { origin, protocol, host } = new URL(apiBase);
    return [origin, `${protocol === 'https:' ? 'wss' : 'ws'}://${host}`];
  } catch {
    return [];
  }
}

/**
 * The app page's Content-Security-Policy directives (helmet syntax). No inline script anywhere (index.html loads
 * one module); inline style attributes stay allowed (antd-mobile and React set them); hls.js plays through blob:
 * media-source URLs and may start a blob: worker; picked files preview as blob: images and videos; socket.io
 * talks to this host over ws/wss (listed by the request's Host, as older WebKit does not let 'self' cover them).
 */
function appCspDirectives(apiBase: string | undefined, frameOrigins: readonly string[]): Record<string, Iterable<string | ((req: IncomingMessage) => string)>> {
  const api = apiBaseSources(apiBase);
  const apiHttp = api.slice(0, 1);
  const sameHostSockets = (req: IncomingMessage): string => {
    const host = req.headers.host ?? '';
    return HOST.test(host) ? `ws://${host} wss://${host}` : "'self'";
  };
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...apiHttp],
    'media-src': ["'self'", 'blob:', ...apiHttp],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", sameHostSockets, GOOGLE_PLACES_ORIGIN, ...api],
    'worker-src': ["'self'", 'blob:'],
    'child-src': ["'self'", 'blob:'],
    // /iframe shows the pages of the sites FRAME_ORIGINS allows (a help article's link); nothing else is framed.
    'frame-src': ["'self'", ...frameOrigins],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
}

/** The console pages' policy: the app's, framed by nothing and framing nothing. */
function consolePolicy(apiBase: string | undefined, frameOrigins: readonly string[]): (req: IncomingMessage) => string {
  const directives: Record<string, Iterable<string | ((req: IncomingMessage) => string)>> = {
    ...appCspDirectives(apiBase, frameOrigins),
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  const source = (req: IncomingMessage) => (value: string | ((req: IncomingMessage) => string)) => (typeof value === 'string' ? value : value(req));
  return (req) =>
    Object.entries(directives)
      .map(([name, values]) => `${name} ${Array.from(values, source(req)).join(' ')}`)
      .join('; ');
}

/**
 * Security headers on every answer (@fastify/helmet, its defaults off, each header chosen):
 * Content-Security-Policy (above; /api answers get API_CSP), X-Frame-Options SAMEORIGIN, X-Content-Type-Options
 * nosniff, Referrer-Policy strict-origin-when-cross-origin, X-DNS-Prefetch-Control off, X-Permitted-Cross-Domain-
 * Policies none, X-Download-Options noopen, Origin-Agent-Cluster. Routes that set their own CSP keep it (svg under
 * /media, the sandbox gateway page): a route's header replaces these. No HSTS (the operator's proxy decides
 * HTTPS), no COOP/CORP/COEP (native app web views and other origins load the app's images and open payment pages).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { apiBase?: string | undefined; frameOrigins?: readonly string[] | undefined }): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(options.apiBase, options.frameOrigins ?? []) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: { allow: false },
    xDownloadOptions: true,
    xFrameOptions: { action: 'sameorigin' },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
    xXssProtection: false,
  });
  const consoleCsp = consolePolicy(options.apiBase, options.frameOrigins ?? []);
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url)) reply.header('content-security-policy', API_CSP);
    else if (/^\/admin(?:[/?]|$)/.test(request.url)) {
      // The operator console is framed by nothing, not even the app's own pages.
      reply.header('content-security-policy', consoleCsp(request.raw)).header('x-frame-options', 'DENY');
    }
    return payload;
  });
}
