import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`, once listening. */
  url: string;
  /** Everything it wrote on stdout so far. */
  stdout: () => string;
  /** Resolves with its exit code. */
  exited: Promise<number | null>;
  /** Lines of stdout whose `msg` is `message`. */
  count: (message: string) => number;
}

/** The service from its TypeScript entry, as `npm run dev` runs it: a real process, real signals. */
export function spawnService(name: string, env: Record<string, string>): ChildProcess {
  return spawn(
    process.execPath,
    ['--conditions=development', '--import', 'tsx', `services/${name}/src/main.ts`],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

/** Starts a service and resolves once it listens; rejects with its output if it exits first. */
export async function startService(
  name: string,
  env: Record<string, string>,
): Promise<ServiceProcess> {
  const child = spawnService(name, env);
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  // 'close', not 'exit': at 'exit' the last output may still be in the pipes.
  const exited = once(child, 'close').then(([code]) => code as number | null);
  const port = await new Promise<number>((resolve, reject) => {
    const check = (): void => {
      for (const line of out.split('\n')) {
        if (!line.startsWith('{') || !line.includes(' listening"')) continue;
        const parsed = JSON.parse(line) as { msg?: unknown; port?: unknown };
        if (parsed.msg === `${name} listening` && typeof parsed.port === 'number') {
          child.stdout?.off('data', check);
          resolve(parsed.port);
          return;
        }
      }
    };
    child.stdout?.on('data', check);
    void exited.then(() => reject(new Error(`${name} exited before listening:\n${out}\n${err}`)));
  });
  return {
    name,
    child,
    url: `http://127.0.0.1:${port}`,
    stdout: () => out,
    exited,
    count: (message) =>
      out.split('\n').filter((line) => line.includes(`"msg":${JSON.stringify(message)}`)).length,
  };
}

/** Stops it with SIGKILL if it is still running (the end of a scenario that is not about stopping). */
export async function killService(service: ServiceProcess): Promise<void> {
  if (service.child.exitCode === null && service.child.signalCode === null) {
    service.child.kill('SIGKILL');
    await service.exited;
  }
}
