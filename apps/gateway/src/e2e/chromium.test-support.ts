import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { describe, it } from 'vitest';

/** Debian's chromium: the browser tests drive it through playwright-core and never download one. */
export const CHROMIUM = '/usr/bin/chromium';
export const haveBrowser = existsSync(CHROMIUM);

/** Without chromium a browser suite skips, except under `CI=true`, where this adds a failing test naming the cause. */
export function requireBrowserUnderCi(suite: string): void {
  if (haveBrowser || process.env.CI !== 'true') return;
  describe(suite, () => {
    it('needs /usr/bin/chromium under CI (install it with .ci/chromium.sh)', () => {
      throw new Error('chromium is missing: the browser tests cannot be skipped when CI=true');
    });
  });
}

/** Headless chromium with the flags the shared test machines need. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
