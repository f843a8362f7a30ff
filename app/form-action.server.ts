import { data, type AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { DomainError } from '#lib/errors.ts';
import { toFieldErrors, type FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.ts';
import { addField, PHOTO_FIELDS } from '#modules/media/media.form.ts';

/** The photo files of a form (`photos`, or the spec's single `image`), empty inputs left out. */
export type FormUpload = { photos: Buffer[] };

/** A form's text fields (a repeated one, like `features`, as a list) and its photo files. */
async function readFormData(formData: FormData) {
  const fields: Record<string, string | string[]> = {};
  const upload: FormUpload = { photos: [] };
  for (const [name, value] of formData.entries()) {
    if (typeof value !== 'string') {
      if (PHOTO_FIELDS.has(name) && value.size > 0) {
        upload.photos.push(Buffer.from(await value.arrayBuffer()));
      }
      continue;
    }
    addField(fields, name, value);
  }
  return { fields, upload };
}

/** A success with more than a message: a page to go to next, headers such as a cookie. */
export type FormSuccess = { message: string; redirectTo?: string; headers?: HeadersInit };

/**
 * The one way a page form is handled: rate limit, validate with the same zod schema as the API,
 * run the service, and answer a FormResult with the right status code. Domain errors become
 * messages in the form; anything else propagates to the error boundary and the log.
 */
export async function handleFormAction<Schema extends z.ZodType>(
  request: Request,
  context: AppLoadContext,
  schema: Schema,
  run: (input: z.output<Schema>, upload: FormUpload) => Promise<string | FormSuccess>,
) {
  if (context.formRateLimit.isExceeded) {
    const seconds = context.formRateLimit.retryAfterSeconds;
    return data<FormResult>(
      { ok: false, message: t('api.tooManyRequests', { seconds }), fieldErrors: {} },
      { status: 429, headers: { 'retry-after': String(seconds) } },
    );
  }
  const formData = await request.formData();
  const { fields, upload } = await readFormData(formData);
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors = toFieldErrors(parsed.error);
    const [field, message] = Object.entries(fieldErrors)[0] ?? ['form', t('api.invalidInput')];
    return data<FormResult>(
      { ok: false, message: `${field}: ${message}`, fieldErrors },
      { status: 400 },
    );
  }
  try {
    const success = await run(parsed.data, upload);
    if (typeof success === 'string') return data<FormResult>({ ok: true, message: success });
    const { headers, ...result } = success;
    return data<FormResult>({ ok: true, ...result }, { headers });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data<FormResult>(
      { ok: false, message: error.message, fieldErrors: {} },
      { status: error.status },
    );
  }
}
