// Used by the Dockerfile: narrows the npm workspaces of the image to one service and the
// workspace packages it depends on at run time, so `npm ci --omit=dev` installs only what that
// service needs. Run from the folder holding the root package.json and the workspace manifests.
//   node keep-workspaces.mjs <service>
//   node keep-workspaces.mjs packages/embedded-mongo   (any workspace folder, for an image of it)
import { readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const service = process.argv[2] ?? '';
// A bare name is a service; a name with a slash is a workspace folder.
const serviceDir = service.includes('/') ? service : join('services', service);
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

const workspaceDirs = ['packages', 'services', 'tools'].flatMap((group) =>
  existsSync(group)
    ? readdirSync(group)
        .map((name) => join(group, name))
        .filter((dir) => existsSync(join(dir, 'package.json')))
    : [],
);
const dirByName = new Map(
  workspaceDirs.map((dir) => [readJson(join(dir, 'package.json')).name, dir]),
);

if (!workspaceDirs.includes(serviceDir)) {
  const known = workspaceDirs
    .filter((dir) => dir.startsWith('services/'))
    .map((dir) => dir.slice(9));
  console.error(`SERVICE must be one of: ${known.join(', ')} (got "${service}")`);
  process.exit(1);
}

// The service plus every workspace package reachable through production dependencies.
const keep = new Set();
const queue = [serviceDir];
while (queue.length > 0) {
  const dir = queue.shift();
  if (keep.has(dir)) continue;
  keep.add(dir);
  for (const dependency of Object.keys(readJson(join(dir, 'package.json')).dependencies ?? {})) {
    const dependencyDir = dirByName.get(dependency);
    if (dependencyDir) queue.push(dependencyDir);
  }
}

for (const dir of workspaceDirs) if (!keep.has(dir)) rmSync(dir, { recursive: true });
const root = readJson('package.json');
root.workspaces = [...keep].sort();
delete root.devDependencies;
delete root.scripts;
writeFileSync('package.json', `${JSON.stringify(root, null, 2)}\n`);
console.log(`workspaces kept for ${service}: ${root.workspaces.join(', ')}`);
