import { fileURLToPath } from 'node:url';

/** The repository root: compose runs from here, with docker-compose.yml as its first file. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** What `compose:up` started and `compose:down` must stop (ignored by git, as all of .data is). */
export const STATE_DIR = fileURLToPath(new URL('../../../.data/compose/', import.meta.url));

/** The compose project: fixed, so `compose:down` and the check find what `compose:up` made. */
export const PROJECT_NAME = process.env.COMPOSE_PROJECT_NAME ?? 'node-services';
