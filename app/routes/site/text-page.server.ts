import { t } from '#lib/i18n.all.ts';
import { toParagraphs } from '#lib/paragraphs.ts';
import { getServices, type PageContext } from '#server/load-context.ts';

/**
 * The paragraphs of the About or Terms page: what the admins wrote in Platform Settings, else
 * the default text in the page's language.
 */
export async function loadPageText(context: PageContext, page: 'about' | 'terms') {
  const settings = await getServices(context).settings.getPlatformSettings();
  const written = page === 'about' ? settings.aboutText : settings.termsText;
  return { paragraphs: toParagraphs(written || t(`${page}.defaultText`)) };
}
