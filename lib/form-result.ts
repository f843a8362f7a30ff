import type { z } from 'zod';
import { InvalidError } from './errors.ts';
import { t } from './i18n.pages.ts';

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
  | {
      ok: false;
      message: string;
      fieldErrors: Record<string, string>;
      /**
       * The server failed (a 500), rather than refusing what was sent: the page shows its own
       * failure text, the spec's, which a refusal's reason would be more precise than.
       */
      isServerFault?: true;
      /**
       * Nothing reached the server: the visitor is offline. The browser's service worker
       * (app/service-worker/) answers so, or the form itself before posting; the form keeps
       * what was typed and says so (offline.formNotSent).
       */
      isOffline?: true;
    };

/**
 * What the line under a refused form says. Fields to blame: what to do (the error summary and
 * the fields say what is wrong), not that the submission failed. The server failing: the page's
 * own failure text, the spec's. Otherwise the server's reason (a limit, a conflict), which says
 * more than the failure text. Offline: that nothing was sent and the text is still there.
 */
export function describeRefusal(
  result: Extract<FormResult, { ok: false }>,
  failureText: string,
): string {
  if (result.isOffline) return t('offline.formNotSent');
  if (Object.keys(result.fieldErrors).length > 0) return t('form.checkFields');
  if (result.isServerFault) return failureText;
  return result.message || failureText;
}

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
