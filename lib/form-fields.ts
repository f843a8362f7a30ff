import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { t, type MessageKey } from './i18n.ts';

/** A required text field: trimmed, not blank, bounded. */
export function requiredText(label: MessageKey, max: number) {
  return z
    .string({ error: t('validation.required', { field: t(label) }) })
    .trim()
    .min(1, t('validation.required', { field: t(label) }))
    .max(max, t('validation.tooLong', { max }));
}

export const EmailSchema = z
  .string({ error: t('validation.email') })
  .trim()
  .toLowerCase()
  .pipe(z.email(t('validation.email')).max(254, t('validation.tooLong', { max: 254 })));

/** A phone number valid in Rwanda (07xxxxxxxx) or in international form (+250...). */
export const PhoneSchema = z
  .string({ error: t('validation.phone') })
  .trim()
  .refine((value) => isValidPhoneNumber(value, 'RW'), t('validation.phone'));

/** An HTML checkbox: 'on', 'true' or true when ticked; absent when not. */
export const CheckboxSchema = z
  .union([z.boolean(), z.enum(['on', 'true', 'false', ''])])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true');
