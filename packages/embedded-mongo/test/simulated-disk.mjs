// Loaded with `node --import` into a server process where no tmpfs can be mounted (no root): makes
// the folder named by EMBEDDED_MONGO_SIMULATED_DISK behave as a disk of the size its file
// `.disk-bytes` holds. The server's own writes there (`writeSync`, `writeFileSync`) fail with
// ENOSPC past that size and `statfsSync` reports what is left, counting every file in the folder.
// LMDB writes through its native code, so its own writes never fail here; its file counts all
// the same, so the write log and the space reserve meet a full disk as they would on a real one.
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join, resolve, sep } from 'node:path';
import process from 'node:process';

const root = resolve(process.env.EMBEDDED_MONGO_SIMULATED_DISK ?? '');
const SIZE_FILE = '.disk-bytes';
const { openSync, writeSync, writeFileSync, statfsSync, readdirSync, statSync, readFileSync } = fs;
const paths = new Map();

function inside(path) {
  return typeof path === 'string' && resolve(path).startsWith(root + sep);
}

function used(dir = root) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === SIZE_FILE) continue;
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? used(path) : statSync(path).size;
  }
  return total;
}

function free() {
  return Math.max(0, Number(readFileSync(join(root, SIZE_FILE), 'utf8')) - used());
}

function full(syscall) {
  return Object.assign(new Error(`ENOSPC: no space left on device, ${syscall}`), {
    code: 'ENOSPC',
    errno: -28,
    syscall,
  });
}

fs.openSync = (path, ...rest) => {
  const fd = openSync(path, ...rest);
  if (inside(path)) paths.set(fd, path);
  return fd;
};
fs.closeSync = ((closeSync) => (fd) => {
  paths.delete(fd);
  closeSync(fd);
})(fs.closeSync);
fs.writeSync = (fd, buffer, ...rest) => {
  if (paths.has(fd)) {
    const length =
      typeof buffer === 'string' ? Buffer.byteLength(buffer) : (rest[1] ?? buffer.byteLength);
    if (length > free()) throw full('write');
  }
  return writeSync(fd, buffer, ...rest);
};
fs.writeFileSync = (path, data, ...rest) => {
  if (inside(path) && Buffer.byteLength(data) > free()) throw full('write');
  return writeFileSync(path, data, ...rest);
};
fs.statfsSync = (path, ...rest) => {
  const stats = statfsSync(path, ...rest);
  if (!inside(path) && resolve(path) !== root) return stats;
  const left = free();
  return Object.assign(stats, { bsize: 1, bavail: left, bfree: left });
};
syncBuiltinESMExports();
