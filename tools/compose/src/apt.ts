import { runOk } from './command.js';

/** Installs Debian packages (as root: installing and starting an engine needs it). */
export async function aptInstall(
  packages: readonly string[],
  say: (line: string) => void,
): Promise<void> {
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${packages.join(', ')} missing, and installing it needs root: run as root, or install it yourself`,
    );
  }
  say(`installing Debian's ${packages.join(', ')} (apt-get)`);
  await runOk('apt-get', ['update', '-qq'], { timeoutMs: 5 * 60_000 });
  await runOk('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    env: { DEBIAN_FRONTEND: 'noninteractive' },
    timeoutMs: 10 * 60_000,
  });
}
