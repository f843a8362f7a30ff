import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A mobile number as an account holds it, E.164 (`+250788123456`), from any common way of
 * writing it: a Rwandan number with or without its 0 or country code (`0788 123 456`,
 * `788123456`, `+250 788 123 456`, `00250…`), or another country's with its `+` or `00`. Null
 * when it is no valid number.
 */
export function toAccountPhone(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value.trim(), 'RW');
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

/** Whether a typed sign-in name is a phone number rather than an e-mail address. */
export function looksLikePhone(value: string): boolean {
  return !value.includes('@') && /^[+(]?\d[\d\s().-]{5,}$/.test(value.trim());
}

/** A number as people read it: `+250 788 123 456` for Rwanda's; others in international form. */
export function formatPhone(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone);
  return parsed ? parsed.formatInternational() : phone;
}
