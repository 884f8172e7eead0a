import { Engine } from './engine/engine.js';
import { TtlMonitor } from './engine/ttl-monitor.js';
import { ServerParameters } from './parameters.js';
import { WireServer } from './server.js';
import { LmdbStore } from './storage/lmdb-store.js';
import { MemoryStore } from './storage/memory-store.js';
import type { Store } from './storage/store.js';

export interface EmbeddedMongoOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on; defaults to 127.0.0.1. */
  host?: string;
  /**
   * A Unix socket to listen on instead of TCP (`port` and `host` are then ignored). The same wire
   * protocol for clients on the same machine, at about a third less CPU per command than
   * loopback TCP, which the test suite's thousands of commands feel.
   */
  socketPath?: string;
  /** Directory of the LMDB data files; defaults to `.data/mongo`. Ignored when `inMemory` is set. */
  dbPath?: string;
  /** Keep everything in memory and write no files (for tests). Defaults to false. */
  inMemory?: boolean;
  /** Called with errors that concern one client only (bad messages, refused writes). */
  onError?: (err: unknown) => void;
  /**
   * Called with what start-up skipped in the write log and with storage failures no client
   * sees (LMDB failing to commit); defaults to `process.emitWarning`.
   */
  onWarning?: (message: string) => void;
  /**
   * Server parameters at start-up, as mongod's `--setParameter name=value`: `ttlMonitorSleepSecs`
   * (default 60) and `ttlMonitorEnabled` (default true). An unknown name or bad value throws.
   */
  setParameter?: Readonly<Record<string, unknown>>;
}

export interface EmbeddedMongo {
  uri: string;
  /** The TCP port it listens on; 0 when it listens on a Unix socket. */
  port: number;
  stop(): Promise<void>;
}

export const DEFAULT_DB_PATH = '.data/mongo';

export async function startEmbeddedMongo(
  options: EmbeddedMongoOptions = {},
): Promise<EmbeddedMongo> {
  const host = options.host ?? '127.0.0.1';
  const parameters = new ServerParameters(options.setParameter);
  const store: Store = options.inMemory
    ? new MemoryStore()
    : new LmdbStore(
        options.dbPath ?? DEFAULT_DB_PATH,
        options.onWarning ? { onWarning: options.onWarning } : {},
      );
  let engine: Engine;
  try {
    engine = Engine.open(store);
  } catch (err) {
    await store.close();
    throw err;
  }
  const server = new WireServer(
    engine,
    parameters,
    options.onError ? { onError: options.onError } : {},
  );
  let port: number;
  try {
    port = await server.listen(
      options.socketPath === undefined
        ? { port: options.port ?? 0, host }
        : { path: options.socketPath },
    );
  } catch (err) {
    await engine.close();
    throw err;
  }
  const ttlMonitor = new TtlMonitor(engine, parameters, (err) => options.onError?.(err));
  // The driver takes a socket as a percent-encoded path ending in `.sock` in place of host:port.
  const address =
    options.socketPath === undefined
      ? `${host.includes(':') ? `[${host}]` : host}:${port}`
      : encodeURIComponent(options.socketPath);
  let stopping: Promise<void> | undefined;
  return {
    uri: `mongodb://${address}/`,
    port,
    stop(): Promise<void> {
      stopping ??= (async () => {
        await ttlMonitor.stop();
        await server.close();
        await engine.close();
      })();
      return stopping;
    },
  };
}
