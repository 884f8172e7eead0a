import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DEFAULT_MIRROR = 'http://deb.debian.org/debian';

/** The URIs of apt's sources that serve the given suite, in deb822 (.sources) or one-line form. */
export function mirrorsInSources(text: string, suite: string): string[] {
  const found: string[] = [];
  for (const stanza of text.split(/\n\s*\n/)) {
    const field = (name: string): string[] =>
      stanza
        .match(new RegExp(`^${name}:\\s*(.+)$`, 'mi'))?.[1]
        ?.trim()
        .split(/\s+/) ?? [];
    if (field('Suites').includes(suite)) found.push(...field('URIs'));
  }
  for (const line of text.split('\n')) {
    const words = line
      .replace(/\[[^[\]]*\]/, '')
      .trim()
      .split(/\s+/);
    if (words[0] === 'deb' && words[2] === suite && words[1] !== undefined) found.push(words[1]);
  }
  return found;
}

/** The Debian mirror apt uses here for the suite, so debootstrap reaches it the same way. */
export function debianMirror(suite: string): string {
  const files = [
    '/etc/apt/sources.list',
    ...(existsSync('/etc/apt/sources.list.d')
      ? readdirSync('/etc/apt/sources.list.d')
          .filter((name) => name.endsWith('.list') || name.endsWith('.sources'))
          .map((name) => join('/etc/apt/sources.list.d', name))
      : []),
  ].filter((file) => existsSync(file));
  for (const file of files) {
    const mirror = mirrorsInSources(readFileSync(file, 'utf8'), suite)[0];
    if (mirror !== undefined) return mirror;
  }
  return DEFAULT_MIRROR;
}
