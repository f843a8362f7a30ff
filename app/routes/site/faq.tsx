import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.pages.ts';
import { EmptyState } from '#app/components/listing-grid.tsx';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/faq';
import { getServices } from '#server/load-context.ts';

/** The FAQs the admins wrote, in the order they added them. */
export async function loader({ context }: Route.LoaderArgs) {
  return { faqs: await getServices(context).settings.listFaqs() };
}

export function meta() {
  return pageMeta({ title: t('faq.title'), description: t('faq.description') });
}

export default function FaqPage({ loaderData: { faqs } }: Route.ComponentProps) {
  return (
    <main id="main" className="container-page max-w-3xl space-y-6 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">{t('faq.title')}</h1>
      {faqs.length === 0 ? (
        <EmptyState>
          {t('faq.empty')}{' '}
          <Link to="/contact" className="text-brand-800 underline">
            {t('nav.contact')}
          </Link>
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {faqs.map((faq) => (
            <li key={faq._id}>
              <details className="group rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden focus-visible:outline-2 focus-visible:outline-brand-700">
                  <span
                    aria-hidden="true"
                    className="mr-2 inline-block text-brand-700 transition-transform group-open:rotate-90"
                  >
                    ›
                  </span>
                  {faq.question}
                </summary>
                <p className="mt-3 whitespace-pre-line text-slate-700">{faq.answer}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
