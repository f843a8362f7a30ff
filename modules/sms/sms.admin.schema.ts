import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';
import { PHONE_MAX_LENGTH } from '#lib/limits.ts';
import { listAnswerSchema, listQuerySchema } from '#lib/list-query.ts';
import { toAccountPhone } from '#lib/phone.ts';
import { SMS_KINDS, SMS_STATUSES } from '#lib/sms.ts';

/** How many SMS a page of the admins' list shows. */
const SMS_LIST_PAGE_SIZE = 20;

/** A filter left empty (a form's blank select) is no filter. */
const blankless = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * The SMS list's filters: where a message stands, what it is about, and its number in any
 * common form (`0788 123 456`, `+250788123456`), read as the outbox writes it.
 */
export const SmsListQuerySchema = listQuerySchema(SMS_LIST_PAGE_SIZE, {
  status: blankless(z.enum(SMS_STATUSES, { error: () => t('admin.sms.statusInvalid') })),
  kind: blankless(z.enum(SMS_KINDS, { error: () => t('admin.sms.kindInvalid') })),
  phone: blankless(
    z
      .string({ error: () => t('validation.phone') })
      .trim()
      .max(PHONE_MAX_LENGTH, { error: () => t('validation.phone') })
      .refine((value) => toAccountPhone(value) !== null, { error: () => t('validation.phone') }),
  ),
});

export type SmsListQuery = z.infer<typeof SmsListQuerySchema>;

/**
 * One SMS as admins see it. The body of an `account` SMS is never given (it carries a sign-in or
 * proof code): `body` is null and `isBodyHidden` true.
 */
const AdminSmsViewSchema = z.object({
  _id: z.uuid(),
  createdAt: z.iso.datetime(),
  recipient: z.string().meta({ description: 'E.164' }),
  userId: z.uuid().nullable(),
  kind: z.enum(SMS_KINDS),
  status: z.enum(SMS_STATUSES),
  body: z.string().nullable(),
  isBodyHidden: z.boolean(),
  parts: z.number().int(),
  cost: z.string().nullable().meta({ description: "As the provider wrote it ('RWF 10.0000')" }),
  providerMessageId: z.string().nullable(),
  failure: z
    .string()
    .nullable()
    .meta({ description: "The provider's reason for a refusal or failed delivery" }),
  sentAt: z.iso.datetime().nullable(),
  reportedAt: z.iso.datetime().nullable().meta({ description: 'When the delivery report came' }),
});

export type AdminSmsView = z.infer<typeof AdminSmsViewSchema>;

export const SmsListAnswerSchema = listAnswerSchema(AdminSmsViewSchema);
