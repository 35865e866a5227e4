/**
 * Debian's headless Chromium driven by playwright-core (which never downloads a browser):
 * the flags keep it from reaching out to the network, which stalls it on a closed one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Where .ci/run installs it (apt-get install chromium). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Runs `fn` with a fresh headless Chromium (a new profile directory), closed afterwards. */
export async function withChromium<T>(fn: (browser: BrowserContext) => Promise<T>): Promise<T> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'dc-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    viewport: { width: 1200, height: 1100 },
  });
  try {
    return await fn(browser);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
