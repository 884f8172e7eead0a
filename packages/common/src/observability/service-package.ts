import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';

const packageSchema = z.object({ name: z.string().min(1), version: z.string().min(1) });

export interface ServicePackage {
  /** The package name without its scope: `@repo/products` is `products`. */
  name: string;
  version: string;
}

/**
 * The name and version of the package whose entry point is running (the nearest package.json
 * above `entry`), which name the service in its traces. Undefined when there is none.
 */
export async function servicePackageOf(entry: string): Promise<ServicePackage | undefined> {
  for (let dir = dirname(entry); ; dir = dirname(dir)) {
    const text = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined);
    if (text !== undefined) {
      const parsed = packageSchema.safeParse(JSON.parse(text));
      if (!parsed.success) return undefined;
      return { name: parsed.data.name.replace(/^@[^/]+\//, ''), version: parsed.data.version };
    }
    if (dirname(dir) === dir) return undefined;
  }
}
