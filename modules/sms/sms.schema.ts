import { z } from 'zod';
import { CheckboxSchema } from '#lib/form-fields.ts';

/** Whether each kind of notice reaches the account's phone by SMS (lib/sms.ts). */
const SmsChoicesSchema = z.object({
  inquiry: z.boolean(),
  match: z.boolean(),
  listing: z.boolean(),
  search: z.boolean(),
  payment: z.boolean(),
});

export const SmsChoicesAnswerSchema = z.object({
  data: SmsChoicesSchema,
  /** The account's proved number they go to; null: no SMS goes, whatever the choices. */
  phone: z.string().nullable(),
});

/** `PUT /api/my-sms-preferences`: the kinds to change; the others stay as they are. */
export const SmsChoicesInputSchema = SmsChoicesSchema.partial().strict();

/** The account page's form: a ticked box for each kind, all of them sent together. */
export const SmsChoicesFormSchema = z.object({
  inquiry: CheckboxSchema,
  match: CheckboxSchema,
  listing: CheckboxSchema,
  search: CheckboxSchema,
  payment: CheckboxSchema,
});
