import { describe, expect, it } from 'vitest';
import { runFixture } from './child-process.js';

function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('crash logging', () => {
  it.each([
    ['an uncaught exception', 'exception', 'uncaught exception: exiting', 'the disk is on fire'],
    [
      'an unhandled rejection',
      'rejection',
      'unhandled promise rejection: exiting',
      'nobody handles this',
    ],
  ])(
    'when a running service meets %s, then it writes one fatal JSON line with the stack, keeps the lines it held and exits 1',
    async (_case, crash, message, errorMessage) => {
      const child = runFixture(
        'packages/common/test/fixtures/crash-after-request.ts',
        { CRASH: crash },
        { nodeOptions: ['--enable-source-maps'] },
      );
      expect(await child.exited).toBe(1);
      const lines = jsonLines(child.stdout());
      const fatal = lines.filter((line) => line.level === 60);
      expect(fatal).toHaveLength(1);
      expect(fatal[0]).toMatchObject({ name: 'crash-fixture', msg: message });
      const err = fatal[0]?.err as { message: string; stack: string; type: string };
      expect(err.message).toBe(errorMessage);
      expect(err.stack).toContain(`Error: ${errorMessage}`);
      expect(err.stack).toContain('crash-after-request.ts');
      // The request line was still held (they are written in batches) when the process crashed.
      expect(lines.filter((line) => line.msg === 'request completed')).toMatchObject([
        { url: '/ping', status: 200, requestId: 'before-the-crash' },
      ]);
      // Nothing but the JSON lines: Node did not print the error in its own format.
      expect(child.stderr()).toBe('');
    },
  );
});
