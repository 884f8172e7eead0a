import type { Collection } from 'mongodb';

// What both benchmarks (`insert-find.ts`, `compare.ts`) write, read and time.

export const DURATION_MS = Number(process.env['BENCH_DURATION_MS'] ?? 1000);
export const CONCURRENCY = 50;
export const SIZES = [1_000, 100_000];

export interface Doc {
  _id: number;
  name: string;
  n: number;
  tags: string[];
}

export function makeDoc(id: number): Doc {
  return { _id: id, name: `user-${id}`, n: id % 997, tags: ['a', 'b', String(id % 7)] };
}

/** Operations per second of `workers` loops running `op` for `durationMs`. */
export async function measure(
  workers: number,
  op: () => Promise<unknown>,
  durationMs = DURATION_MS,
): Promise<number> {
  let count = 0;
  const deadline = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < deadline) {
        await op();
        count += 1;
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/** Inserts documents `from` to `to` - 1, 5 000 at a time. */
export async function fill(coll: Collection<Doc>, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += 5_000) {
    const end = Math.min(to, start + 5_000);
    await coll.insertMany(Array.from({ length: end - start }, (_, i) => makeDoc(start + i)));
  }
}
