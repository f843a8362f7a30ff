import { SITE } from '#lib/site.ts';
import { SESSION_TTL_MS } from '#modules/accounts/accounts.service.ts';
import { getServices, type PageContext } from '#server/load-context.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The facts the privacy notice states from the running platform: whom to write to (the support
 * details of Platform Settings), how long visitors' conversations and sign-in sessions are kept.
 */
export async function loadPrivacyFacts(context: PageContext) {
  const { settings } = getServices(context);
  const [platform, support] = await Promise.all([
    settings.getPlatformSettings(),
    settings.getSupportInfo(),
  ]);
  return {
    email: support.contactEmail || SITE.email,
    phone: support.supportPhone || SITE.phone,
    months: platform.inquiryRetentionMonths,
    sessionDays: Math.round(SESSION_TTL_MS / DAY_MS),
  };
}
