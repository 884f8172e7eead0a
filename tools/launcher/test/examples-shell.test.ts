import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellSteps } from '../src/examples/example-steps.js';
import { ShellSession } from '../src/examples/shell-session.js';
import { stepProblems } from '../src/examples/step-check.js';
import { repositoryRoot } from './support.js';

// The runner's shell against a real HTTP server: the guarantee is that what a page shows after
// `# →` is compared with what curl really received, including inside `$(...)`, and that the
// shell's variables carry from step to step as in a person's terminal.

let server: Server;
let base: string;
let session: ShellSession;

beforeAll(async () => {
  let created = 0;
  server = createServer((req, res) => {
    if (req.method === 'POST') {
      created += 1;
      res.writeHead(201, { 'content-type': 'application/json', etag: '"0"' });
      res.end(JSON.stringify({ id: `item${created}` }));
      return;
    }
    res.writeHead(req.url === '/items/item1' ? 200 : 404, { 'content-type': 'text/plain' });
    res.end(req.url === '/items/item1' ? 'found item1' : 'Not Found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  session = await ShellSession.open(repositoryRoot);
});

afterAll(async () => {
  await session.close();
  await new Promise((resolve) => server.close(resolve));
});

/** Runs the lines as one page's block and returns the problems of each step. */
async function problemsOf(lines: string[]): Promise<string[][]> {
  const results: string[][] = [];
  for (const step of shellSteps(lines, 1)) {
    results.push(stepProblems(step, await session.run(step.script, 10_000)));
  }
  return results;
}

describe('the examples shell', () => {
  it('when a block captures an id from an answer and uses it later, then every shown answer is checked and matches', async () => {
    const problems = await problemsOf([
      `U=${base}/items`,
      `I=$(curl -X POST $U | node -p "JSON.parse(require('fs').readFileSync(0, 'utf8')).id")  # → 201 [ETag: "0"] {"id":"…"}`,
      'curl $U/$I  # → 200 found item1',
      'echo "$I"  # → item1',
    ]);

    expect(problems).toEqual([[], [], []]);
  });

  it('when an answer differs from the page, then the status and body are reported', async () => {
    const problems = await problemsOf([`curl ${base}/items/none  # → 200 found …`]);

    expect(problems).toEqual([
      ['status 404, the page shows 200', 'body "Not Found", the page shows found …'],
    ]);
  });

  it('when a request has no `# →` of its own, or a command fails, then the step is reported', async () => {
    const problems = await problemsOf([
      `curl ${base}/items/item1`,
      `curl ${base}/items/item1  # → 200 found item1`,
      'false',
    ]);

    expect(problems).toEqual([
      ['2 requests before one `# →`: give each its own'],
      ['exited with 1: '],
    ]);
  });
});
