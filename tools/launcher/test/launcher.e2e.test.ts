import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_SCRIPTS } from '../src/service-scripts.js';
import {
  descendantsOf,
  freePorts,
  launcherEnv,
  placeArgs,
  READY,
  stillRunning,
  type ProcessInfo,
  portIsFree,
  startLauncher,
  waitForExit,
  waitForOutput,
  type LauncherRun,
} from './support.js';
import { SERVICE_NAMES, SERVICES } from '../src/services.js';

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

async function postJson(url: string, body: object): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** A free port for each service of the registry, by name, and one more for the database. */
async function servicePorts(): Promise<{ ports: Record<string, number>; mongo: number }> {
  const [mongo = 0, ...free] = await freePorts(SERVICE_NAMES.length + 1);
  return {
    ports: Object.fromEntries(SERVICE_NAMES.map((name, index) => [name, free[index] ?? 0])),
    mongo,
  };
}

/** The port of a service the test names, which the registry must list. */
function portOf(ports: Readonly<Record<string, number>>, name: string): number {
  const port = ports[name];
  if (port === undefined) throw new Error(`${name} is not in services/registry.json`);
  return port;
}

/** A scratch data folder for the tests of the enclosing describe, removed after them. */
function scratchDataDir(prefix: string): () => string {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });
  return () => {
    if (dir === undefined) throw new Error('the scratch folder is made in beforeAll');
    return dir;
  };
}

describe('npm start runs the whole system and stops it cleanly', () => {
  let dataDir: string;
  let ports: Record<string, number>;
  let mongo: number;
  const port = (name: string): number => portOf(ports, name);
  let args: string[];
  let run: LauncherRun | undefined;
  let processesBeforeStop: ProcessInfo[] = [];
  const stored = { productId: '', productName: '', miniStoreId: '', miniStoreName: '' };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'launcher-e2e-'));
    ({ ports, mongo } = await servicePorts());
    args = placeArgs(dataDir, ports, mongo);
  });

  afterAll(async () => {
    // Only reached with something still running when a test failed midway.
    if (run && run.child.exitCode === null) {
      run.child.kill('SIGTERM');
      await waitForExit(run, 30_000).catch(() => undefined);
    }
    for (const { pid } of stillRunning(processesBeforeStop)) process.kill(pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when started on free ports with an empty data folder, then every service answers a real request and one URL table is printed', async () => {
    run = startLauncher(args, { ...launcherEnv(), LOG_LEVEL: 'info' });
    await waitForOutput(run, READY, 90_000);

    expect(run.output().split(READY)).toHaveLength(2);
    // A service's log lines reach the terminal whole, each after its service's label.
    expect(run.output()).toMatch(/^\[books\] \{"level":30,.*"msg":"books listening"\}$/m);
    for (const { name, tryPath, pages } of SERVICES) {
      expect(run.output()).toContain(`http://localhost:${port(name)}`);
      expect(run.output()).toContain(`http://localhost:${port(name)}/metrics`);
      // The registry's try-it request of every service, new ones included.
      const tried = await fetch(`http://127.0.0.1:${port(name)}${tryPath}`);
      expect(tried.status, `${name} GET ${tryPath}`).toBe(200);
      await tried.body?.cancel();
      // Each page the registry names is printed and served as a page.
      for (const path of pages ?? []) {
        expect(run.output()).toContain(`http://localhost:${port(name)}${path}`);
        const page = await fetch(`http://127.0.0.1:${port(name)}${path}`);
        expect(page.status, `${name} GET ${path}`).toBe(200);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        await page.body?.cancel();
      }
    }
    expect(run.output()).toContain('using development tokens');

    const productList = await getJson(`http://127.0.0.1:${port('products')}/products`);
    expect(productList.status).toBe(200);
    expect(Array.isArray(productList.body)).toBe(true);

    const books = await getJson(`http://127.0.0.1:${port('books')}/books`);
    expect(books.status).toBe(200);
    expect(Array.isArray(books.body)).toBe(true);

    const menu = await fetch(`http://127.0.0.1:${port('orders')}/menu`);
    expect(menu.status).toBe(200);
    expect(menu.headers.get('content-type')).toMatch(/application\/json/);
    await menu.body?.cancel();

    const storeList = await getJson(`http://127.0.0.1:${port('mini-store')}/products`);
    expect(storeList.status).toBe(200);
    expect(Array.isArray(storeList.body)).toBe(true);

    const person = await fetch(`http://127.0.0.1:${port('tutorial')}/person/7`);
    expect(person.status).toBe(200);
    expect(await person.text()).toBe('You asked for person 7');

    stored.productName = `launcher-e2e-${Date.now()}`;
    const created = await postJson(`http://127.0.0.1:${port('products')}/products`, {
      modelName: stored.productName,
      price: 12.5,
    });
    expect(created.status).toBe(201);
    stored.productId = (created.body as { id: string }).id;
    expect(stored.productId).toMatch(/^[0-9a-f]{24}$/);

    stored.miniStoreName = `launcher-e2e-store-${Date.now()}`;
    const createdInStore = await postJson(`http://127.0.0.1:${port('mini-store')}/products`, {
      name: stored.miniStoreName,
      price: 3,
      quantity: 4,
    });
    expect(createdInStore.status).toBe(201);
    stored.miniStoreId = (createdInStore.body as { id: string }).id;
  }, 120_000);

  it('when sent SIGTERM, then it exits with 0 and no process and no listening port is left behind', async () => {
    if (!run) throw new Error('the launcher did not start in the previous test');
    const pid = run.child.pid as number;
    processesBeforeStop = descendantsOf(pid);
    // Below npm: the launcher, and each service as a node process of its own, run from source.
    const commands = processesBeforeStop.map((info) => info.command);
    expect(commands[0]).toContain('--import tsx tools/launcher/src/main.ts');
    expect(commands.filter((command) => command.endsWith(SERVICE_SCRIPTS.start))).toHaveLength(
      SERVICES.length,
    );

    run.child.kill('SIGTERM');
    const code = await waitForExit(run, 45_000);

    expect(code, run.output().slice(-4000)).toBe(0);
    expect(run.output()).toContain('stopped; the data stays in place');
    expect(stillRunning(processesBeforeStop)).toEqual([]);
    for (const taken of [...Object.values(ports), mongo]) {
      expect(await portIsFree(taken), `port ${taken} still taken`).toBe(true);
    }
  }, 60_000);

  it('when started again on the same data folder with --services, then only those services run and the products stored before the stop are still there', async () => {
    // The two services whose data is checked are enough to reopen the same database files.
    run = startLauncher([...args, '--services', 'products,mini-store'], launcherEnv());
    await waitForOutput(run, READY, 90_000);
    const services = descendantsOf(run.child.pid as number).filter((info) =>
      info.command.endsWith(SERVICE_SCRIPTS.start),
    );
    expect(services).toHaveLength(2);
    const others = SERVICE_NAMES.filter((name) => name !== 'products' && name !== 'mini-store');
    for (const name of others) {
      expect(await portIsFree(port(name)), `port of ${name} taken`).toBe(true);
    }

    const product = await getJson(
      `http://127.0.0.1:${port('products')}/products/${stored.productId}`,
    );
    expect(product.status).toBe(200);
    expect(product.body).toMatchObject({
      id: stored.productId,
      modelName: stored.productName,
      price: 12.5,
    });

    const storeProduct = await getJson(
      `http://127.0.0.1:${port('mini-store')}/products/${stored.miniStoreId}`,
    );
    expect(storeProduct.status).toBe(200);
    expect(storeProduct.body).toMatchObject({
      _id: stored.miniStoreId,
      name: stored.miniStoreName,
      quantity: 4,
    });

    processesBeforeStop = descendantsOf(run.child.pid as number);
    run.child.kill('SIGTERM');
    expect(await waitForExit(run, 45_000)).toBe(0);
    expect(stillRunning(processesBeforeStop)).toEqual([]);
  }, 150_000);
});

describe('npm start with a service that cannot start', () => {
  const dataDir = scratchDataDir('launcher-e2e-failing-');

  it('when one service exits with an error, then its message is shown, the others are stopped and the launcher exits with 1; services without a database start none', async () => {
    const [books, tutorial] = (await freePorts(2)) as [number, number];
    // Neither service uses MongoDB, so no database starts and its port, held here, is no obstacle.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen({ port: 0, host: '127.0.0.1' }, resolve));
    const address = holder.address();
    const heldPort = typeof address === 'object' && address !== null ? address.port : 0;
    const run = startLauncher(
      ['--services', 'books,tutorial', ...placeArgs(dataDir(), { books, tutorial }, heldPort)],
      { ...launcherEnv(), IDEMPOTENCY_TTL_SECONDS: 'forever' },
    );
    try {
      expect(await waitForExit(run, 60_000)).toBe(1);
      expect(run.output()).toContain(
        '[books]   - IDEMPOTENCY_TTL_SECONDS: must be a whole number of seconds',
      );
      expect(run.output()).toMatch(/^\[books\] .*src\/main\.ts exited with code 1$/m);
      // Tutorial exits on its own after the SIGTERM, or by it while still loading (no handler yet).
      expect(run.output()).toMatch(
        /^\[tutorial\] .*src\/main\.ts exited with code (\d+|SIGTERM)$/m,
      );
      expect(run.output()).toContain('launcher: books exited with code 1');
      expect(run.output()).not.toContain('MongoDB:');
      expect(await portIsFree(tutorial)).toBe(true);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
      await new Promise((resolve) => holder.close(resolve));
    }
  }, 90_000);
});

describe('npm start with a port already taken', () => {
  let holder: Server;
  const dataDir = scratchDataDir('launcher-e2e-taken-');

  beforeAll(async () => {
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen({ port: 0 }, resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => holder.close(resolve));
  });

  it('when the products port is in use, then it names the port and the service, shows no stack and starts nothing', async () => {
    const address = holder.address();
    const taken = typeof address === 'object' && address !== null ? address.port : 0;
    const { ports, mongo } = await servicePorts();
    const run = startLauncher(
      placeArgs(dataDir(), { ...ports, products: taken }, mongo),
      launcherEnv(),
    );

    expect(await waitForExit(run, 30_000)).toBe(1);
    expect(run.output()).toContain(`port ${taken} (products) is already in use`);
    expect(run.output()).not.toMatch(/^[ \t]+at /m);
    expect(run.output()).not.toContain('starting products');
    expect(await portIsFree(mongo)).toBe(true);
  }, 40_000);
});
