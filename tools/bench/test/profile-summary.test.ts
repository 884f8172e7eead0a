import { describe, expect, it } from 'vitest';
import { selfTimeByOrigin, topSelfTime, type CpuProfile } from '../src/profile-summary.js';

const ROOT = '/repo';

/** Five frames: two in the driver, one in bson, one of Node's, one of the repository, and idle. */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 } },
    {
      id: 2,
      callFrame: {
        functionName: 'executeOperation',
        url: 'file:///repo/node_modules/mongodb/lib/operations/execute_operation.js',
        lineNumber: 40,
      },
    },
    {
      id: 3,
      callFrame: {
        functionName: 'FindCursor',
        url: 'file:///repo/node_modules/mongodb/lib/cursor/find_cursor.js',
        lineNumber: 10,
      },
    },
    {
      id: 4,
      callFrame: {
        functionName: 'deserialize',
        url: 'file:///repo/node_modules/bson/lib/bson.cjs',
        lineNumber: 99,
      },
    },
    { id: 5, callFrame: { functionName: 'write', url: 'node:net', lineNumber: 5 } },
    {
      id: 6,
      callFrame: { functionName: 'loop', url: 'file:///repo/tools/bench/x.js', lineNumber: 0 },
    },
    { id: 7, callFrame: { functionName: '(idle)', url: '', lineNumber: -1 } },
  ],
  samples: [2, 3, 3, 4, 5, 6, 7, 7],
  timeDeltas: [100, 100, 100, 100, 100, 100, 200, 200],
};

describe('selfTimeByOrigin', () => {
  it('when samples fall in packages, Node, the repository and idle, then each origin gets its share, busiest first', () => {
    const origins = selfTimeByOrigin(profile, ROOT);
    expect(origins.map(({ frame, ms }) => [frame, ms])).toEqual([
      ['(idle)', 0.4],
      ['mongodb', 0.3],
      ['bson', 0.1],
      ['node:', 0.1],
      ['tools/bench', 0.1],
    ]);
    expect(origins.reduce((sum, origin) => sum + origin.share, 0)).toBeCloseTo(1);
    expect(origins[1]?.share).toBeCloseTo(0.3);
  });

  it('when given windows of the clock, then only the samples taken inside them count', () => {
    // Samples are stamped at startTime plus the running sum of the deltas: 1100, 1200, ... 1600,
    // 1800, 2000. The windows take the second and third (FindCursor) and the sixth (tools/bench).
    const stamped = { ...profile, startTime: 1000 };
    const windows = [
      { startUs: 1150, endUs: 1300 },
      { startUs: 1550, endUs: 1650 },
    ];
    expect(selfTimeByOrigin(stamped, ROOT, windows).map(({ frame, ms }) => [frame, ms])).toEqual([
      ['mongodb', 0.2],
      ['tools/bench', 0.1],
    ]);
  });
});

describe('topSelfTime', () => {
  it('when asked for the top two, then they are the busiest frames, named with the file relative to the repository', () => {
    expect(topSelfTime(profile, ROOT, 2)).toEqual([
      { frame: '(idle)', share: 0.4, ms: 0.4 },
      {
        frame: 'FindCursor (node_modules/mongodb/lib/cursor/find_cursor.js:11)',
        share: 0.2,
        ms: 0.2,
      },
    ]);
  });
});
