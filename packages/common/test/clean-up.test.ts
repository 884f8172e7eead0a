import { describe, expect, it } from 'vitest';
import { cleanUpInOrder } from '../src/testing/clean-up.js';

describe('cleanUpInOrder', () => {
  it('when every step succeeds, then each runs once, in the order given', async () => {
    const ran: string[] = [];
    await cleanUpInOrder(
      [
        ['a', () => void ran.push('a')],
        ['b', async () => void ran.push('b')],
      ],
      1_000,
    );
    expect(ran).toEqual(['a', 'b']);
  });

  it('when a step throws and another never settles, then the later steps still run and the error names both', async () => {
    const ran: string[] = [];
    const cleaning = cleanUpInOrder(
      [
        ['stop the service', () => Promise.reject(new Error('refused'))],
        ['stop the database', () => new Promise<void>(() => {})],
        ['unmount the disk', () => void ran.push('unmount')],
      ],
      50,
    );
    const failure = await cleaning.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(ran).toEqual(['unmount']);
    expect(failure).toBeInstanceOf(AggregateError);
    expect((failure as AggregateError).errors.map((error: Error) => error.message)).toEqual([
      'stop the service: refused',
      'stop the database: still running after 50 ms',
    ]);
  });

  it('when one step throws synchronously, then that error is thrown once the rest has run', async () => {
    const ran: string[] = [];
    await expect(
      cleanUpInOrder(
        [
          [
            'free the disk',
            () => {
              throw new Error('EBUSY');
            },
          ],
          ['unmount the disk', () => void ran.push('unmount')],
        ],
        1_000,
      ),
    ).rejects.toThrow('free the disk: EBUSY');
    expect(ran).toEqual(['unmount']);
  });
});
