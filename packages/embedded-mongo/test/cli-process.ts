import { spawn, type ChildProcess } from 'node:child_process';
import { inject } from 'vitest';
import './cli-bundle-context.js';

export interface CliProcess {
  child: ChildProcess;
  uri: string;
  /** Settles when it has exited, with everything it printed. */
  exited: Promise<CliOutcome>;
}

export interface CliOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface LaunchOptions {
  /**
   * Run as root without the capabilities that let root read and write any file (util-linux's
   * setpriv), so file modes hold for it as for any user, wherever the checkout lies.
   */
  withoutFileOverride?: boolean;
  /** Node options before the script, and variables added to the environment. */
  execArgv?: string[];
  env?: Record<string, string>;
}

/** Starts the CLI; `output` fills as it prints. */
export function launchCli(
  args: string[],
  options: LaunchOptions = {},
): {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  exited: Promise<CliOutcome>;
} {
  // Without --enable-source-maps: no test here reads a stack, and loading the maps costs each
  // start CPU (about 0.3 s for common's fixtures).
  const command = [process.execPath, ...(options.execArgv ?? []), inject('cliBundle'), ...args];
  const [file = process.execPath, ...rest] =
    options.withoutFileOverride === true
      ? ['setpriv', '--bounding-set', '-dac_override,-dac_read_search', '--', ...command]
      : command;
  const child = spawn(file, rest, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  const output = { stdout: '', stderr: '' };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
  const exited = new Promise<CliOutcome>((resolve) => {
    // 'close', not 'exit': at 'exit' the last output may still be in the pipes.
    child.on('close', (code, signal) => resolve({ code, signal, ...output }));
  });
  return { child, output, exited };
}

/** Starts the CLI and resolves with the URI it prints once it is listening. */
export async function startCli(args: string[], options: LaunchOptions = {}): Promise<CliProcess> {
  const { child, output, exited } = launchCli(args, options);
  const uri = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /mongodb:\/\/\S+/.exec(output.stdout);
      if (match) {
        clearInterval(timer);
        resolve(match[0]);
      }
    }, 25);
    void exited.then((outcome) => {
      clearInterval(timer);
      reject(new Error(`CLI exited early (${String(outcome.code)}): ${outcome.stderr}`));
    });
  });
  return { child, uri, exited };
}

/** Runs the CLI expecting it to exit by itself. */
export function runCli(args: string[], options: LaunchOptions = {}): Promise<CliOutcome> {
  return launchCli(args, options).exited;
}
