import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.pages.ts';
import { toParagraphs } from '#lib/paragraphs.ts';
import { pageMeta } from '#app/page-meta.ts';
import { loadPrivacyFacts } from './privacy.server.ts';
import type { Route } from './+types/privacy';

/** The notice's sections, in order: each a heading and a text of blank-line parted paragraphs. */
const SECTIONS = [
  'controller',
  'collected',
  'purposes',
  'recipients',
  'retention',
  'security',
  'rights',
  'complaint',
] as const;

/** The privacy notice (Law No 058/2021), with the platform's own contact and periods. */
export function loader({ context }: Route.LoaderArgs) {
  return loadPrivacyFacts(context);
}

export function meta() {
  return pageMeta({ title: t('privacy.title'), description: t('privacy.description') });
}

export default function Privacy({ loaderData: facts }: Route.ComponentProps) {
  const values = {
    brand: t('brand.name'),
    email: facts.email,
    phone: facts.phone,
    months: facts.months,
    days: facts.sessionDays,
  };
  return (
    <main id="main" className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">{t('privacy.title')}</h1>
      <p className="mt-4 text-base leading-relaxed text-slate-800 sm:text-lg">
        {t('privacy.intro', values)}
      </p>
      {SECTIONS.map((section) => (
        <section key={section} aria-labelledby={`privacy-${section}`} className="mt-8">
          <h2 id={`privacy-${section}`} className="text-xl font-bold sm:text-2xl">
            {t(`privacy.${section}.heading`)}
          </h2>
          <div className="mt-3 space-y-3 text-base leading-relaxed text-slate-800">
            {toParagraphs(t(`privacy.${section}.body`, values)).map((paragraph, index) => (
              <p key={index} className="break-words whitespace-pre-line">
                {paragraph}
              </p>
            ))}
          </div>
        </section>
      ))}
      <p className="mt-8">
        <Link to="/account/data" className="font-semibold text-brand-800 underline">
          {t('myData.title')}
        </Link>
      </p>
    </main>
  );
}
