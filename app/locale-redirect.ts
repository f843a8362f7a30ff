import { redirect as routerRedirect } from 'react-router';
import { localePath } from '#lib/i18n.ts';

/**
 * React Router's redirect to an address of this site in the request's language: a loader of a
 * `/rw/` page that sends the visitor on keeps them in Kinyarwanda. Every redirect of the pages
 * goes through it (a lint rule says so).
 */
export function redirect(path: string, init?: number | ResponseInit): Response {
  return routerRedirect(localePath(path), init);
}
