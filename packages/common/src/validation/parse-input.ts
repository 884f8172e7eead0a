import type { z } from 'zod';

/** The error a route answers with, from what zod found wrong with an input. */
export type InputRejection = (error: z.ZodError, input: unknown) => Error;

export type InputReader<T> = (input: unknown) => T;

/** `items[0].name`, for messages. */
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
 * The one way a route reads a body, query or path parameter: through its zod schema, throwing
 * `reject`'s error, so each service keeps its README's status and body for bad input.
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
