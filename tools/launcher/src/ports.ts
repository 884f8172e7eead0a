import { createServer } from 'node:net';

export interface PortClaim {
  port: number;
  /** Who the port is meant for ("products", "embedded MongoDB") and what to do about a clash. */
  owner: string;
  hint: string;
  /** The interface the owner will listen on; undefined = every interface, as the services do. */
  host?: string;
}

/** Opens and closes a server on the port: undefined when it could, else the error's code. */
function listenError(port: number, host: string | undefined): Promise<string | undefined> {
  return new Promise((resolve) => {
    const server = createServer().once('error', (error: NodeJS.ErrnoException) => {
      resolve(error.code === 'EACCES' ? 'permission denied' : (error.code ?? 'UNKNOWN'));
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
}

/** Tries each port before anything starts, so a clash is told by name rather than as a stack from a child. */
export async function findPortProblems(claims: readonly PortClaim[]): Promise<string[]> {
  const problems: string[] = [];
  for (const { port, owner, host, hint } of claims) {
    const code = port === 0 ? undefined : await listenError(port, host);
    if (code === undefined) continue;
    const why = code === 'EADDRINUSE' ? 'is already in use' : `cannot be opened: ${code}`;
    problems.push(`port ${port} (${owner}) ${why}; ${hint}`);
  }
  return problems;
}

/** A port that was free a moment ago (the OS picks it). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen({ port: 0, host }, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
