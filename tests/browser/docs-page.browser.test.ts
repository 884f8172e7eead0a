import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '@repo/common';
import { documentedRoutes } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { CHROMIUM_PATH } from './find-chromium.js';
import { SERVICE_NAMES, startService, TOKENS, type ServiceName } from './services.js';

/** Where the screenshots go: test-results/browser/ at the repository root (not committed). */
const OUTPUT = fileURLToPath(new URL('../../test-results/browser/', import.meta.url));

const testDb = useTestDatabase('browser_docs');
let browser: Browser;
let running: RunningService | undefined;

beforeAll(async () => {
  mkdirSync(OUTPUT, { recursive: true });
  // Headless Chromium run as root needs --no-sandbox.
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
});

afterAll(async () => {
  await browser.close();
});

afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/** Opens the service's /docs and waits until Swagger UI has drawn its operations. */
async function openDocs(name: ServiceName): Promise<{ page: Page; url: string }> {
  running = await startService(name, testDb);
  const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
  // The page must work offline: every request it makes goes to the service itself.
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(running?.url ?? '')) elsewhere.push(request.url());
  });
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  await page.goto(`${running.url}/docs`);
  await page.locator('.opblock').first().waitFor();
  expect(elsewhere).toEqual([]);
  expect(failures).toEqual([]);
  return { page, url: running.url };
}

/** `METHOD /path` of every operation the page lists. */
async function listedRoutes(page: Page): Promise<string[]> {
  const blocks = page.locator('.opblock .opblock-summary');
  const routes: string[] = [];
  for (const block of await blocks.all()) {
    const method = (await block.locator('.opblock-summary-method').textContent()) ?? '';
    const path = (await block.locator('.opblock-summary-path').getAttribute('data-path')) ?? '';
    routes.push(`${method.toUpperCase()} ${path}`);
  }
  return routes.sort();
}

/** Opens an operation, presses "Try it out" then "Execute", and reads the answer the page shows. */
async function tryItOut(
  page: Page,
  method: string,
  path: string,
): Promise<{ status: string; body: string }> {
  const block = page
    .locator(`.opblock-${method}`)
    .filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });
  await block.locator('.opblock-summary').click();
  await block.locator('.try-out__btn').click();
  await block.locator('button.execute').click();
  const row = block.locator('.live-responses-table tbody tr.response').first();
  await row.waitFor();
  const status = ((await row.locator('.response-col_status').textContent()) ?? '').trim();
  const body = (await row.locator('.response-col_description pre').first().textContent()) ?? '';
  return { status, body };
}

/** Fills in the page's Authorize dialog for one bearer scheme. */
async function authorize(page: Page, scheme: string, token: string): Promise<void> {
  await page.locator('.auth-wrapper .authorize').click();
  const dialog = page.locator('.dialog-ux');
  const section = dialog.locator('.auth-container').filter({ hasText: scheme });
  await section.locator('input').fill(token);
  await section.locator('button.authorize').click();
  await dialog.locator('button.btn-done').click();
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${OUTPUT}${name}.png`, fullPage: true });
}

describe('the /docs page in a real browser', () => {
  it.each(SERVICE_NAMES)(
    'when the docs page of %s is opened, then it lists every route of the document and loads nothing from elsewhere',
    async (name) => {
      const { page, url } = await openDocs(name);
      const document = (await (await fetch(`${url}/openapi.json`)).json()) as Parameters<
        typeof documentedRoutes
      >[0];

      expect(await listedRoutes(page)).toEqual(documentedRoutes(document));
      await screenshot(page, `${name}-docs`);
    },
  );

  it('when "Try it out" runs GET and POST /products of the products service, then the page shows the live answers', async () => {
    const { page, url } = await openDocs('products');

    const created = await tryItOut(page, 'post', '/products');
    expect(created.status).toBe('201');
    const { id } = JSON.parse(created.body) as { id: string };
    const listed = await tryItOut(page, 'get', '/products');
    expect(listed.status).toBe('200');
    expect(listed.body).toContain(id);
    // What the page showed is what the service stored.
    const stored = (await (await fetch(`${url}/products/${id}`)).json()) as { modelName: string };
    expect(stored.modelName).toBe('Widget');
    await screenshot(page, 'products-try-it-out');
  });

  it('when the token is given in Authorize and "Try it out" runs POST and GET /books, then the page shows the live answers', async () => {
    const { page } = await openDocs('books');

    await authorize(page, 'booksToken', TOKENS['BOOKS_TOKEN'] ?? '');
    const created = await tryItOut(page, 'post', '/books');
    expect(created.status).toBe('201');
    expect(JSON.parse(created.body)).toMatchObject({ title: 'Dune', status: 0 });
    const listed = await tryItOut(page, 'get', '/books');
    expect(listed.status).toBe('200');
    expect(listed.body).toContain('Frank Herbert');
    await screenshot(page, 'books-try-it-out');
  });

  it('when "Try it out" runs GET / and POST /tracks of the tutorial, then the page shows the live answers', async () => {
    const { page } = await openDocs('tutorial');

    const greeting = await tryItOut(page, 'get', '/');
    expect(greeting.status).toBe('200');
    expect(greeting.body).toContain('Hello World!');
    const track = await tryItOut(page, 'post', '/tracks');
    expect(track.status).toBe('200');
    expect(JSON.parse(track.body)).toMatchObject({ status: 'success' });
    await screenshot(page, 'tutorial-try-it-out');
  });
});
