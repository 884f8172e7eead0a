import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SERVICE_SCRIPTS } from '../src/service-scripts.js';
import { SERVICES } from '../src/services.js';
import { repositoryRoot } from './support.js';

const packageSchema = z.object({ scripts: z.record(z.string(), z.string()) });

describe("each service's package.json scripts", () => {
  it.each(SERVICES.map((service) => [service.name, service] as const))(
    'when %s is run alone (npm run start, dev or start:prod -w), then it runs as the launcher runs it, tracing loaded first',
    async (_name, service) => {
      const text = await readFile(join(repositoryRoot, service.dir, 'package.json'), 'utf8');
      const { scripts } = packageSchema.parse(JSON.parse(text));
      expect(scripts).toMatchObject(SERVICE_SCRIPTS);
    },
  );
});
