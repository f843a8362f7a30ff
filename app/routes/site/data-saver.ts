import { serialize } from 'cookie';
import { redirectDocument } from 'react-router';
import { redirect } from '#app/locale-redirect.ts';
import { safeNextPath } from '#lib/account.ts';
import { DATA_SAVER_COOKIE, isDataSaverChoice, type DataSaverChoice } from '#lib/data-saver.ts';
import { t } from '#lib/i18n.pages.ts';
import { localePath } from '#lib/i18n.ts';
import { requestContext } from '#server/load-context.ts';
import type { Route } from './+types/data-saver';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

function dataSaverCookie(choice: DataSaverChoice, isSecure: boolean): string {
  return serialize(DATA_SAVER_COOKIE, choice, {
    path: '/',
    maxAge: ONE_YEAR_SECONDS,
    sameSite: 'lax',
    secure: isSecure,
  });
}

/**
 * The footer's data saver form: remembers `dataSaver=on|off` for this browser (an `off` wins
 * over the browser's Save-Data too) and loads the page it was posted from again, whole, with
 * the photos the choice gives. Only a path of this site is followed back; anything else goes
 * to the home page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const choice = form.get('dataSaver');
  if (!isDataSaverChoice(choice)) {
    return Response.json({ message: t('dataSaver.invalidChoice') }, { status: 400 });
  }
  const next = form.get('next');
  const target = safeNextPath(typeof next === 'string' ? next : null) ?? localePath('/');
  const { isSecureRequest } = context.get(requestContext);
  return redirectDocument(target, {
    headers: { 'set-cookie': dataSaverCookie(choice, isSecureRequest) },
  });
}

/** Nothing to show: an address typed or reloaded after the form goes to the home page. */
export function loader() {
  return redirect('/');
}
