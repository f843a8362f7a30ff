import { t } from '#lib/i18n.ts';
import { toParagraphs } from '#lib/paragraphs.ts';
import { pageMeta } from '#app/page-meta.ts';
import { TextPage } from './text-page.tsx';
import type { Route } from './+types/terms';
import { requestContext } from '#server/load-context.ts';

/** The terms the admins wrote in Platform Settings (a placeholder text until they do). */
export async function loader({ context }: Route.LoaderArgs) {
  const { termsText } = await context.get(requestContext).services.settings.getPlatformSettings();
  return { paragraphs: toParagraphs(termsText) };
}

export function meta() {
  return pageMeta({ title: t('terms.title'), description: t('terms.description') });
}

export default function Terms({ loaderData: { paragraphs } }: Route.ComponentProps) {
  return <TextPage heading={t('terms.title')} paragraphs={paragraphs} />;
}
