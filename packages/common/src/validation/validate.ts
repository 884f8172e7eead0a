import type { z } from 'zod';

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; problems: string[] };

function describePath(path: readonly PropertyKey[]): string {
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

/** Validates input against a schema and returns every problem, not only the first. */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
): ValidationResult<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, problems: describeIssues(result.error) };
}
