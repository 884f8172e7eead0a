import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedResponse } from './expectation.js';

export interface StepOutcome {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Every response a `curl` of the step received, in order. */
  responses: RecordedResponse[];
}

/**
 * `curl` as the page types it, plus two things the page never sees: `-sS` (no progress meter in a
 * pipe) and a record of each response's headers and body, which the runner compares with `# →`.
 * A file counts the requests, so that `$(curl ...)` in a subshell is recorded too.
 */
const CURL_RECORDER = `
curl() {
  local n
  n=$(( $(cat "$EXAMPLES_RECORDS/count" 2>/dev/null || echo 0) + 1 ))
  echo "$n" > "$EXAMPLES_RECORDS/count"
  command curl -sS -D "$EXAMPLES_RECORDS/$n.headers" "$@" | tee "$EXAMPLES_RECORDS/$n.body"
  return "\${PIPESTATUS[0]}"
}
`;

/** The last response of a `-D` dump (a 100 Continue or a redirect may come first). */
export function parseHeaderDump(dump: string): Omit<RecordedResponse, 'body'> {
  const responses = dump.split(/\r?\n(?=HTTP\/)/);
  const [statusLine = '', ...lines] = (responses.at(-1) ?? '').split(/\r?\n/);
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name) ?? ''}, ${value}` : value);
  }
  return { status: Number(/^HTTP\/\S+ (\d{3})/.exec(statusLine)?.[1] ?? 0), headers };
}

/** One bash process that runs a page's steps in order, so that variables carry from step to step. */
export class ShellSession {
  private stdout = '';
  private stderr = '';
  private readonly sentinel = `__example_step_done_${randomUUID()}`;

  private constructor(
    private readonly bash: ChildProcessWithoutNullStreams,
    private readonly records: string,
  ) {
    bash.stdout.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    bash.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
  }

  /** A shell in `cwd` with the environment a newcomer's terminal has: PATH, HOME, a UTF-8 locale. */
  static async open(cwd: string): Promise<ShellSession> {
    const records = await mkdtemp(join(tmpdir(), 'examples-'));
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? records,
      LANG: 'C.UTF-8',
      EXAMPLES_RECORDS: records,
    };
    const bash = spawn('bash', ['--noprofile', '--norc'], { cwd, env });
    const session = new ShellSession(bash, records);
    bash.stdin.write(CURL_RECORDER);
    return session;
  }

  /** Runs `script` to its end (at most `timeoutMs`) and reports what it printed and received. */
  async run(script: string, timeoutMs: number): Promise<StepOutcome> {
    await rm(join(this.records, 'count'), { force: true });
    const file = join(this.records, 'step.sh');
    await writeFile(file, `${script}\n`);
    this.stdout = '';
    this.stderr = '';
    this.bash.stdin.write(`source ${file} </dev/null; printf '\\n%s %d\\n' ${this.sentinel} $?\n`);
    const done = new RegExp(`\\n${this.sentinel} (\\d+)\\n`);
    const deadline = Date.now() + timeoutMs;
    let match = done.exec(this.stdout);
    while (!match) {
      if (this.bash.exitCode !== null) throw new Error(`the shell exited (${this.bash.exitCode})`);
      if (Date.now() > deadline) throw new Error(`still running after ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      match = done.exec(this.stdout);
    }
    return {
      exitCode: Number(match[1]),
      stdout: this.stdout.slice(0, match.index),
      stderr: this.stderr,
      responses: await this.responses(),
    };
  }

  private async responses(): Promise<RecordedResponse[]> {
    const count = Number(await readFile(join(this.records, 'count'), 'utf8').catch(() => '0'));
    const responses: RecordedResponse[] = [];
    for (let n = 1; n <= count; n += 1) {
      const dump = await readFile(join(this.records, `${n}.headers`), 'utf8').catch(() => '');
      const body = await readFile(join(this.records, `${n}.body`), 'utf8').catch(() => '');
      responses.push({ ...parseHeaderDump(dump), body });
    }
    return responses;
  }

  async close(): Promise<void> {
    this.bash.stdin.end();
    if (this.bash.exitCode === null) this.bash.kill('SIGKILL');
    await rm(this.records, { recursive: true, force: true });
  }
}
