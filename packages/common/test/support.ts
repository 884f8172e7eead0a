import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';

/** A real pino logger whose JSON lines are kept in memory, so tests can read what was logged. */
export function capturingLogger(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  const lines = (): Record<string, unknown>[] => {
    return chunks
      .join('')
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  return { logger, lines };
}
