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
  // Another apt run (an install elsewhere on the machine) holds the lock for a while: wait for it.
  const waitForLock = ['-o', 'DPkg::Lock::Timeout=600'];
  await runOk('apt-get', [...waitForLock, 'update', '-qq'], { timeoutMs: 15 * 60_000 });
  await runOk(
    'apt-get',
    [...waitForLock, 'install', '-y', '-qq', '--no-install-recommends', ...packages],
    {
      env: { DEBIAN_FRONTEND: 'noninteractive' },
      timeoutMs: 20 * 60_000,
    },
  );
}
