import { accessSync, constants } from 'node:fs';

/** Debian's Chromium, the browser these tests drive (Playwright's own download is not used). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser project's global setup: without a browser the run stops at once with what to
 * install, rather than skipping the tests.
 */
export default function findChromium(): void {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` ` +
        '(or point CHROMIUM_PATH at a Chromium or Chrome executable).',
    );
  }
}
