import { lockDirectory } from '../src/storage/dir-lock.js';

// A process that only claims the data directory given as its argument, as a server starting
// there would, prints whether it got it, and holds it until its standard input closes: many of
// them cost far less than as many servers, so a test can race them round after round.
try {
  lockDirectory(process.argv[2] ?? '');
  process.stdout.write('locked\n');
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
} catch (err) {
  process.stdout.write(`refused: ${err instanceof Error ? err.message : String(err)}\n`);
}
