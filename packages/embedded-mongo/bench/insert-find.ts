import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { runCommand } from '../src/commands/registry.js';
import { CursorManager } from '../src/engine/cursors.js';
import { Engine } from '../src/engine/engine.js';
import { ServerParameters } from '../src/parameters.js';
import { MemoryStore } from '../src/storage/memory-store.js';
import { buildOpMsgReply } from '../src/wire/op-msg.js';
import { fileURLToPath } from 'node:url';
import { compareWith } from './compare.js';
import { startServer } from './server-process.js';
import { CONCURRENCY, DURATION_MS, fill, makeDoc, measure, SIZES, type Doc } from './workload.js';

// Measures insertOne and findOne-by-_id through the official driver, sequentially and 50-way
// concurrently, once the collection holds 1 000 and 100 000 documents. The server runs as the CLI
// in its own process, as it does for `npm start`, so client and server do not share a thread.

const ROUNDS = 3;
const WARMUP_MS = 500;
// The checkout this file is in.
const HERE = fileURLToPath(new URL('../../..', import.meta.url));

/** Best of a few short rounds: the figure least disturbed by other work on the machine. */
async function best(workers: number, op: () => Promise<unknown>): Promise<number> {
  let top = 0;
  for (let round = 0; round < ROUNDS; round++) top = Math.max(top, await measure(workers, op));
  return top;
}

function line(text: string): void {
  process.stdout.write(`${text}\n`);
}

async function benchMode(label: string, args: string[]): Promise<void> {
  const server = await startServer(HERE, args);
  const client = await new MongoClient(server.uri, { maxPoolSize: CONCURRENCY }).connect();
  try {
    const coll = client.db('bench').collection<Doc>('docs');
    let size = 0;
    let nextId = 10_000_000;
    for (const target of SIZES) {
      await fill(coll, size, target);
      size = target;
      // A short untimed run first, so the 1 000-document figures do not include JIT warm-up.
      await measure(
        CONCURRENCY,
        () => coll.findOne({ _id: Math.floor(Math.random() * target) }),
        WARMUP_MS,
      );
      await measure(CONCURRENCY, () => coll.insertOne(makeDoc(nextId++)), WARMUP_MS);
      const insertSeq = await best(1, () => coll.insertOne(makeDoc(nextId++)));
      const insertPar = await best(CONCURRENCY, () => coll.insertOne(makeDoc(nextId++)));
      // Remove the extra documents so the find figures are taken at exactly `target` documents.
      await coll.deleteMany({ _id: { $gte: 10_000_000 } });
      const randomId = (): number => Math.floor(Math.random() * target);
      const findSeq = await best(1, () => coll.findOne({ _id: randomId() }));
      const findPar = await best(CONCURRENCY, () => coll.findOne({ _id: randomId() }));
      line(
        `| ${label} | ${target.toLocaleString('en-US')} | ${Math.round(insertSeq)} | ${Math.round(insertPar)} | ${Math.round(findSeq)} | ${Math.round(findPar)} |`,
      );
    }
  } finally {
    await client.close();
    await server.stop();
  }
}

/** The server's own cost per find by _id (command dispatch and reply encoding), without driver or socket. */
function engineOnly(): void {
  const ctx = {
    engine: Engine.open(new MemoryStore()),
    cursors: new CursorManager(),
    parameters: new ServerParameters(),
    connectionId: 1,
  };
  line('');
  line('| engine only, no driver | documents | find by _id ops/s |');
  line('| --- | ---: | ---: |');
  let size = 0;
  for (const target of SIZES) {
    const docs = Array.from({ length: target - size }, (_, i) => makeDoc(size + i));
    runCommand({ insert: 'docs', documents: docs, $db: 'bench' }, ctx);
    size = target;
    let top = 0;
    for (let round = 0; round < ROUNDS; round++) {
      let count = 0;
      const started = performance.now();
      while (performance.now() - started < DURATION_MS) {
        const id = Math.floor(Math.random() * target);
        buildOpMsgReply(
          1,
          1,
          runCommand(
            { find: 'docs', filter: { _id: id }, limit: 1, singleBatch: true, $db: 'bench' },
            ctx,
          ),
        );
        count += 1;
      }
      top = Math.max(top, count / ((performance.now() - started) / 1000));
    }
    line(`| in-memory | ${target.toLocaleString('en-US')} | ${Math.round(top)} |`);
  }
}

async function main(): Promise<void> {
  const compare = process.argv.find((arg) => arg.startsWith('--compare='));
  if (compare !== undefined) {
    await compareWith(compare.slice('--compare='.length));
    return;
  }
  line(
    `embedded-mongo benchmark: ${new Date().toISOString()}, ${cpus().length} cores, Node ${process.version}, best of ${ROUNDS} × ${DURATION_MS} ms per figure, load average ${loadavg()[0]?.toFixed(1) ?? '?'}`,
  );
  line(
    '| storage | documents | insertOne seq ops/s | insertOne x50 ops/s | findOne _id seq ops/s | findOne _id x50 ops/s |',
  );
  line('| --- | ---: | ---: | ---: | ---: | ---: |');
  await benchMode('in-memory', ['--in-memory']);
  const dir = await mkdtemp(join(tmpdir(), 'embedded-mongo-bench-'));
  try {
    await benchMode('lmdb', ['--dbpath', dir]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  engineOnly();
}

await main();
