import { requestContext, type PageContext } from '#server/load-context.ts';

/**
 * The site's origin for the absolute URLs a page gives out (sitemap, robots.txt, link
 * previews): PUBLIC_URL's, else the one this request was made to.
 */
export function getSiteOrigin(request: Request, context: PageContext): string {
  return context.get(requestContext).publicOrigin ?? new URL(request.url).origin;
}

/**
 * The `cache-control` of an answer that holds the site's origin and may be kept
 * `maxAgeSeconds`. Without PUBLIC_URL the origin comes from the request's Host (or a trusted
 * proxy's X-Forwarded-Host), which any client can set; a shared cache keeping that answer would
 * hand one client's forged host to everyone. `Vary: Host` would not cover X-Forwarded-Host,
 * which caches do not key on, so such an answer is `private`: browsers and crawlers still keep
 * it, shared caches do not.
 */
export function getCacheControl(context: PageContext, maxAgeSeconds: number): string {
  const scope = context.get(requestContext).publicOrigin ? 'public' : 'private';
  return `${scope}, max-age=${maxAgeSeconds}`;
}
