// `npm run new:service -- <name> [--storage memory|mongo] [--port <port>]` (docs/service-anatomy.md).
import process from 'node:process';
import { readServiceRegistry } from '@repo/launcher';
import { generateService } from './generator.js';
import { parseOptions, USAGE, UsageError } from './options.js';

function say(message: string): void {
  process.stdout.write(`[new:service] ${message}\n`);
}

try {
  const services = readServiceRegistry();
  const options = parseOptions(process.argv.slice(2), services);
  if (options === 'help') {
    say(USAGE);
  } else {
    const written = await generateService(options, services);
    for (const path of written) say(path);
    say(
      `${options.name} is ready on port ${options.port}: npm start runs it with the others, ` +
        `npx vitest run --project ${options.name} runs its tests`,
    );
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`[new:service] ${message}\n`);
  if (error instanceof UsageError) process.stderr.write(`\n${USAGE}\n`);
  process.exitCode = 1;
}
