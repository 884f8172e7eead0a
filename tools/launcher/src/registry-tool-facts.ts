import { z } from 'zod';

const PATH = 'must be a path starting with /';

/** One POST the fault suite sends; `{name}` in a text of its body becomes a fresh name. */
const createSchema = z.strictObject({
  path: z.string().regex(/^\/\S*$/, PATH),
  body: z.record(z.string(), z.unknown(), { error: 'must be a JSON object' }),
  // The secret variable whose development value goes in the Authorization header.
  token: z.string().optional(),
});

/**
 * What `npm run faults` sends to the service: half the connections GET `read`, half POST
 * `create` (also the write of the disk-full test). `{id}` in `read` is the id a first create
 * answered; `{first}` in the body is the id of the first element `firstOf` lists.
 */
export const faultsSchema = z.strictObject(
  {
    firstOf: z
      .string()
      .regex(/^\/\S*$/, PATH)
      .optional(),
    read: z.string().regex(/^\/\S*$/, PATH),
    create: createSchema,
    // The MongoDB collection the creates land in, where the suite looks for acknowledged writes.
    storedIn: z.string().optional(),
  },
  { error: 'must say what the fault suite reads and creates ({ read, create })' },
);

/**
 * Spectral rules the service's contract turns off (`npm run lint:api`): for the whole document,
 * or for the parts `at` points to (JSON pointers into openapi.json), with the reason.
 */
export const apiLintExceptionSchema = z.strictObject({
  at: z.array(z.string().regex(/^#\//, 'must be a JSON pointer starting with #/')).optional(),
  rules: z.array(z.string()).min(1, 'must name at least one rule'),
  why: z.string().min(1, 'must say why the contract turns the rules off'),
});
