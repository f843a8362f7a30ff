import { t } from '#lib/i18n.ts';
import { toParagraphs } from '#lib/paragraphs.ts';
import { pageMeta } from '#app/page-meta.ts';
import { TextPage } from './text-page.tsx';
import type { Route } from './+types/about';
import { requestContext } from '#server/load-context.ts';

/** The About text the admins wrote in Platform Settings (a default until they do). */
export async function loader({ context }: Route.LoaderArgs) {
  const { aboutText } = await context.get(requestContext).services.settings.getPlatformSettings();
  return { paragraphs: toParagraphs(aboutText) };
}

export function meta() {
  return pageMeta({ title: t('about.title'), description: t('about.description') });
}

export default function About({ loaderData: { paragraphs } }: Route.ComponentProps) {
  return <TextPage heading={t('about.title')} paragraphs={paragraphs} />;
}
