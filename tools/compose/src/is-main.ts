import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Whether the module at this URL is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && realpathSync(script) === fileURLToPath(moduleUrl);
}
