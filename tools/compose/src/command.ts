import { spawn } from 'node:child_process';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CommandOptions {
  /** Extra environment variables on top of this process's. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Written to the command's standard input. */
  input?: string;
  /** Killed (SIGKILL) after this long; the result then has code null. */
  timeoutMs?: number;
  /** Its output goes to this process's terminal as it comes (and is not captured). */
  show?: boolean;
}

/** Runs a command to its end and returns its exit code and output; never throws for a failure. */
export function run(
  command: string,
  args: readonly string[],
  options: CommandOptions = {},
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: [
        options.input === undefined ? 'ignore' : 'pipe',
        options.show ? 'inherit' : 'pipe',
        options.show ? 'inherit' : 'pipe',
      ],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin?.end(options.input);
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: 127, stdout, stderr: `${stderr}${error.message}\n` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandError';
  }
}

/** Runs a command that must succeed; its standard output, or an error with what it printed. */
export async function runOk(
  command: string,
  args: readonly string[],
  options: CommandOptions = {},
): Promise<string> {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    const output = `${result.stderr}${result.stdout}`.trim().split('\n').slice(-15).join('\n');
    throw new CommandError(
      `\`${[command, ...args].join(' ')}\` failed (exit ${String(result.code)})${output ? `:\n${output}` : ''}`,
    );
  }
  return result.stdout;
}

/** Whether a program is on the PATH. */
export async function onPath(program: string): Promise<boolean> {
  return (await run('sh', ['-c', `command -v ${program}`])).code === 0;
}
