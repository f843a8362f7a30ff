import { t } from '#lib/i18n.pages.ts';
import { pageMeta } from '#app/page-meta.ts';
import { TextPage } from './text-page.tsx';
import { loadPageText } from './text-page.server.ts';
import type { Route } from './+types/terms';

/** The terms the admins wrote in Platform Settings (a placeholder text until they do). */
export function loader({ context }: Route.LoaderArgs) {
  return loadPageText(context, 'terms');
}

export function meta() {
  return pageMeta({ title: t('terms.title'), description: t('terms.description') });
}

export default function Terms({ loaderData: { paragraphs } }: Route.ComponentProps) {
  return <TextPage heading={t('terms.title')} paragraphs={paragraphs} />;
}
