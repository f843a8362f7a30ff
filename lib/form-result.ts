import type { z } from 'zod';

/** What a page action answers to a form: a message, and per-field errors for bad input. */
export type FormResult =
  | {
      ok: true;
      message: string;
      /** Where the page goes after showing the message. */
      redirectTo?: string;
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
