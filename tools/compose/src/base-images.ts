import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  appendFileSync,
  rmSync,
  symlinkSync,
  realpathSync,
  chownSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aptInstall } from './apt.js';
import { onPath, run, runOk } from './command.js';
import { debianMirror } from './debian-mirror.js';

/** The images docker-compose.yml and the Dockerfile name, taken when a registry gives them. */
export const REGISTRY_NODE_IMAGE = 'node:20-bookworm-slim';
export const REGISTRY_MONGO_IMAGE = 'mongo:8';
export const REGISTRY_NATS_IMAGE = 'nats:2.10-alpine';

/** The local stand-in for REGISTRY_NODE_IMAGE: Debian bookworm with this machine's Node.js. */
export const LOCAL_NODE_IMAGE = `node-services/node:${process.versions.node}-bookworm`;

/** Where the CA bundle sits in the local image; NODE_EXTRA_CA_CERTS points there. */
const IMAGE_CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

export async function imageExists(image: string): Promise<boolean> {
  return (await run('docker', ['image', 'inspect', image], { timeoutMs: 30_000 })).code === 0;
}

/** Whether the image is here or a registry gives it (a failed pull is quick where none answers). */
export async function pulled(image: string, say: (line: string) => void): Promise<boolean> {
  if (await imageExists(image)) return true;
  const result = await run('docker', ['pull', '--quiet', image], { timeoutMs: 5 * 60_000 });
  if (result.code === 0) return true;
  say(`${image} cannot be pulled: ${result.stderr.trim().split('\n').at(-1) ?? ''}`);
  return false;
}

/** The CA bundle this machine's Node.js and npm trust, if it has one of its own. */
async function hostCaBundle(): Promise<string | undefined> {
  const fromNode = process.env.NODE_EXTRA_CA_CERTS;
  if (fromNode && existsSync(fromNode)) return fromNode;
  const fromNpm = (await run('npm', ['config', 'get', 'cafile'])).stdout.trim();
  if (fromNpm && fromNpm !== 'null' && existsSync(fromNpm)) return fromNpm;
  return existsSync(IMAGE_CA_BUNDLE) ? IMAGE_CA_BUNDLE : undefined;
}

/** The npm registry this machine's npm uses, when it is not npm's default. */
async function hostNpmRegistry(): Promise<string | undefined> {
  const registry = (await run('npm', ['config', 'get', 'registry'])).stdout.trim();
  return registry && registry !== 'https://registry.npmjs.org/' ? registry : undefined;
}

/** Files of the root filesystem no image needs: package caches, lists, docs, translations. */
const TRIMMED = [
  'var/cache/apt',
  'var/lib/apt/lists',
  'usr/share/doc',
  'usr/share/man',
  'usr/share/info',
  'usr/share/locale',
];

/**
 * Builds LOCAL_NODE_IMAGE: a minimal bookworm root filesystem (debootstrap, from the mirror apt
 * uses), this machine's node and npm, its CA bundle (NODE_EXTRA_CA_CERTS, so npm inside a build
 * trusts what the machine's npm trusts), and the unprivileged `node` user (uid 1000) of the
 * official Node.js images, then `docker import`. It stands in for REGISTRY_NODE_IMAGE, which it
 * resembles: same Debian release, same Node.js major version, same user.
 */
export async function buildLocalNodeImage(say: (line: string) => void): Promise<void> {
  if (!(await onPath('debootstrap'))) await aptInstall(['debootstrap'], say);
  const work = mkdtempSync(join(tmpdir(), 'node-base-'));
  const rootfs = join(work, 'rootfs');
  try {
    const mirror = debianMirror('bookworm');
    say(`making a bookworm root filesystem with debootstrap from ${mirror}`);
    await runOk('debootstrap', ['--variant=minbase', 'bookworm', rootfs, mirror], {
      timeoutMs: 15 * 60_000,
    });
    for (const path of TRIMMED) {
      rmSync(join(rootfs, path), { recursive: true, force: true });
      mkdirSync(join(rootfs, path), { recursive: true });
    }
    cpSync(realpathSync(process.execPath), join(rootfs, 'usr/local/bin/node'));
    const npmRoot = (await runOk('npm', ['root', '--global'])).trim();
    cpSync(realpathSync(join(npmRoot, 'npm')), join(rootfs, 'usr/local/lib/node_modules/npm'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(rootfs, 'usr/local/bin/npm'));
    symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', join(rootfs, 'usr/local/bin/npx'));
    const changes = [
      'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      `ENV NODE_VERSION=${process.versions.node}`,
      'CMD ["node"]',
    ];
    const caBundle = await hostCaBundle();
    if (caBundle !== undefined) {
      mkdirSync(join(rootfs, 'etc/ssl/certs'), { recursive: true });
      cpSync(caBundle, join(rootfs, IMAGE_CA_BUNDLE));
      changes.push(`ENV NODE_EXTRA_CA_CERTS=${IMAGE_CA_BUNDLE}`);
    }
    const registry = await hostNpmRegistry();
    if (registry !== undefined) changes.push(`ENV npm_config_registry=${registry}`);
    appendFileSync(join(rootfs, 'etc/group'), 'node:x:1000:\n');
    appendFileSync(join(rootfs, 'etc/passwd'), 'node:x:1000:1000::/home/node:/bin/bash\n');
    mkdirSync(join(rootfs, 'home/node'));
    chownSync(join(rootfs, 'home/node'), 1000, 1000);
    const tarball = join(work, 'rootfs.tar');
    await runOk('tar', ['-C', rootfs, '-cf', tarball, '.']);
    await runOk(
      'docker',
      ['import', ...changes.flatMap((change) => ['--change', change]), tarball, LOCAL_NODE_IMAGE],
      {
        timeoutMs: 10 * 60_000,
      },
    );
    say(`${LOCAL_NODE_IMAGE} imported`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The image the services' images are built on: the registry's, else the local one (made once). */
export async function nodeBaseImage(
  say: (line: string) => void,
): Promise<{ image: string; standIn: boolean }> {
  const chosen = process.env.NODE_IMAGE;
  if (chosen) return { image: chosen, standIn: chosen !== REGISTRY_NODE_IMAGE };
  if (await pulled(REGISTRY_NODE_IMAGE, say)) return { image: REGISTRY_NODE_IMAGE, standIn: false };
  if (await imageExists(LOCAL_NODE_IMAGE)) say(`using ${LOCAL_NODE_IMAGE}, made before`);
  else await buildLocalNodeImage(say);
  return { image: LOCAL_NODE_IMAGE, standIn: true };
}
