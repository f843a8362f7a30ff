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

/** A phone number as a tel: link (digits and a leading +). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * A Rwandan number as WhatsApp wants it: country code and digits only ('0788 123 456' and
 * '+250788123456' both give '250788123456').
 */
function whatsappNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('250')) return digits;
  if (digits.startsWith('0')) return `250${digits.slice(1)}`;
  return digits.length === 9 ? `250${digits}` : digits;
}

/**
 * A WhatsApp conversation opened with a first message typed in: with the company, or with the
 * given number (a listing's owner, a visitor).
 */
export function whatsappUrl(text: string, phone: string = SITE.whatsappNumber): string {
  return `https://wa.me/${whatsappNumber(phone)}?text=${encodeURIComponent(text)}`;
}
