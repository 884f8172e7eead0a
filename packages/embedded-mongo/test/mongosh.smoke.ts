import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';

const run = promisify(execFile);

/** mongosh's `bin/mongosh.js`, installed outside the workspace by `npm run test:mongosh`. */
function mongoshCli(): string {
  const path = process.env['MONGOSH_CLI'];
  if (!path) throw new Error('MONGOSH_CLI is not set; run this test with `npm run test:mongosh`');
  return path;
}

function withDatabase(uri: string, dbName: string): string {
  const url = new URL(uri);
  url.pathname = `/${dbName}`;
  return url.toString();
}

describe('mongosh', () => {
  const t = useTestDatabase('mongosh');

  it('when mongosh connects and runs an insert and a find, then it prints the document and the count', async () => {
    const script = [
      "db.things.insertOne({ name: 'shell', n: 1 })",
      "printjson(db.things.find({ name: 'shell' }, { _id: 0 }).toArray())",
      'print(db.things.countDocuments())',
    ].join('; ');
    const { stdout } = await run(
      process.execPath,
      [mongoshCli(), withDatabase(t.uri, t.dbName), '--quiet', '--norc', '--eval', script],
      {
        timeout: 60_000,
        env: { ...process.env, MONGOSH_NO_UPDATE_CHECK: '1', DO_NOT_TRACK: '1' },
      },
    );
    expect(stdout).toContain("name: 'shell'");
    expect(stdout.trim().split('\n').at(-1)).toBe('1');
    expect(await t.db.collection('things').countDocuments({ name: 'shell' })).toBe(1);
  }, 90_000);
});
