import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { open } from 'lmdb';
import { describe, expect, it } from 'vitest';
import { docKey, namespaceRange } from '../src/storage/doc-key.js';

/** The bytes lmdb's default key encoding gives each string, read back through a binary view. */
async function defaultEncodings(keys: readonly string[]): Promise<Buffer[]> {
  const dir = await mkdtemp(join(tmpdir(), 'doc-key-'));
  const root = open({ path: dir, maxDbs: 2 });
  try {
    const written = root.openDB<string, string>({ name: 'keys', encoding: 'string' });
    await written.transaction(() => {
      keys.forEach((key, at) => void written.put(key, String(at)));
    });
    const raw = root.openDB<string, Buffer>({
      name: 'keys',
      encoding: 'string',
      keyEncoding: 'binary',
    });
    const byValue = new Map<string, Buffer>();
    for (const { key, value } of raw.getRange()) byValue.set(value, Buffer.from(key));
    return keys.map((_, at) => byValue.get(String(at)) ?? Buffer.alloc(0));
  } finally {
    await root.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const namespace = fc.stringMatching(/^[a-z_]{1,8}\.[a-zA-Z_.-]{1,12}$/);
// Characters 0 to 4, which the encoding escapes, among ASCII, two-byte, three-byte, astral ones.
const idText = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\u0000', '\u0001', '\u0004', 'a', 'é', '€', '😀'),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
  maxLength: 80,
});

describe('document keys in LMDB', () => {
  it('when a key is shorter than 64 characters, then its bytes are those lmdb gave it by default, so stored data stays readable', async () => {
    const pairs = fc.sample(fc.tuple(namespace, idText), { numRuns: 300, seed: 43 });
    const short = pairs.filter(([ns, id]) => `${ns}\u0000${id}`.length < 64);
    expect(short.length).toBeGreaterThan(100);
    const expected = await defaultEncodings(short.map(([ns, id]) => `${ns}\u0000${id}`));
    short.forEach(([ns, id], at) => expect(docKey(ns, id)).toEqual(expected[at]));
  });

  it('when a key is of any length, then it lies in the range of its namespace and of no other', () => {
    fc.assert(
      fc.property(namespace, namespace, fc.string({ maxLength: 1500 }), (ns, other, id) => {
        const key = docKey(ns, id);
        const inRange = (name: string): boolean => {
          const { start, end } = namespaceRange(name);
          return Buffer.compare(start, key) <= 0 && Buffer.compare(key, end) < 0;
        };
        expect(inRange(ns)).toBe(true);
        if (other !== ns) expect(inRange(other)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
