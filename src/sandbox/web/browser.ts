/**
 * Debian's Chromium driven by playwright-core, for the web sandbox's browser tests and its
 * screenshots. playwright-core downloads no browser: it drives /usr/bin/chromium (or
 * CHROMIUM_PATH), started with the flags this machine needs (no sandbox as root, no GPU, and no
 * background connections, which the closed network would refuse).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the browser tests cannot run here, or null when they can. */
export function noBrowser(): string | null {
  return existsSync(CHROMIUM)
    ? null
    : `no browser at ${CHROMIUM}: install Debian's Chromium (apt-get install -y chromium), as .ci/run does, or set CHROMIUM_PATH`;
}

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless Chromium with a fresh profile, removed on close; each page is a tab. */
export async function launchChromium(): Promise<{ browser: BrowserContext; close(): Promise<void> }> {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'tradecraft-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: FLAGS,
    headless: true,
    viewport: { width: 1280, height: 900 },
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
