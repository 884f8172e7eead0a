import { describe, expect, it } from 'vitest';
import { parseOptions, UsageError } from '../src/options.js';

/** What the options read of the registry; fixed, so that a real new service changes nothing here. */
const SERVICES = [
  { name: 'books', launcherPort: 6791 },
  { name: 'tutorial', launcherPort: 3000 },
];
const highest = 6791;

describe('npm run new:service options', () => {
  it('when given a name alone, then the service keeps its items in memory on the port after the highest', () => {
    expect(parseOptions(['reviews'], SERVICES)).toEqual({
      name: 'reviews',
      storage: 'memory',
      port: highest + 1,
    });
  });

  it('when given --storage mongo and a port, then both are taken', () => {
    expect(
      parseOptions(['shop-reviews', '--storage', 'mongo', '--port', '7100'], SERVICES),
    ).toEqual({ name: 'shop-reviews', storage: 'mongo', port: 7100 });
  });

  it.each([
    [[], 'the name of the new service is missing'],
    [['Reviews'], 'a name is a-z, 0-9 and single dashes'],
    [['re--views'], 'a name is a-z, 0-9 and single dashes'],
    [['a', 'b'], 'one name only'],
    [['books'], 'books is a service already'],
    [['reviews', '--storage', 'redis'], '--storage redis: must be memory or mongo'],
    [['reviews', '--port', '80'], 'between 1024 and 65535'],
    [['reviews', '--port', '3000'], "port 3000 is tutorial's already"],
  ])('when given %j, then it refuses naming the problem', (args, message) => {
    expect(() => parseOptions(args, SERVICES)).toThrow(UsageError);
    expect(() => parseOptions(args, SERVICES)).toThrow(message);
  });
});
