// One side of `npm run bench -- --drain`, run as a child process: a minimal app on PORT whose
// stop (SIGTERM) fails readiness, then closes the server 300 ms later, the way DRAIN_MODE says.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runService } from '@repo/common';

export const DRAIN_MS = 300;
const GRACE_MS = 10_000;

const env = process.env;
const port = Number(env.PORT);

function answer(res: ServerResponse): void {
  res.setHeader('content-type', 'application/json');
  res.end('{"ok":true}');
}

/** The app of the Node and terminus sides: `/readyz` as `ready()` says, `{"ok":true}` to the rest. */
function plainServer(ready: () => boolean): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/readyz') {
      res.statusCode = ready() ? 200 : 503;
      res.end();
      return;
    }
    answer(res);
  });
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
}

/** What this tool uses of @godaddy/terminus 4 (its documented `createTerminus` options). */
type CreateTerminus = (
  server: Server,
  options: {
    signals: string[];
    healthChecks: Record<string, () => Promise<unknown>>;
    beforeShutdown: () => Promise<unknown>;
    timeout: number;
    useExit0: boolean;
  },
) => Server;

async function runOurs(): Promise<void> {
  await runService({
    name: 'drain-ours',
    loadConfig: () => ({ PORT: port, LOG_LEVEL: 'silent' as const }),
    connect: () => Promise.resolve({ deps: undefined }),
    createApp: () => (_req, res) => answer(res),
    shutdownDrainMs: DRAIN_MS,
    shutdownGraceMs: GRACE_MS,
    ownsProcess: true,
  });
}

async function runNode(): Promise<void> {
  let ready = true;
  const server = plainServer(() => ready);
  process.once('SIGTERM', () => {
    ready = false;
    void sleep(DRAIN_MS).then(() => server.close(() => process.exit(0)));
  });
  await listen(server);
}

async function runTerminus(): Promise<void> {
  const dir = env.TERMINUS_DIR ?? '';
  const load = createRequire(join(dir, 'node_modules', 'index.js'));
  const { createTerminus } = load('@godaddy/terminus') as { createTerminus: CreateTerminus };
  // Terminus answers its health checks itself, and with 503 once its stop has begun.
  const server = plainServer(() => true);
  createTerminus(server, {
    signals: ['SIGTERM'],
    healthChecks: { '/readyz': () => Promise.resolve() },
    beforeShutdown: () => sleep(DRAIN_MS),
    timeout: GRACE_MS,
    useExit0: true,
  });
  await listen(server);
}

const sides: Record<string, () => Promise<void>> = {
  ours: runOurs,
  node: runNode,
  terminus: runTerminus,
};
const side = sides[env.DRAIN_MODE ?? ''];
if (side === undefined)
  throw new Error(`DRAIN_MODE must be one of ${Object.keys(sides).join(', ')}`);
await side();
