import { data, redirectDocument } from 'react-router';
import { safeNextPath } from '#lib/account.ts';
import { isLocale, localePath, switchPathLocale } from '#lib/i18n.ts';
import { languageCookie } from '#app/language.server.ts';
import { getServices, requestContext, type PageContext } from '#server/load-context.ts';
import type { Route } from './+types/language-choice';

/**
 * Whether the visitor followed a link on this site: the browser says so (Sec-Fetch-Site), or,
 * in a browser too old to, the Referer is one of this site's pages. A link on another site, or
 * an address typed in, is not.
 */
function isFromThisSite(request: Request, context: PageContext): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite) return fetchSite === 'same-origin';
  const referer = request.headers.get('referer');
  if (!referer || !URL.canParse(referer)) return false;
  const origin = new URL(referer).origin;
  const { publicOrigin } = context.get(requestContext);
  return origin === publicOrigin || origin === new URL(request.url).origin;
}

/**
 * The language switcher's links: `/language?to=rw&next=/property/1` remembers the choice (a
 * cookie, and the account of a signed-in user when the link was followed on this site, so that
 * another site's link cannot change the language of someone's e-mails) and opens the same page
 * in that language.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = url.searchParams.get('to');
  if (!isLocale(locale)) throw data(null, { status: 404 });
  const services = getServices(context);
  const { viewer, isSecureRequest } = context.get(requestContext);
  if (viewer && isFromThisSite(request, context))
    await services.accounts.setLocale(viewer.id, locale);
  const next = safeNextPath(url.searchParams.get('next'));
  // Checked again once its language is switched: taking `/rw` off `/rw//evil.example` would
  // leave another host's address.
  const target = safeNextPath(next && switchPathLocale(next, locale)) ?? localePath('/', locale);
  return redirectDocument(target, {
    headers: { 'set-cookie': languageCookie(locale, isSecureRequest) },
  });
}
