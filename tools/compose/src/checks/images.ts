import { runOk } from '../command.js';
import { CheckFailure } from '../http.js';
import { expectedTopLevel, readLock } from '../production-dependencies.js';

/** The image of a service, as compose.images.yml names it. */
export const imageOf = (service: string): string => `node-services/${service}:local`;

/** Lists, from inside the image, node_modules' top level (scopes opened) and the workspace folders. */
const LIST_SCRIPT = `
const { readdirSync } = require('node:fs');
const top = readdirSync('/app/node_modules').filter((n) => !n.startsWith('.'))
  .flatMap((n) => n.startsWith('@') ? readdirSync('/app/node_modules/' + n).map((m) => n + '/' + m) : [n]);
const dirs = (d) => { try { return readdirSync(d); } catch { return []; } };
console.log(JSON.stringify({ top, services: dirs('/app/services'), packages: dirs('/app/packages'), tools: dirs('/app/tools') }));
`;

interface Listing {
  top: string[];
  services: string[];
  packages: string[];
  tools: string[];
}

/**
 * The image holds its service alone: node_modules' top level is exactly what its production
 * dependencies reach in the lock (so no dev dependency and no other workspace), and the only
 * workspace code is the service's and the packages it depends on.
 */
export async function checkImageContents(service: string): Promise<string> {
  const listing = JSON.parse(
    await runOk('docker', [
      'run',
      '--rm',
      '--entrypoint',
      'node',
      imageOf(service),
      '-e',
      LIST_SCRIPT,
    ]),
  ) as Listing;
  const expected = expectedTopLevel(readLock(), `services/${service}`);
  const extra = listing.top.filter((name) => !expected.has(name));
  const missing = [...expected].filter((name) => !listing.top.includes(name));
  const problems = [
    ...(extra.length > 0 ? [`not production dependencies of ${service}: ${extra.join(', ')}`] : []),
    ...(missing.length > 0 ? [`missing: ${missing.join(', ')}`] : []),
    ...(listing.services.join() !== service
      ? [`services in the image: ${listing.services.join(', ')}`]
      : []),
    ...(listing.packages.join() !== 'common'
      ? [`packages in the image: ${listing.packages.join(', ')}`]
      : []),
    ...(listing.tools.length > 0 ? [`tools in the image: ${listing.tools.join(', ')}`] : []),
  ];
  if (problems.length > 0) throw new CheckFailure(problems.join('; '));
  return `${String(listing.top.length)} top-level packages, all production dependencies of ${service}; code: services/${service}, packages/common`;
}

export async function imageSize(image: string): Promise<number> {
  return Number(
    (await runOk('docker', ['image', 'inspect', '--format', '{{.Size}}', image])).trim(),
  );
}
