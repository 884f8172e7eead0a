import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

export interface ServerProcess {
  uri: string;
  stop(): Promise<void>;
}

/**
 * The server's CLI of a checkout (its sources, through tsx) in a process of its own, as it runs
 * for `npm start`, so client and server do not share a thread.
 */
export async function startServer(checkout: string, args: string[]): Promise<ServerProcess> {
  const cli = join(checkout, 'packages/embedded-mongo/src/cli.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', ...args], {
    cwd: checkout,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  const uri = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      const match = /mongodb:\/\/\S+/.exec(output);
      if (match) resolve(match[0]);
    });
    child.once('exit', (code) => reject(new Error(`${cli} exited with code ${String(code)}`)));
  });
  return {
    uri,
    async stop(): Promise<void> {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
