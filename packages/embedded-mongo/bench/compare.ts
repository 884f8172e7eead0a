import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient, type Collection } from 'mongodb';
import { startServer } from './server-process.js';
import { CONCURRENCY, DURATION_MS, fill, makeDoc, measure, SIZES, type Doc } from './workload.js';

// `npm run bench -w @repo/embedded-mongo -- --compare=<checkout>`: this checkout's server beside
// another checkout's (its sources, run with tsx; nothing there is built or written), both on LMDB,
// each figure measured in alternating rounds (this, other, other, this, ...) so that load from
// other work on the machine falls on both alike. Reports the median of each side and their ratio.

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 6);
interface Side {
  label: string;
  stop(): Promise<void>;
  client: MongoClient;
  coll: Collection<Doc>;
  nextId: number;
}

async function startSide(label: string, checkout: string, dbPath: string): Promise<Side> {
  const server = await startServer(checkout, ['--dbpath', dbPath]);
  const client = await new MongoClient(server.uri, { maxPoolSize: CONCURRENCY }).connect();
  return {
    label,
    client,
    coll: client.db('bench').collection<Doc>('docs'),
    nextId: 10_000_000,
    async stop(): Promise<void> {
      await client.close();
      await server.stop();
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

type Figure = (side: Side, size: number) => Promise<number>;

const FIGURES: Array<[string, Figure]> = [
  ['insertOne, 1 in flight', (s) => measure(1, () => s.coll.insertOne(makeDoc(s.nextId++)))],
  [
    `insertOne, ${CONCURRENCY} in flight`,
    (s) => measure(CONCURRENCY, () => s.coll.insertOne(makeDoc(s.nextId++))),
  ],
  [
    'findOne by _id, 1 in flight',
    (s, size) => measure(1, () => s.coll.findOne({ _id: Math.floor(Math.random() * size) })),
  ],
  [
    `findOne by _id, ${CONCURRENCY} in flight`,
    (s, size) =>
      measure(CONCURRENCY, () => s.coll.findOne({ _id: Math.floor(Math.random() * size) })),
  ],
];

export async function compareWith(otherCheckout: string): Promise<void> {
  const here = fileURLToPath(new URL('../../..', import.meta.url));
  const other = resolve(otherCheckout);
  const dir = await mkdtemp(join(tmpdir(), 'embedded-mongo-compare-'));
  const sides = [
    await startSide('this', here, join(dir, 'this')),
    await startSide('other', other, join(dir, 'other')),
  ];
  const line = (text: string): void => void process.stdout.write(`${text}\n`);
  try {
    line(
      `embedded-mongo, ${here} against ${other}: ${new Date().toISOString()}, ${cpus().length} cores, Node ${process.version}, median of ${ROUNDS} alternating rounds of ${DURATION_MS} ms, load average ${loadavg()[0]?.toFixed(1) ?? '?'}`,
    );
    line('| documents | figure (ops/s) | this | other | this ÷ other |');
    line('| ---: | --- | ---: | ---: | ---: |');
    let size = 0;
    for (const target of SIZES) {
      for (const side of sides) await fill(side.coll, size, target);
      size = target;
      for (const [name, figure] of FIGURES) {
        const results = new Map<Side, number[]>(sides.map((s) => [s, []]));
        // Unmeasured first, so neither side is measured on a cold JIT.
        for (const side of sides) await figure(side, target);
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 === 0 ? sides : [...sides].reverse();
          for (const side of order) results.get(side)?.push(await figure(side, target));
        }
        const [mine, theirs] = sides.map((s) => median(results.get(s) ?? []));
        line(
          `| ${target.toLocaleString('en-US')} | ${name} | ${Math.round(mine ?? 0)} | ${Math.round(theirs ?? 0)} | ${((mine ?? 0) / (theirs ?? 1)).toFixed(2)} |`,
        );
        // Inserts grow the collection; the look-ups are measured at `target` documents.
        for (const side of sides) await side.coll.deleteMany({ _id: { $gte: 10_000_000 } });
      }
    }
  } finally {
    for (const side of sides) await side.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
