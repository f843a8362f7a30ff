import type { MetaDescriptor } from 'react-router';
import { t } from '#lib/i18n.ts';

/** Title, description and Open Graph tags for one page. */
export function pageMeta({
  title,
  description,
  url,
  image,
  type = 'website',
}: {
  title: string;
  description: string;
  /** Absolute URLs: link previews cannot resolve relative ones. */
  url?: string;
  image?: string;
  type?: 'website' | 'article';
}): MetaDescriptor[] {
  const fullTitle = `${title} | ${t('brand.name')}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:site_name', content: t('brand.name') },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: type },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ];
  if (url) tags.push({ property: 'og:url', content: url });
  if (image) tags.push({ property: 'og:image', content: image });
  return tags;
}

/**
 * The title of a page that could not be shown: the 404 page's for an absent one (an unknown
 * path or type), else the error page's. The meta function of the route whose boundary shows it
 * gives it, as the only title of the document.
 */
export function errorMeta(isNotFound: boolean): MetaDescriptor[] {
  const title = isNotFound ? t('notFound.title') : t('error.title');
  return [{ title: `${title} | ${t('brand.name')}` }];
}
