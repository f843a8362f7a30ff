import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';
import { CheckboxSchema } from '#lib/form-fields.ts';

/** Whether each kind of e-mail reaches the address (lib/notifications.ts EMAIL_CHOICES). */
const EmailChoicesSchema = z.object({
  notice: z.boolean(),
  inquiry: z.boolean(),
  match: z.boolean(),
  favourite: z.boolean(),
  listing: z.boolean(),
  search: z.boolean(),
  newsletter: z.boolean(),
});
export type EmailChoices = z.infer<typeof EmailChoicesSchema>;

export const EmailChoicesAnswerSchema = z.object({ data: EmailChoicesSchema });

/** `PUT /api/my-email-preferences`: the kinds to change; the others stay as they are. */
export const EmailChoicesInputSchema = EmailChoicesSchema.partial().strict();

/** The account page's form: a ticked box for each kind to receive, all of them sent together. */
export const EmailChoicesFormSchema = z.object({
  notice: CheckboxSchema,
  inquiry: CheckboxSchema,
  match: CheckboxSchema,
  favourite: CheckboxSchema,
  listing: CheckboxSchema,
  search: CheckboxSchema,
  newsletter: CheckboxSchema,
});

/** The token of an unsubscribe link. */
export const UnsubscribeTokenSchema = z.object({
  token: z
    .string({ error: () => t('unsubscribe.invalid') })
    .min(1, { error: () => t('unsubscribe.invalid') })
    .max(400),
});

/**
 * The unsubscribe page's form: the visitor's button (`intent`), or a mail program's one-click
 * unsubscribe (RFC 8058: `List-Unsubscribe=One-Click`, no intent).
 */
export const UnsubscribeFormSchema = z.object({
  intent: z.enum(['unsubscribe', 'resubscribe']).optional(),
  'List-Unsubscribe': z.literal('One-Click').optional(),
});
