import { spawn, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import './cli-bundle-context.js';
import { useTempDirs } from './temp-dirs.js';

const TIMEOUT_MS = 120_000;
const ROUNDS = 25;
const CLAIMERS = 3;

/** A pid no process has: one that has just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

/** Starts a process claiming `dir`; resolves with what it said and a way to let it go. */
function claim(dir: string): Promise<{ said: string; letGo: () => Promise<void> }> {
  const child = spawn(process.execPath, [inject('lockClaimerBundle'), dir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  return new Promise((resolve) => {
    let said = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      said += chunk;
      if (said.endsWith('\n'))
        resolve({
          said,
          letGo: async () => {
            child.kill('SIGKILL');
            await exited;
          },
        });
    });
  });
}

// The guarantee: two servers never share a data directory, whether the lock they find is stale
// or not. Processes that only take the lock race for it here, many rounds over, each round's
// winner killed so that the next round races over a stale lock again.
describe('the data directory lock', () => {
  const tempDir = useTempDirs('embedded-mongo-lock-');

  it(
    'when processes claim a directory at the same moment, round after round over a stale lock, then exactly one gets it each time',
    async () => {
      const dir = await tempDir();
      await writeFile(join(dir, 'embedded-mongo.lock.1'), String(deadPid()));
      for (let round = 0; round < ROUNDS; round++) {
        const claims = await Promise.all(Array.from({ length: CLAIMERS }, () => claim(dir)));
        const winners = claims.filter((c) => c.said === 'locked\n');
        expect(winners, claims.map((c) => c.said).join('')).toHaveLength(1);
        for (const loser of claims.filter((c) => c.said !== 'locked\n'))
          expect(loser.said).toContain('in use by process');
        await Promise.all(claims.map((c) => c.letGo()));
      }
    },
    TIMEOUT_MS,
  );
});
