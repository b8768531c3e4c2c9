import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Launch flags for Debian's Chromium on a machine with a closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function isDebian(): boolean {
  return existsSync('/etc/debian_version') || /ID(_LIKE)?=.*debian/.test(existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '');
}

/**
 * Finds Chromium: CHROME_PATH, else Debian's /usr/bin/chromium. Where it is missing on Debian as root,
 * installs the chromium package; elsewhere stops with a clear message. Never downloads a browser of its own.
 */
export function findChromium(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH points to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  if (isDebian() && process.getuid?.() === 0) {
    console.log('Chromium is missing: installing Debian\'s chromium package (apt-get install -y chromium)…');
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  }
  throw new Error(
    'The end-to-end tests need Chromium. Install it (Debian: `apt-get install -y chromium`) or set CHROME_PATH to a Chromium or Chrome binary.',
  );
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
}
