import { createServer } from 'node:net';

export interface PortClaim {
  port: number;
  /** Who the port is meant for, used in the message ("products", "embedded MongoDB"). */
  owner: string;
  /** The interface the owner will listen on; undefined = every interface, as the services do. */
  host?: string | undefined;
  /** What to do about it, appended to the message. */
  hint?: string | undefined;
}

type Probe = { free: true } | { free: false; code: string };

function probePort(port: number, host: string | undefined): Promise<Probe> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) => {
      resolve({ free: false, code: error.code ?? 'UNKNOWN' });
    });
    server.listen({ port, host, exclusive: true }, () => {
      server.close(() => resolve({ free: true }));
    });
  });
}

/** Tries each port before anything starts, so a clash is told by name rather than as a stack from a child. */
export async function findPortProblems(claims: readonly PortClaim[]): Promise<string[]> {
  const problems: string[] = [];
  for (const claim of claims) {
    if (claim.port === 0) continue;
    const probe = await probePort(claim.port, claim.host);
    if (probe.free) continue;
    const where = `port ${claim.port} (${claim.owner})`;
    const reason =
      probe.code === 'EADDRINUSE'
        ? `${where} is already in use`
        : probe.code === 'EACCES'
          ? `${where} cannot be opened: permission denied`
          : `${where} cannot be opened: ${probe.code}`;
    problems.push(claim.hint ? `${reason}; ${claim.hint}` : reason);
  }
  return problems;
}

/** A port that was free a moment ago (the OS picks it). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
