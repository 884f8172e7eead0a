import { describe, expect, it } from 'vitest';
import { SERVICES } from '../src/services.js';
import { parseCommandLine, UsageError, type LaunchOptions } from '../src/options.js';

const root = '/repo';

function optionsOf(args: string[], env: Record<string, string> = {}): LaunchOptions {
  const parsed = parseCommandLine(args, env, root);
  if (parsed.help) throw new Error('expected options, got help');
  return parsed.options;
}

describe('launcher command line', () => {
  it('when given nothing, then it runs every service of the registry from source on its registry port with the embedded server in .data', () => {
    const options = optionsOf([]);
    expect(options.mode).toBe('source');
    expect(options.services).toEqual(SERVICES.map((service) => service.name));
    expect(options.ports).toEqual(
      Object.fromEntries(SERVICES.map((service) => [service.name, service.launcherPort])),
    );
    expect(options.mongoPort).toBe(27017);
    expect(options.mongoUri).toBeUndefined();
    expect(options.dataDir).toBe('/repo/.data');
  });

  it('when a port is set both by variable and by flag, then the flag wins', () => {
    const options = optionsOf(['--port', 'mini-store=7001'], {
      MINI_STORE_PORT: '7000',
      BOOKS_PORT: '7002',
    });
    expect(options.ports['mini-store']).toBe(7001);
    expect(options.ports.books).toBe(7002);
  });

  it('when MONGODB_URI is set, then it is used instead of the embedded server', () => {
    expect(optionsOf([], { MONGODB_URI: 'mongodb://db:27017' }).mongoUri).toBe(
      'mongodb://db:27017',
    );
  });

  it('when --watch is given, then the services run from source with reload', () => {
    expect(optionsOf(['--watch']).mode).toBe('watch');
  });

  it('when --compiled is given, then the services run from their builds', () => {
    expect(optionsOf(['--compiled']).mode).toBe('compiled');
  });

  it('when --services lists some services in any order, then only those run, in table order', () => {
    expect(optionsOf(['--services', 'tutorial,products']).services).toEqual([
      'products',
      'tutorial',
    ]);
  });

  it.each([
    [['--services', 'products,shop'], '--services'],
    [['--port', 'shop=7000'], '--port takes <service>=<port>'],
    [['--port', 'products=0'], 'between 1 and 65535'],
    [['--port', 'products=70000'], 'between 1 and 65535'],
    [['--port', 'books=6790'], 'port 6790 is given to both products and books'],
    [['--mongo-port', '6790'], 'port 6790 is given to both embedded MongoDB and products'],
    [['--watch', '--compiled'], 'cannot be combined'],
    [['--ready-timeout', '0'], 'positive number of seconds'],
    [['--verbose'], "Unknown option '--verbose'"],
    [['--services', 'products,'], '--services'],
  ])('when given %j, then it refuses with a usage error naming the problem', (args, message) => {
    expect(() => parseCommandLine(args, {}, root)).toThrow(UsageError);
    expect(() => parseCommandLine(args, {}, root)).toThrow(message);
  });

  it('when a port variable is not a number, then the error names the variable', () => {
    expect(() => parseCommandLine([], { ORDERS_PORT: 'abc' }, root)).toThrow('ORDERS_PORT');
  });
});
