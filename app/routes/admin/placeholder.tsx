import { useMatches } from 'react-router';
import { t } from '#lib/i18n.all.ts';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/placeholder';

const PAGES = {
  'admin-transactions': { title: 'admin.transactions.title', body: 'admin.transactions.body' },
  'admin-support': { title: 'admin.support.title', body: 'admin.support.body' },
} as const;

type PlaceholderId = keyof typeof PAGES;

function textsFor(routeId: string | undefined) {
  return PAGES[(routeId ?? 'admin-support') as PlaceholderId] ?? PAGES['admin-support'];
}

export function meta({ matches }: Route.MetaArgs) {
  const texts = textsFor(matches.at(-1)?.id);
  return pageMeta({ title: t(texts.title), description: t(texts.body) });
}

/** Transactions and Support: sections the panel will grow into, with their text only. */
export default function AdminPlaceholder() {
  const texts = textsFor(useMatches().at(-1)?.id);
  return (
    <main id="main" className="space-y-4 px-4 py-8 lg:px-8">
      <h1 className="text-2xl font-bold">{t(texts.title)}</h1>
      <p className="max-w-prose rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
        {t(texts.body)}
      </p>
    </main>
  );
}
