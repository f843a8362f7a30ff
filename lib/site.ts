/** The company's public contact details, shown in the footer and on the contact page. */
export const SITE = {
  phone: '+250 788 300 500',
  whatsappNumber: '250788300500',
  email: 'hello@inzu.rw',
  socials: [
    { network: 'facebook', url: 'https://www.facebook.com/inzu.rw' },
    { network: 'instagram', url: 'https://www.instagram.com/inzu.rw' },
    { network: 'linkedin', url: 'https://www.linkedin.com/company/inzu-rw' },
    { network: 'tiktok', url: 'https://www.tiktok.com/@inzu.rw' },
    { network: 'x', url: 'https://x.com/inzu_rw' },
    { network: 'youtube', url: 'https://www.youtube.com/@inzu-rw' },
  ],
} as const;

/** The settings every page may show (the root loader passes them): nothing in them is secret. */
export type PublicSettings = {
  contactEmail: string;
  logoURL: string;
  footerText: string;
  termsURL: string;
  privacyURL: string;
  maintenanceMode: boolean;
  supportEmail: string;
  supportPhone: string;
  userGuideURL: string;
};

/**
 * What the site shows before an admin saves any setting: the company's contact details. Kept
 * here, not with the settings schemas, so that every page's bundle stays free of their
 * validators (the phone number library alone is over 50 KB).
 */
export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  contactEmail: SITE.email,
  logoURL: '',
  footerText: '',
  termsURL: '',
  privacyURL: '',
  maintenanceMode: false,
  supportEmail: SITE.email,
  supportPhone: SITE.phone,
  userGuideURL: '',
};

export type SocialNetwork = (typeof SITE.socials)[number]['network'];

/**
 * A phone number in international form, '+' and digits only: a Rwandan number as written
 * locally ('0788 123 456', '788123456') gets the country code, so that a link dials it from a
 * phone abroad or on a foreign SIM too; '00' before a country code reads as '+'; and the
 * '(0)' some write after it ('+250 (0)788 123 456') is dropped. Written here rather than with
 * the phone library, which would add over 50 KB to every page that shows a number.
 */
export function internationalPhone(phone: string): string {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    // Nothing to add: the country code is there.
  } else if (digits.startsWith('00')) {
    digits = digits.slice(2);
  } else if (digits.startsWith('250') && digits.length === 12) {
    // Written with the country code but without the plus.
  } else if (digits.startsWith('0')) {
    digits = `250${digits.slice(1)}`;
  } else if (digits.length === 9) {
    digits = `250${digits}`;
  }
  if (digits.startsWith('2500')) digits = `250${digits.slice(4)}`;
  return `+${digits}`;
}

/** A phone number as a tel: link, in international form ('tel:+250788123456'). */
export function telHref(phone: string): string {
  return `tel:${internationalPhone(phone)}`;
}

/**
 * A number as WhatsApp wants it: country code and digits only ('0788 123 456' and
 * '+250788123456' both give '250788123456').
 */
function whatsappNumber(phone: string): string {
  return internationalPhone(phone).slice(1);
}

/**
 * A WhatsApp conversation opened with a first message typed in: with the company, or with the
 * given number (a listing's owner, a visitor).
 */
export function whatsappUrl(text: string, phone: string = SITE.whatsappNumber): string {
  return `https://wa.me/${whatsappNumber(phone)}?text=${encodeURIComponent(text)}`;
}
