import { t } from '#lib/i18n.all.ts';
import { pageMeta } from '#app/page-meta.ts';
import { getServices } from '#server/load-context.ts';
import { FaqPanel } from './faq-panel.tsx';
import { PlatformPanel } from './platform-panel.tsx';
import { PricesPanel } from './prices-panel.tsx';
import { handleSettingsAction } from './settings-actions.server.ts';
import { SmsPanel } from './sms-panel.tsx';
import { SupportPanel } from './support-panel.tsx';
import type { Route } from './+types/settings';

export async function loader({ context }: Route.LoaderArgs) {
  const { settings, payments } = getServices(context);
  const [support, platform, faqs, prices, smsLimits] = await Promise.all([
    settings.getSupportInfo(),
    settings.getPlatformSettings(),
    settings.listFaqs(),
    settings.getPrices(),
    settings.getSmsLimits(),
  ]);
  return { support, platform, faqs, prices, smsLimits, isPayingOn: payments.isEnabled() };
}

/** One action for the page's panels; `intent` says which form was sent. */
export function action({ request, context }: Route.ActionArgs) {
  return handleSettingsAction({ request, context });
}

export function meta() {
  return pageMeta({ title: t('settings.title'), description: t('settings.description') });
}

export default function AdminSettings({
  loaderData: { support, platform, faqs, prices, smsLimits, isPayingOn },
}: Route.ComponentProps) {
  return (
    <main id="main" className="container-page max-w-4xl space-y-6 py-10">
      <h1 className="text-3xl font-bold">{t('settings.title')}</h1>
      <SupportPanel support={support} />
      <FaqPanel faqs={faqs} />
      <PlatformPanel platform={platform} />
      <PricesPanel prices={prices} isPayingOn={isPayingOn} />
      <SmsPanel limits={smsLimits} />
    </main>
  );
}
