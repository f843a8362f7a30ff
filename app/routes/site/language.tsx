import { data, Outlet } from 'react-router';
import { DEFAULT_LOCALE, isLocale } from '#lib/i18n.ts';
import type { Route } from './+types/language';

/**
 * Every page's language is its address's first segment (`/rw/...`, `/fr/...`) or English. A
 * first segment that names no other language is an unknown page.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ params }) => {
    if (params.lang === undefined) return;
    if (!isLocale(params.lang) || params.lang === DEFAULT_LOCALE) {
      throw data(null, { status: 404 });
    }
  },
];

export default function Language() {
  return <Outlet />;
}
