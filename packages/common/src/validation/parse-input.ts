import type { z } from 'zod';

/** Builds the error a route answers with from what zod found wrong with an input (and the input). */
export type InputRejection = (error: z.ZodError, input: unknown) => Error;

/** Reads one input of a request: its parsed value, or the rejection thrown. */
export type InputReader<T> = (input: unknown) => T;

export function describePath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`,
    )
    .join('');
}

/** Every issue zod found, as `path: message` strings (just the message for the root). */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const where = describePath(issue.path);
    return where ? `${where}: ${issue.message}` : issue.message;
  });
}

/**
 * The one way a route reads a request body, query string or path parameter: through its zod
 * schema. What zod finds wrong is turned into an error by `reject` and thrown, so each service
 * keeps its spec's own status and body for bad input. Each service builds its readers once, in
 * its `http/<resource>-schemas.ts`.
 */
export function inputReader<S extends z.ZodType>(
  schema: S,
  reject: InputRejection,
): InputReader<z.output<S>> {
  return (input) => {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    throw reject(result.error, input);
  };
}
