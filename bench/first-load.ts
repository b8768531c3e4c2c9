/**
 * The home route's first load as a visitor's phone sees it: a fresh Chromium context (iPhone Safari's user agent,
 * 390×844), `/` opened and followed until the network is idle; lists every JavaScript request and what it cost on
 * the wire. Used by the Lighthouse bench (bench/lighthouse-bench.ts) and the first-load test (test/server/first-load.test.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { readConfig } from '../server/config.ts';
import { CHROMIUM_ARGS } from '../test/e2e/support/chromium.ts';
import { IPHONE_SAFARI } from '../test/e2e/support/devices.ts';
import { startServer, type RunningServer } from '../server/main.ts';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The project's launch flags for Debian's Chromium on a closed network, as the journeys use them. */
export const CHROMIUM_FLAGS = CHROMIUM_ARGS;

/** How long nothing may be in flight for the load to count as finished. */
const QUIET_MS = 2000;

export interface FirstLoadRequest {
  url: string;
  /** Bytes on the wire (headers and body). */
  transferBytes: number;
  contentEncoding: string;
}

export interface FirstLoad {
  js: FirstLoadRequest[];
  jsTransferBytes: number;
  /** Every request, any type. */
  requestCount: number;
}

/**
 * Opens `url` in a new context of `browser` like a first-time visitor on an iPhone (empty cache; with `storageState`,
 * a signed-in visitor's storage) and waits for network idle.
 */
export async function probeFirstLoad(browser: Browser, url: string, options: { storageState?: BrowserContextOptions['storageState'] } = {}): Promise<FirstLoad> {
  const context = await browser.newContext({
    ...(options.storageState ? { storageState: options.storageState } : {}),
    ...IPHONE_SAFARI,
  });
  try {
    const page = await context.newPage();
    const finished: Promise<FirstLoadRequest | null>[] = [];
    let requestCount = 0;
    let inFlight = 0;
    let lastActivity = Date.now();
    page.on('request', () => {
      inFlight++;
      lastActivity = Date.now();
    });
    page.on('requestfailed', () => {
      inFlight--;
      lastActivity = Date.now();
    });
    page.on('requestfinished', (request) => {
      inFlight--;
      lastActivity = Date.now();
      requestCount++;
      const isJs = request.resourceType() === 'script' || /\.m?js(?:\?|$)/.test(request.url());
      if (!isJs) return;
      finished.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          const headers = (await response?.allHeaders()) ?? {};
          return { url: request.url(), transferBytes: sizes.responseHeadersSize + sizes.responseBodySize, contentEncoding: headers['content-encoding'] ?? 'identity' };
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    // Playwright's network idle is 500 ms without a request; the app may start one a little later (a timer, an
    // answer it waited for): idle here is nothing in flight for QUIET_MS.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < QUIET_MS)) await page.waitForTimeout(100);
    const js = (await Promise.all(finished)).filter((r): r is FirstLoadRequest => r !== null);
    return { js, jsTransferBytes: js.reduce((total, r) => total + r.transferBytes, 0), requestCount };
  } finally {
    await context.close();
  }
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/** The reference server on a free port with a new temporary data folder, serving `staticDir`. */
export async function startAppServer(staticDir: string): Promise<{ server: RunningServer; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'qiyu-first-load-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: staticDir, LOG_LEVEL: 'silent', API_RATE_LIMIT_MAX: '1000000' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server = await startServer(readConfig(env), { logger: false });
  return {
    server,
    stop: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
