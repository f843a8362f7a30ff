import { data } from 'react-router';
import { DEFAULT_LOCALE, isLocale, localePath, t, type Locale } from '#lib/i18n.ts';
import { APP_START_QUERY, BACKGROUND_COLOR, THEME_COLOR } from '#lib/web-app.ts';
import type { Route } from './+types/web-manifest';

const ONE_DAY_SECONDS = 86_400;

/** The icons, made from public/favicon.svg by scripts/generate-icons.mjs. */
const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/**
 * The web app manifest in the language of its address (`/manifest.webmanifest`,
 * `/rw/manifest.webmanifest`, `/fr/manifest.webmanifest`): each page links the one of its
 * language, so the app installed from a Kinyarwanda page is named in Kinyarwanda and opens
 * there. One `id` for all three: it is one app whichever page installed it.
 */
export function loader({ params }: Route.LoaderArgs) {
  const { lang } = params;
  if (lang !== undefined && (!isLocale(lang) || lang === DEFAULT_LOCALE)) {
    throw data(null, { status: 404 });
  }
  const locale: Locale = lang ?? DEFAULT_LOCALE;
  const manifest = {
    id: '/',
    name: `${t('brand.name')} – ${t('brand.tagline')}`,
    short_name: t('brand.name'),
    description: t('home.description'),
    lang: locale,
    dir: 'ltr',
    start_url: `${localePath('/', locale)}?${APP_START_QUERY}`,
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['shopping', 'lifestyle'],
    icons: ICONS,
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      'content-type': 'application/manifest+json; charset=utf-8',
      // Relative addresses only, the same for everyone: any cache may keep it.
      'cache-control': `public, max-age=${ONE_DAY_SECONDS}`,
    },
  });
}
