import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '@repo/common';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { CHROMIUM_PATH } from './find-chromium.js';
import { startService, TOKENS } from './services.js';

const STAFF_TOKEN = TOKENS['ORDERS_STAFF_TOKEN'] ?? '';
const CUSTOMER_TOKEN = TOKENS['ORDERS_CUSTOMER_TOKEN'] ?? '';

/**
 * The kitchen's stream holds each event back for the settle window (a second by default, the
 * orders README says why); a tenth of one here, as in the service's own tests (the embedded
 * database shows a write at once), so that the board can show an order within the second the
 * tests give it.
 */
const STREAM_SETTINGS = { ORDERS_EVENTS_SETTLE_MS: '100', ORDERS_EVENTS_POLL_MS: '50' };
/** How long a placed order may take to appear on the board. */
const BOARD_DEADLINE_MS = 1_000;

/** Where the screenshots go: test-results/browser/ at the repository root (not committed). */
const OUTPUT = fileURLToPath(new URL('../../test-results/browser/', import.meta.url));

const testDb = useTestDatabase('browser_order_pages');
let browser: Browser;
let running: RunningService | undefined;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(OUTPUT, { recursive: true });
  // Headless Chromium run as root needs --no-sandbox.
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
});

afterAll(async () => {
  await browser.close();
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  await running?.stop();
  running = undefined;
});

async function start(settings: Record<string, string> = {}): Promise<string> {
  running = await startService('orders', testDb, { ...STREAM_SETTINGS, ...settings });
  return running.url;
}

interface OpenedPage {
  page: Page;
  /** Script errors, console errors (a refused policy shows there) and requests elsewhere. */
  problems: string[];
}

/** A page in a browser context of its own: its own sessionStorage, as another tab would be. */
async function open(url: string): Promise<OpenedPage> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  const problems: string[] = [];
  const origin = new URL(url).origin;
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(origin)) problems.push(`request elsewhere: ${request.url()}`);
  });
  await page.goto(url);
  return { page, problems };
}

async function openBoard(base: string, token = STAFF_TOKEN): Promise<OpenedPage> {
  const opened = await open(`${base}/kitchen`);
  await opened.page.getByLabel('Staff token').fill(token);
  await opened.page.getByRole('button', { name: 'Open the board' }).click();
  return opened;
}

async function waitUntilLive(page: Page): Promise<void> {
  await page.locator('#connection', { hasText: 'Live' }).waitFor();
}

async function placeOrder(base: string, customerName: string): Promise<string> {
  const menu = (await (await fetch(`${base}/menu`)).json()) as { id: string }[];
  const response = await fetch(`${base}/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${CUSTOMER_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ customerName, items: [{ menuItemId: menu[0]?.id }] }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function statusOf(base: string, id: string): Promise<string> {
  const response = await fetch(`${base}/orders/${id}`, {
    headers: { authorization: `Bearer ${CUSTOMER_TOKEN}` },
  });
  return ((await response.json()) as { status: string }).status;
}

/** The order's card in one column of the board. */
function card(page: Page, column: 'pending' | 'in-progress', id: string) {
  return page.locator(`#${column} [data-order-id="${id}"]`);
}

async function trackerStatus(page: Page, status: string): Promise<void> {
  await page.locator(`#order-status[data-status="${status}"]`).waitFor();
}

/** axe-core's serious and critical violations, as `rule: nodes` lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

describe('the kitchen board and the order tracker in Chromium', () => {
  it('when an order is placed through the API, then it appears on the board within 1 s; moved on the board, the tracker shows each new status and the order leaves the board once completed; axe-core finds nothing serious on either page', async () => {
    const base = await start();
    const board = await openBoard(base);
    await waitUntilLive(board.page);

    const id = await placeOrder(base, 'Ada');
    await card(board.page, 'pending', id).waitFor({ timeout: BOARD_DEADLINE_MS });
    await expect(card(board.page, 'pending', id).textContent()).resolves.toContain('Ada');

    const tracker = await open(`${base}/track#${id}`);
    await tracker.page.getByLabel('Customer token').fill(CUSTOMER_TOKEN);
    await tracker.page.getByRole('button', { name: 'Follow the order' }).click();
    await trackerStatus(tracker.page, 'pending');
    await expect(tracker.page.locator('#customer').textContent()).resolves.toBe('Ada');

    // Both pages with content: the board with an order on it, the tracker following one.
    expect(await seriousViolations(board.page)).toEqual([]);
    expect(await seriousViolations(tracker.page)).toEqual([]);
    await board.page.screenshot({ path: `${OUTPUT}kitchen-board.png`, fullPage: true });
    await tracker.page.screenshot({ path: `${OUTPUT}order-tracker.png`, fullPage: true });

    await board.page.getByRole('button', { name: 'Start the order of Ada' }).click();
    await trackerStatus(tracker.page, 'in-progress');
    await card(board.page, 'in-progress', id).waitFor();
    expect(await statusOf(base, id)).toBe('in-progress');

    await board.page.getByRole('button', { name: 'Complete the order of Ada' }).click();
    await trackerStatus(tracker.page, 'completed');
    await card(board.page, 'in-progress', id).waitFor({ state: 'detached' });
    await tracker.page.locator('#connection', { hasText: 'finished' }).waitFor();
    expect(await statusOf(base, id)).toBe('completed');

    expect(board.problems).toEqual([]);
    expect(tracker.problems).toEqual([]);
  });

  it('when the board opens, then the orders already pending or in progress are on it, and a cancelled one leaves it', async () => {
    const base = await start();
    const waiting = await placeOrder(base, 'Bo');
    const started = await placeOrder(base, 'Cy');
    await fetch(`${base}/orders/${started}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${STAFF_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'in-progress' }),
    });

    const board = await openBoard(base);
    await card(board.page, 'pending', waiting).waitFor();
    await card(board.page, 'in-progress', started).waitFor();

    const cancelled = await fetch(`${base}/orders/${waiting}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${CUSTOMER_TOKEN}` },
    });
    expect(cancelled.status).toBe(204);
    await card(board.page, 'pending', waiting).waitFor({ state: 'detached' });
    expect(board.problems).toEqual([]);
  });

  it('when a wrong staff token is typed, then the board asks for it again and keeps nothing', async () => {
    const base = await start();
    const board = await openBoard(base, 'not-the-staff-token');

    await board.page.locator('#connection', { hasText: 'refused' }).waitFor();
    expect(await board.page.locator('#token-form').isVisible()).toBe(true);
    expect(await board.page.evaluate('sessionStorage.length')).toBe(0);
  });

  it('when the streams end (their longest life passed), then both pages open them again with Last-Event-ID and miss nothing, without the token in any address', async () => {
    const base = await start({ ORDERS_EVENTS_MAX_STREAM_MS: '600' });
    const board = await openBoard(base);
    const id = await placeOrder(base, 'Di');
    await card(board.page, 'pending', id).waitFor();
    const tracker = await open(`${base}/track#${id}`);
    await tracker.page.getByLabel('Customer token').fill(CUSTOMER_TOKEN);
    await tracker.page.getByRole('button', { name: 'Follow the order' }).click();
    await trackerStatus(tracker.page, 'pending');

    const resumed: string[] = [];
    const addresses: string[] = [];
    for (const { page } of [board, tracker]) {
      page.on('request', (request) => {
        addresses.push(request.url());
        const lastEventId = request.headers()['last-event-id'];
        if (lastEventId !== undefined)
          resumed.push(`${new URL(request.url()).pathname} ${lastEventId}`);
      });
    }
    // Both streams end and are opened again at least once before the order moves.
    await expect
      .poll(() => new Set(resumed.map((line) => line.split(' ')[0])).size, { timeout: 10_000 })
      .toBe(2);

    const moved = await fetch(`${base}/orders/${id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${STAFF_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'in-progress' }),
    });
    expect(moved.status).toBe(200);
    await trackerStatus(tracker.page, 'in-progress');
    await card(board.page, 'in-progress', id).waitFor();

    // Each resumed from the id of an event the service sent about this order.
    for (const line of resumed)
      expect(line).toMatch(new RegExp(`^/orders/(${id}/)?events \\d+-${id}-\\d+$`));
    for (const address of addresses) {
      expect(address).not.toContain(STAFF_TOKEN);
      expect(address).not.toContain(CUSTOMER_TOKEN);
    }
    expect(board.problems).toEqual([]);
    expect(tracker.problems).toEqual([]);
  });

  it("when the pages' event-stream reader gets a stream cut into pieces anywhere (CRLF, CR or LF line ends, comments, multi-line data), then it yields the same events as from the whole", async () => {
    const base = await start();
    const { page } = await open(`${base}/kitchen`);
    const stream =
      'id: 1\nevent: order.placed\ndata: {"a":\ndata: 1}\n\n:\n\n' +
      'id: 2\r\nevent: order.status\r\ndata: x\r\n\r\n' +
      'data: no event name\rdata:kept as is\r\r' +
      'id: 3\nevent: lost\ndata: cut off';
    // Evaluated as text: the page's own module, loaded as the pages load it.
    const runs = (await page.evaluate(`(async () => {
      const { EventStreamParser } = await import('/pages/event-stream.js');
      const text = ${JSON.stringify(stream)};
      const read = (pieces) => {
        const events = [];
        const parser = new EventStreamParser((event) => events.push(event));
        for (const piece of pieces) parser.push(piece);
        return JSON.stringify(events);
      };
      const runs = [read([text]), read([...text])];
      for (let cut = 1; cut < text.length; cut += 1) runs.push(read([text.slice(0, cut), text.slice(cut)]));
      return runs;
    })()`)) as string[];

    expect(JSON.parse(runs[0] ?? '')).toEqual([
      { id: '1', event: 'order.placed', data: '{"a":\n1}' },
      { id: '2', event: 'order.status', data: 'x' },
      { id: '2', event: 'message', data: 'no event name\nkept as is' },
    ]);
    expect(new Set(runs).size).toBe(1);
  });
});
