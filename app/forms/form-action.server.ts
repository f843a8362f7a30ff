import { data } from 'react-router';
import type { z } from 'zod';
import { DomainError, InvalidError, PayloadTooLargeError } from '#lib/errors.ts';
import { toFieldErrors, type FormResult } from '#lib/form-result.ts';
import { t, tCount } from '#lib/i18n.all.ts';
import { findIllFormedText } from '#lib/storable-text.ts';
import { addField, PHOTO_FIELDS, type SubmittedForm } from '#modules/media/media.form.ts';
import { requestContext, type PageContext } from '#server/load-context.ts';
import { INTENT_FIELD } from './intent-input.tsx';

/** What a page action receives, as far as a form needs it. */
export type FormArgs = { request: Request; context: PageContext };

/**
 * A success with more than a message: a page to go to next, what was made, headers such as a
 * cookie.
 */
type FormSuccess = {
  message: string;
  redirectTo?: string;
  createdPath?: string;
  headers?: HeadersInit;
};

/**
 * One form: the zod schema of its fields (the same one the JSON API uses), the work, and the
 * page's own text for a refusal, such as the spec's 'Failed to approve property.'. `run` may
 * throw a redirect. Declared as a method so that handlers of different schemas sit in one table.
 */
export type FormHandler<Schema extends z.ZodType> = {
  schema: Schema;
  run(input: z.output<Schema>, photos: Buffer[]): Promise<string | FormSuccess>;
  failure?: string;
};

/** Builds a FormHandler, inferring the input type of `run` from the schema. */
export function formHandler<Schema extends z.ZodType>(
  schema: Schema,
  run: FormHandler<Schema>['run'],
  options: { failure?: string } = {},
): FormHandler<Schema> {
  return { schema, run, failure: options.failure };
}

/** The answer to a form of a page with several: which form (`intent`) it answers. */
export type IntentResult<Intent extends string> = FormResult & { intent: Intent | null };

/** The intents of a page action made with handleIntents, for its forms and their answers. */
export type IntentOf<Action> = Action extends (...args: never[]) => Promise<infer Answer>
  ? Answer extends { data: IntentResult<infer Intent> }
    ? Intent
    : never
  : never;

/** A form's text fields (a repeated one, like `features`, as a list) and its photo files. */
async function readForm(request: Request): Promise<SubmittedForm> {
  const form: SubmittedForm = { fields: {}, photos: [] };
  for (const [name, value] of (await request.formData()).entries()) {
    if (typeof value === 'string') addField(form.fields, name, value);
    else if (PHOTO_FIELDS.has(name) && value.size > 0) {
      form.photos.push(Buffer.from(await value.arrayBuffer()));
    }
  }
  return form;
}

function failed(message: string, status: number, fieldErrors: Record<string, string> = {}) {
  return data<FormResult>({ ok: false, message, fieldErrors }, { status });
}

/**
 * The one way a form is answered: rate limit, validate, run, and a FormResult with the right
 * status. Bad fields answer 400 with an error for each; a refusal (a domain error) answers its
 * status with the page's failure text, or the service's message; anything else is logged with
 * the request's id and answers 500 in the form, so the visitor keeps what they typed.
 */
async function answerForm<Schema extends z.ZodType>(
  { context }: FormArgs,
  form: SubmittedForm,
  handler: FormHandler<Schema>,
) {
  const { formRateLimit, logger } = context.get(requestContext);
  if (formRateLimit.isExceeded) {
    const seconds = formRateLimit.retryAfterSeconds;
    return data<FormResult>(
      { ok: false, message: tCount('api.tooManyRequests', seconds), fieldErrors: {} },
      { status: 429, headers: { 'retry-after': String(seconds) } },
    );
  }
  // A NUL (`%00` in a form, or a NUL byte in a multipart part) would fail in the database.
  const illFormed = findIllFormedText(form.fields);
  if (illFormed !== undefined) {
    const field = illFormed.split('.')[0] ?? illFormed;
    const message = t('validation.wellFormedText');
    return failed(`${field}: ${message}`, 400, { [field]: message });
  }
  const parsed = handler.schema.safeParse(form.fields);
  if (!parsed.success) {
    const fieldErrors = toFieldErrors(parsed.error);
    const [field, message] = Object.entries(fieldErrors)[0] ?? ['form', t('api.invalidInput')];
    return failed(`${field}: ${message}`, 400, fieldErrors);
  }
  try {
    const success = await handler.run(parsed.data, form.photos);
    if (typeof success === 'string') return data<FormResult>({ ok: true, message: success });
    const { headers, ...result } = success;
    return data<FormResult>({ ok: true, ...result }, { headers });
  } catch (error) {
    // Redirects and other responses thrown on purpose are not errors.
    if (!(error instanceof Error)) throw error;
    const isAboutFields = error instanceof InvalidError || error instanceof PayloadTooLargeError;
    if (isAboutFields && error.issues.length > 0) {
      const fieldErrors = Object.fromEntries(error.issues.map((i) => [i.field, i.message]));
      return failed(error.message, error.status, fieldErrors);
    }
    if (error instanceof DomainError) {
      return failed(handler.failure ?? error.message, error.status);
    }
    logger.error({ err: error }, 'a form action failed');
    return data<FormResult>(
      {
        ok: false,
        message: handler.failure ?? t('api.serverError'),
        fieldErrors: {},
        isServerFault: true,
      },
      { status: 500 },
    );
  }
}

/** A page with one form. */
export async function handleForm<Schema extends z.ZodType>(
  args: FormArgs,
  schema: Schema,
  run: FormHandler<Schema>['run'],
  options: { failure?: string } = {},
) {
  return answerForm(args, await readForm(args.request), formHandler(schema, run, options));
}

/**
 * A page with several forms, each posting a hidden `intent` (IntentInput) that picks its
 * handler; the answer says which form it answers, so a page rendered after a post made without
 * JavaScript shows it in the right place.
 */
export async function handleIntents<Schemas extends Record<string, z.ZodType>>(
  args: FormArgs,
  handlers: { [Intent in keyof Schemas]: FormHandler<Schemas[Intent]> },
) {
  type Intent = keyof Schemas & string;
  const form = await readForm(args.request);
  const asked = form.fields[INTENT_FIELD];
  const intent = Object.keys(handlers).find((name): name is Intent => name === asked) ?? null;
  if (intent === null) {
    const message = t('form.unknownIntent');
    return data<IntentResult<Intent>>(
      { ok: false, message, fieldErrors: { [INTENT_FIELD]: message }, intent },
      { status: 400 },
    );
  }
  const answer = await answerForm(args, form, handlers[intent]);
  return data<IntentResult<Intent>>({ ...answer.data, intent }, answer.init ?? undefined);
}
