import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  createConcurrently,
  KillOthers,
  LogError,
  LogOutput,
  Logger,
  type CloseEvent,
} from 'concurrently';
import type { RunMode } from './options.js';
import type { RunningServices } from './running-services.js';
import type { ServiceSpec } from './registry.js';

export interface ServiceProcessInput {
  service: ServiceSpec;
  env: Record<string, string>;
}

const PREFIX_COLORS = ['cyan', 'magenta', 'yellow', 'green', 'blue'];

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function tsxCli(): string {
  const require = createRequire(import.meta.url);
  return join(require.resolve('tsx/package.json'), '..', 'dist', 'cli.mjs');
}

/**
 * The command line of one service; `exec` so the shell is replaced and the pid is the service's.
 * From source, tsx is loaded into the service's own node (`--import tsx`) rather than run as its
 * CLI, which would add a second node process per service only to relay signals; only the watch
 * mode needs the CLI, to restart the service on a change.
 * With `traced`, `--import @repo/common/tracing` starts OpenTelemetry before the service loads,
 * as ES modules need (the module resolves from the service's folder, from source under tsx).
 */
export function commandLine(mode: RunMode, traced = false): string {
  const node = shellQuote(process.execPath);
  const tracing = traced ? ' --import @repo/common/tracing' : '';
  if (mode === 'compiled') return `exec ${node}${tracing} dist/main.js`;
  if (mode === 'watch') {
    return `exec ${node} ${shellQuote(tsxCli())} watch --conditions=development${tracing} src/main.ts`;
  }
  return `exec ${node} --conditions=development --import tsx${tracing} src/main.ts`;
}

/**
 * Each service runs in its own process group: a Ctrl-C in the terminal reaches only the launcher,
 * which stops the services one signal each (a second signal makes a service skip its graceful
 * stop), and a final SIGKILL to the group reaches any grandchild (tsx watch runs the service as one).
 */
function spawnInOwnGroup(command: string, options: SpawnOptions): ChildProcess {
  return spawn('/bin/sh', ['-c', command], { ...options, detached: true });
}

function isGone(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ESRCH';
}

export function startServiceProcesses(
  root: string,
  mode: RunMode,
  inputs: readonly ServiceProcessInput[],
  traced = false,
): RunningServices {
  const groups = new Set<number>();
  const signalled = new Set<number>();

  // Best effort by design: it also runs from the launcher's exit handler, where the group is
  // usually gone already (ESRCH) and nothing may throw.
  const killGroup = (pid: number): void => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Nothing left in the group.
    }
  };

  // concurrently calls this for its own kills too (KillOthers): the first polite signal per
  // process goes to the runner only, which hands it to the service; SIGKILL takes the whole group.
  const kill = (pid: number, signal?: string): void => {
    if (signal === 'SIGKILL') {
      killGroup(pid);
      return;
    }
    if (signalled.has(pid)) return;
    signalled.add(pid);
    try {
      process.kill(pid, (signal ?? 'SIGTERM') as NodeJS.Signals);
    } catch (error) {
      if (!isGone(error)) throw error;
    }
  };

  const logger = new Logger({ prefixFormat: 'name' });
  const { commands, result } = createConcurrently(
    inputs.map(({ service, env }, index) => ({
      command: commandLine(mode, traced),
      name: service.name,
      cwd: join(root, service.dir),
      env,
      prefixColor: PREFIX_COLORS[index % PREFIX_COLORS.length],
    })),
    {
      logger,
      outputStream: process.stdout,
      spawn: spawnInOwnGroup,
      kill,
      controllers: [
        new LogError({ logger }),
        new LogOutput({ logger }),
        // A service that fails takes the others down rather than leaving half a system running.
        new KillOthers({
          logger,
          conditions: ['failure'],
          killSignal: 'SIGTERM',
          timeoutMs: 15_000,
        }),
      ],
    },
  );
  // concurrently's own exit line repeats the whole command; the service's name says enough.
  for (const command of commands) {
    command.close.subscribe(({ exitCode }) => {
      logger.logCommandEvent(`exited with code ${exitCode}`, command);
    });
  }

  const rememberGroups = (): void => {
    for (const command of commands) if (command.pid !== undefined) groups.add(command.pid);
  };
  rememberGroups();
  const closed = result.then(
    (events) => events,
    (events: CloseEvent[]) => events,
  );

  const killNow = (): void => {
    rememberGroups();
    for (const pid of groups) killGroup(pid);
  };

  const stop = async (graceMs: number): Promise<void> => {
    rememberGroups();
    for (const command of commands) command.kill('SIGTERM');
    const deadline = setTimeout(() => {
      logger.logGlobalEvent(`services still running after ${graceMs} ms; killing them`);
      killNow();
    }, graceMs);
    await closed;
    clearTimeout(deadline);
    // The runner may exit before a grandchild does; nothing of the group may outlive the launcher.
    killNow();
  };

  return {
    onExit: (listener) => {
      for (const command of commands) {
        command.close.subscribe(({ exitCode }) => listener({ name: command.name, exitCode }));
      }
    },
    closed: closed.then((events) =>
      events.map((event) => ({ name: event.command.name, exitCode: event.exitCode })),
    ),
    stop,
    killNow,
  };
}
