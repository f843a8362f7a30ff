import { z } from 'zod';
import { CheckboxSchema, EmailSchema, PhoneSchema, requiredText } from '#lib/form-fields.ts';
import { t } from '#lib/i18n.ts';
import { INQUIRY_ROLES } from '#lib/listing.ts';

/** The Request Information form, from a property or an asset detail page. */
export const InquiryInputSchema = z.object({
  listingId: z.uuid(t('api.invalidId')),
  name: requiredText('inquiry.name', 100),
  email: EmailSchema,
  phone: PhoneSchema,
  role: z.enum(INQUIRY_ROLES, t('validation.role')),
  message: requiredText('inquiry.message', 2000),
  agree: CheckboxSchema,
});

export type InquiryInput = z.infer<typeof InquiryInputSchema>;
