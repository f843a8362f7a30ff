import type { z } from 'zod';
import { InvalidError } from './errors.ts';

/** What a page action answers to a form: a message, and per-field errors for bad input. */
export type FormResult =
  | {
      ok: true;
      message: string;
      /** Where the page goes after showing the message. */
      redirectTo?: string;
      /** What the success made, to open next (the new supply). */
      createdPath?: string;
    }
  | { ok: false; message: string; fieldErrors: Record<string, string> };

/** The first message for each field of a failed zod parse. */
export function toFieldErrors(error: z.ZodError): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'form';
    fieldErrors[field] ??= issue.message;
  }
  return fieldErrors;
}

/**
 * Parses input that did not go through a route schema (a multipart form, say): the value, or
 * an InvalidError naming the first bad field, with every field's issue.
 */
export function parseOrThrow<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fieldErrors = toFieldErrors(parsed.error);
  const issues = Object.entries(fieldErrors).map(([field, message]) => ({ field, message }));
  const first = issues[0] ?? { field: 'body', message: 'is invalid' };
  throw new InvalidError(`${first.field}: ${first.message}`, issues);
}
