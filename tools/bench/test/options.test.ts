import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOptions, SECTIONS, UsageError } from '../src/options.js';

describe('parseOptions', () => {
  it('when given nothing, then it runs every section with 50 connections and 100 000 documents', () => {
    const options = parseOptions([]);
    expect(options).not.toBe('help');
    if (options === 'help') return;
    expect(options.quick).toBe(false);
    expect(options.sections).toEqual([...SECTIONS]);
    expect(options.connections).toBe(50);
    expect(options.largeCount).toBe(100_000);
  });

  it('when --quick is given, then rounds are fewer and shorter than in a full run', () => {
    const full = parseOptions([]);
    const quick = parseOptions(['--quick']);
    if (full === 'help' || quick === 'help') throw new Error('unexpected help');
    expect(quick.quick).toBe(true);
    expect(quick.rounds * quick.durationSec).toBeLessThan(full.rounds * full.durationSec);
  });

  it('when --streams is given, then the streams section opens that many; 1 000 otherwise', () => {
    const given = parseOptions(['--only=streams', '--streams=200']);
    const plain = parseOptions(['--quick']);
    if (given === 'help' || plain === 'help') throw new Error('unexpected help');
    expect(given.sections).toEqual(['streams']);
    expect(given.idleStreams).toBe(200);
    expect(plain.idleStreams).toBe(1_000);
  });

  it('when --only and --routes are given, then only those sections and routes are kept', () => {
    const options = parseOptions(['--only=http,memory', '--routes=GET /,POST']);
    if (options === 'help') throw new Error('unexpected help');
    expect(options.sections).toEqual(['http', 'memory']);
    expect(options.routeFilter).toEqual(['GET /', 'POST']);
  });

  it('when --baselines is given, then those frameworks serve the baselines, bare Express always among them', () => {
    const all = parseOptions([]);
    const fastify = parseOptions(['--baselines=fastify']);
    if (all === 'help' || fastify === 'help') throw new Error('unexpected help');
    expect(all.frameworks).toEqual([
      'express',
      'fastify',
      'node',
      'express-idiomatic',
      'fastify-idiomatic',
    ]);
    expect(fastify.frameworks).toEqual(['express', 'fastify']);
    expect(() => parseOptions(['--baselines=koa'])).toThrow(UsageError);
  });

  it('when numbers are given, then they override the defaults', () => {
    const options = parseOptions(['--quick', '--rounds=3', '--duration=2.5', '--connections=10']);
    if (options === 'help') throw new Error('unexpected help');
    expect([options.rounds, options.durationSec, options.connections]).toEqual([3, 2.5, 10]);
  });

  it('when an option is unknown, then it is a usage error rather than a silent full run', () => {
    expect(() => parseOptions(['--quik'])).toThrow(UsageError);
  });

  it('when a section is unknown or a number is not positive, then it is a usage error', () => {
    expect(() => parseOptions(['--only=http,disk'])).toThrow(UsageError);
    expect(() => parseOptions(['--rounds=0'])).toThrow(UsageError);
    expect(() => parseOptions(['--duration=abc'])).toThrow(UsageError);
  });

  it('when --compare names another checkout, then its path is kept, made absolute from here', () => {
    const relative = parseOptions(['--quick', '--compare=../other-checkout']);
    const absolute = parseOptions(['--compare=/srv/checkout']);
    if (relative === 'help' || absolute === 'help') throw new Error('unexpected help');
    expect(relative.compareDir).toBe(resolve(process.cwd(), '../other-checkout'));
    expect(absolute.compareDir).toBe('/srv/checkout');
  });

  it('when --compare is not given, then nothing is compared', () => {
    const options = parseOptions(['--quick']);
    if (options === 'help') throw new Error('unexpected help');
    expect(options.compareDir).toBeUndefined();
  });

  it('when --compare has no path, then it is a usage error', () => {
    expect(() => parseOptions(['--compare'])).toThrow(UsageError);
    expect(() => parseOptions(['--compare='])).toThrow('--compare needs the path');
  });

  it('when --drain is given, then only the drain comparison runs, three runs a side unless a number says otherwise', () => {
    const plain = parseOptions(['--quick']);
    const drain = parseOptions(['--drain']);
    const five = parseOptions(['--drain=5']);
    if (plain === 'help' || drain === 'help' || five === 'help') throw new Error('unexpected help');
    expect(plain.drainRuns).toBe(0);
    expect(drain.drainRuns).toBe(3);
    expect(five.drainRuns).toBe(5);
    expect(() => parseOptions(['--drain=0'])).toThrow(UsageError);
  });

  it('when --help is given, then it asks for the usage text', () => {
    expect(parseOptions(['--help'])).toBe('help');
  });
});
