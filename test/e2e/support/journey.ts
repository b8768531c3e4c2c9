/**
 * The one prelude of every journey: a phone on the app, opened before the file's tests and closed after them, with
 * the helpers journeys share. A journey file starts with
 *
 *     const { page, app, poll, logIn } = useJourney({ device: ANDROID_CHROME, poll: { timeout: 15_000 } });
 *
 * and uses `page` and `app` in its tests and hooks as it would the phone's own (they stand for the page and the app
 * the journey's beforeAll opened; read before it ran, they throw). The app, its server and the worker's Chromium are
 * shared as openPhone shares them (support/phone.ts, support/app-server.ts): the fixture adds no start of its own.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { fillLogin } from './accounts.ts';
import type { DatabaseEnv, RunningApp } from './app-server.ts';
import { openPhone, PHONE, type Phone } from './phone.ts';

/** The demo accounts' password (server/accounts seed: demo, demo2, …). */
export const DEMO_PASSWORD = 'demo123456';

export interface Account {
  userName: string;
  password: string;
}

export interface JourneyOptions {
  /** The phone the journey's page runs on: an iPhone in Safari unless given (support/devices.ts). */
  device?: BrowserContextOptions;
  /** More of the context (geolocation, permissions, …), over the device's. */
  contextOptions?: BrowserContextOptions;
  /** Makes the context more of a phone before its page opens (asNativeWebview, onMobileData, turnsToLandscape). */
  prepare?: (context: BrowserContext) => Promise<unknown>;
  /** The real start-ad list (only the journeys about ads): by default the ad list answers empty. */
  startAds?: boolean;
  /** The whole `npm start`, build included, instead of the server on the app built once (the shell journey). */
  npmStart?: boolean;
  /** Prepares the app's database before its server starts (an operator's command run on it). */
  prepareData?: (database: DatabaseEnv) => Promise<void>;
  /** Signs the page in as this account (a demo account's name: its password is {@link DEMO_PASSWORD}) on /user. */
  signedInAs?: string | Account;
  /** What {@link Journey.poll} waits by default: the e2e project's 10 s (vitest.config.ts) unless given. */
  poll?: { timeout?: number; interval?: number };
}

export interface LogInOptions {
  /** The page to sign in on: the journey's page unless given. */
  on?: Page;
  /** The password: {@link DEMO_PASSWORD} unless given. */
  password?: string;
  /** Where /login sends back to, and where logIn waits to be: /user unless given. */
  redirect?: string;
  /** false: press 登录 and return at once (a refused password, a page that goes elsewhere). */
  arrive?: boolean;
}

export interface Journey {
  /** The journey's page (its phone's first page). */
  page: Page;
  /** The app the journey runs against (its own server and database copy). */
  app: RunningApp;
  /** The context of the journey's page. */
  context: BrowserContext;
  /** The worker's Chromium: contexts opened in it are closed with the journey. */
  browser: Browser;
  /** expect.poll with the journey's timeout (`timeout` for this one wait only). */
  poll: <T>(read: () => T | Promise<T>, timeout?: number) => ReturnType<typeof expect.poll<T>>;
  /**
   * Signs `account` in (a name: a demo account with {@link DEMO_PASSWORD}) on /login?redirect=…, as a person does,
   * and waits to be back on the redirect.
   */
  logIn: (account: string | Account, options?: LogInOptions) => Promise<void>;
  /**
   * A second phone on the same app and browser (its own cookies, storage and session): an iPhone in Safari unless
   * `device` says otherwise, without the start ad, `prepare` applied before its page opens; closed with the journey.
   */
  otherPhone: (device?: BrowserContextOptions, prepare?: (context: BrowserContext) => Promise<unknown>) => Promise<Page>;
  /** A person's pace: the shell's double-tap guard swallows a second touch end within 300 ms at one place. */
  pause: (on?: Page) => Promise<void>;
  /** The toast's text node (antd-mobile's). */
  toast: (on?: Page) => Locator;
  /** A button of the open dialog or modal. */
  dialogButton: (name: string, on?: Page) => Locator;
  /** An in-app navigation (as a link would make), so the back button and the router's blocker see real history. */
  goInApp: (path: string, on?: Page) => Promise<void>;
  /** A screenshot in $E2E_SCREENSHOTS/<name>.png when that is set (for a person looking at the journey). */
  shot: (name: string, on?: Page, options?: { fullPage?: boolean }) => Promise<void>;
}

/**
 * Stands for what `current` answers once the journey opened it: every property is read from it then, methods bound
 * to it, and `instanceof` sees its class (Playwright checks a Page argument so).
 */
function lateBound<T extends object>(what: string, current: () => T | undefined): T {
  const opened = (): T => {
    const target = current();
    if (!target) throw new Error(`The journey's ${what} opens in beforeAll: use it in a test or a hook, not while the file loads.`);
    return target;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const target = current();
      // Awaiting or printing it before it opened is not a use of it.
      if (!target && (key === 'then' || typeof key === 'symbol')) return undefined;
      const value: unknown = Reflect.get(opened(), key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(opened()) : value;
    },
    has: (_, key) => Reflect.has(opened(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(opened()),
  });
}

/** Registers the journey's beforeAll (opens its phone, signs in if asked) and afterAll (closes it) in this file. */
export function useJourney(options: JourneyOptions = {}): Journey {
  let phone: Phone | undefined;
  const page = lateBound<Page>('page', () => phone?.page);
  const app = lateBound<RunningApp>('app', () => phone?.app);
  const pollOptions = { ...options.poll };

  const logIn = async (account: string | Account, { on = page, password, redirect = '/user', arrive = true }: LogInOptions = {}): Promise<void> => {
    const { userName, password: own } = typeof account === 'string' ? { userName: account, password: DEMO_PASSWORD } : account;
    await on.goto(`${app.url}/login?redirect=${encodeURIComponent(redirect)}`);
    await fillLogin(on, userName, password ?? own);
    if (arrive) await on.waitForURL((url) => `${url.pathname}${url.search}` === redirect);
  };

  beforeAll(async () => {
    phone = await openPhone({
      startAds: options.startAds,
      npmStart: options.npmStart,
      contextOptions: { ...(options.device ?? PHONE), ...options.contextOptions },
      ...(options.prepareData ? { prepareData: options.prepareData } : {}),
      ...(options.prepare ? { prepare: options.prepare } : {}),
    });
    if (options.signedInAs) await logIn(options.signedInAs);
  }, 360_000);

  afterAll(async () => {
    await phone?.close();
    phone = undefined;
  });

  return {
    page,
    app,
    context: lateBound<BrowserContext>('context', () => phone?.context),
    browser: lateBound<Browser>('browser', () => phone?.browser),
    poll: <T>(read: () => T | Promise<T>, timeout?: number) => expect.poll(read, timeout === undefined ? pollOptions : { ...pollOptions, timeout }),
    logIn,
    otherPhone: async (device = PHONE, prepare) => {
      if (!phone) throw new Error('The journey\'s phone opens in beforeAll.');
      return phone.otherPhone(device, prepare);
    },
    pause: (on = page) => on.waitForTimeout(350),
    toast: (on = page) => on.locator('.adm-toast-main'),
    dialogButton: (name, on = page) => on.locator('.adm-modal, .adm-dialog').getByRole('button', { name, exact: true }),
    goInApp: (path, on = page) =>
      on.evaluate((to) => {
        const state = window.history.state as { idx?: number } | null;
        window.history.pushState({ usr: null, key: `e2e${Date.now()}`, idx: (state?.idx ?? 0) + 1 }, '', to);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
      }, path),
    shot: async (name, on = page, shotOptions = {}) => {
      if (process.env.E2E_SCREENSHOTS) await on.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, ...shotOptions });
    },
  };
}
