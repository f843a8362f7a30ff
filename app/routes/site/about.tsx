import { t } from '#lib/i18n.pages.ts';
import { pageMeta } from '#app/page-meta.ts';
import { TextPage } from './text-page.tsx';
import { loadPageText } from './text-page.server.ts';
import type { Route } from './+types/about';

/** The About text the admins wrote in Platform Settings (a default until they do). */
export function loader({ context }: Route.LoaderArgs) {
  return loadPageText(context, 'about');
}

export function meta() {
  return pageMeta({ title: t('about.title'), description: t('about.description') });
}

export default function About({ loaderData: { paragraphs } }: Route.ComponentProps) {
  return <TextPage heading={t('about.title')} paragraphs={paragraphs} />;
}
