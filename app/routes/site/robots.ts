import { getCacheControl, getSiteOrigin } from '#app/site-origin.server.ts';
import type { Route } from './+types/robots';

const ONE_DAY_SECONDS = 86_400;

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = getSiteOrigin(request, context);
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ];
  return new Response(body.join('\n'), {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': getCacheControl(context, ONE_DAY_SECONDS),
    },
  });
}
