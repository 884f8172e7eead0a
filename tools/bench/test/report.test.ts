import { describe, expect, it } from 'vitest';
import {
  checkTargets,
  compareHttpTable,
  driverProfileNotes,
  frameworksTable,
  httpNotes,
  launchTable,
} from '../src/report.js';
import { REPO_ROOT } from '../src/services.js';
import type { RouteResult, SideResult } from '../src/sections/http-routes.js';

function side(reqPerSec: number, cpuUsPerReq: number, extra: Partial<SideResult> = {}): SideResult {
  const round = {
    requests: reqPerSec,
    reqPerSec,
    p50: 4,
    p99: 9,
    bad: 0,
    durationSec: 1,
    cpuUsPerReq,
    dbCpuUsPerReq: 300,
    window: { startUs: 0, endUs: 1_000_000 },
  };
  return {
    rounds: [round],
    reqPerSec,
    cpuUsPerReq,
    dbCpuUsPerReq: 300,
    p50: 4,
    p99: 9,
    spread: 0.05,
    bad: 0,
    peakRssBytes: 100 * 1024 * 1024,
    ...extra,
  };
}

const compared: RouteResult = {
  label: 'tutorial GET /person/:id',
  request: { method: 'GET', path: '/person/42' },
  service: { ...side(12_000, 80), logLines: 12_000 },
  baseline: side(6_000, 170, { dbCpuUsPerReq: 200 }),
  ratio: 2,
  other: {
    ...side(10_000, 95, { dbCpuUsPerReq: 280 }),
    logLines: 10_000,
    ratio: 10_000 / 6_000,
    thisOverOther: 1.2,
  },
};

describe('compareHttpTable', () => {
  it('when routes were measured on three sides, then each row shows both services, the baseline and the three ratios', () => {
    const lines = compareHttpTable([
      compared,
      { ...compared, label: 'books GET /books/:id', ratio: 0.85 },
      { label: 'orders POST /orders', skipped: 'service not built in /elsewhere' },
    ]).split('\n');

    expect(lines[0]?.split('|').map((cell) => cell.trim())).toEqual([
      '',
      'route',
      'this req/s',
      'other req/s',
      'baseline req/s',
      'this/base',
      'other/base',
      'this/other',
      'CPU µs/req this/other/base',
      'database CPU µs/req this/other/base',
      '',
    ]);
    expect(lines[2]?.split('|').map((cell) => cell.trim())).toEqual([
      '',
      'tutorial GET /person/:id',
      '12 000',
      '10 000',
      '6 000',
      '2.00x',
      '1.67x',
      '1.20x',
      '80 / 95 / 170',
      '300 / 280 / 200',
      '',
    ]);
    expect(lines[3]).toContain('0.85x (miss)');
    expect(lines[4]?.split('|').map((cell) => cell.trim())).toEqual([
      '',
      'orders POST /orders',
      'service not built in /elsewhere',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
  });
});

describe('httpNotes', () => {
  it('when only the service and the baseline ran, then a noisy route is told as before', () => {
    const alone: RouteResult = { ...compared, baseline: side(6_000, 170, { spread: 0.2 }) };
    delete alone.other;
    expect(httpNotes([alone])).toEqual([
      'tutorial GET /person/:id: noisy rounds (spread service 5%, baseline 20%)',
    ]);
  });

  it("when the other checkout's service answered badly or logged too little, then the notes name it", () => {
    const other = { ...side(10_000, 95, { bad: 3, spread: 0.3 }), logLines: 10 };
    const notes = httpNotes([
      { ...compared, other: { ...other, ratio: 1.67, thisOverOther: 1.2 } },
    ]);
    expect(notes).toEqual([
      'tutorial GET /person/:id: unexpected answers or errors: service 0, other 3, baseline 0',
      "tutorial GET /person/:id: only 10 log lines for 10000 measured requests of the other checkout's service",
      'tutorial GET /person/:id: noisy rounds (spread service 5%, other 30%, baseline 5%)',
    ]);
  });
});

describe('frameworksTable and checkTargets', () => {
  const measured: RouteResult = {
    label: 'books GET /books/:id',
    request: { method: 'GET', path: '/books/1' },
    service: { ...side(12_000, 80), logLines: 12_000 },
    baseline: side(6_000, 170),
    ratio: 2,
    frameworks: [
      { ...side(16_000, 40), framework: 'fastify', ratio: 0.75 },
      { ...side(20_000, 30), framework: 'node', ratio: 0.6 },
      { ...side(10_000, 100), framework: 'express-idiomatic', ratio: 1.2, logLines: 10_000 },
      { ...side(15_000, 60), framework: 'fastify-idiomatic', ratio: 0.8, logLines: 15_000 },
    ],
  };

  it('when a route was measured beside every framework, then its row shows every side and ratio, and the idiomatic stacks are held to their targets', () => {
    const lines = frameworksTable([measured]).split('\n');
    expect(lines[2]?.split('|').map((cell) => cell.trim())).toEqual([
      '',
      'books GET /books/:id',
      '12 000',
      '6 000',
      '16 000',
      '20 000',
      '10 000',
      '15 000',
      '2.00x',
      '0.75x',
      '0.60x',
      '1.20x',
      '0.80x (miss)',
      '80 / 170 / 40 / 30 / 100 / 60',
      '',
    ]);
    expect(checkTargets({ http: [measured] })).toEqual([
      { target: 'books GET /books/:id ≥ 0.9x baseline', measured: '2.00x', met: true },
      {
        target: 'books GET /books/:id ≥ 1.0x express-idiomatic',
        measured: '1.20x',
        met: true,
      },
      {
        target: 'books GET /books/:id ≥ 0.9x fastify-idiomatic',
        measured: '0.80x',
        met: false,
      },
    ]);
  });

  it('when a route ran with tracing on, then its ratio is reported and held to no target', () => {
    const traced: RouteResult = {
      label: 'products GET /products/:id (traced)',
      traced: true,
      request: { method: 'GET', path: '/products/1' },
      service: { ...side(4_000, 240), logLines: 4_000 },
      baseline: side(5_000, 190),
      ratio: 0.8,
    };
    expect(checkTargets({ http: [traced] })).toEqual([
      {
        target: 'products GET /products/:id (traced): reported, no target',
        measured: '0.80x',
        met: undefined,
      },
    ]);
  });
});

describe('launchTable', () => {
  const MiB = 1024 * 1024;
  const launch = {
    mode: 'compiled' as const,
    readyMs: 4_200,
    processes: [
      {
        pid: 2,
        command: 'node dist/main.js',
        cwd: `${REPO_ROOT}/services/books`,
        rssBytes: 80 * MiB,
        pssBytes: 40 * MiB,
      },
      { pid: 1, command: 'npm start', cwd: REPO_ROOT, rssBytes: 50 * MiB, pssBytes: 10 * MiB },
    ],
    totalRssBytes: 130 * MiB,
    totalPssBytes: 50 * MiB,
  };

  it('when npm start was measured, then each process is named by its folder, biggest first, above the totals, and the total is held to 1 GB', () => {
    const rows = launchTable([launch, { mode: 'source', skipped: 'failed: no npm' }])
      .split('\n')
      .slice(2)
      .map((line) =>
        line
          .split('|')
          .map((cell) => cell.trim())
          .slice(1, 4),
      );
    expect(rows).toEqual([
      ['services/books/: node dist/main.js', '80.0 MB', '40.0 MB'],
      ['.: npm start', '50.0 MB', '10.0 MB'],
      ['npm start (compiled): 2 processes, ready in 4200 ms', '130.0 MB', '50.0 MB'],
      ['npm start (source): failed: no npm', '', ''],
    ]);
    expect(checkTargets({ launch: [launch] })).toEqual([
      { target: 'npm start (compiled) RSS total < 1024.0 MB', measured: '130.0 MB', met: true },
    ]);
  });
});

describe('driverProfileNotes', () => {
  it('when a loop was profiled, then its busy samples share out the CPU per operation by origin, idle left out', () => {
    const loop = (clientCpuUs: number, driverShare: number) => ({
      opsPerSec: 5_000,
      clientCpuUs,
      byOrigin: [
        { frame: 'mongodb', share: driverShare, ms: 1 },
        { frame: '(idle)', share: 0.2, ms: 1 },
        { frame: 'bson', share: 0.8 - driverShare, ms: 1 },
      ],
      top: [{ frame: 'command (node_modules/mongodb/lib/db.js:193)', share: 0.1, ms: 1 }],
    });
    const text = driverProfileNotes({ ping: loop(120, 0.6), findOne: loop(200, 0.4) });
    expect(text).toContain('ping: 5000 ops/s, 120 µs of CPU per op');
    expect(text).toContain('µs of CPU per op by origin: mongodb 90, bson 30');
    expect(text).toContain('findOne by _id: 5000 ops/s, 200 µs of CPU per op');
    expect(text).toContain('µs of CPU per op by origin: mongodb 100, bson 100');
    expect(text).toContain('10.0%  command (node_modules/mongodb/lib/db.js:193)');
    expect(text).not.toMatch(/\(idle\) \d/);
  });
});
