import { data, redirectDocument } from 'react-router';
import { safeNextPath } from '#lib/account.ts';
import { isLocale, localePath, switchPathLocale } from '#lib/i18n.ts';
import { languageCookie } from '#app/language.server.ts';
import { requestContext } from '#server/load-context.ts';
import type { Route } from './+types/language-choice';

/**
 * The language switcher's links: `/language?to=rw&next=/property/1` remembers the choice (a
 * cookie, and the account of a signed-in user) and opens the same page in that language.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = url.searchParams.get('to');
  if (!isLocale(locale)) throw data(null, { status: 404 });
  const { services, viewer, isSecureRequest } = context.get(requestContext);
  if (viewer) await services.accounts.setLocale(viewer.id, locale);
  const next = safeNextPath(url.searchParams.get('next'));
  const target = next ? switchPathLocale(next, locale) : localePath('/', locale);
  return redirectDocument(target, {
    headers: { 'set-cookie': languageCookie(locale, isSecureRequest) },
  });
}
