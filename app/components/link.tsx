import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  type LinkProps,
  type NavLinkProps,
} from 'react-router';
import { localePath } from '#lib/i18n.ts';

/** An address of this site in the page's language; anything else as it is. */
function localeTo<To>(to: To): To {
  return typeof to === 'string' ? (localePath(to) as To) : to;
}

/**
 * React Router's Link in the page's language: `/contact` on a Kinyarwanda page leads to
 * `/rw/contact`. Every link of the site goes through it (a lint rule says so), so a visitor
 * stays in their language from page to page.
 */
export function Link({ to, ...props }: LinkProps) {
  return <RouterLink to={localeTo(to)} {...props} />;
}

/** React Router's NavLink in the page's language (see Link). */
export function NavLink({ to, ...props }: NavLinkProps) {
  return <RouterNavLink to={localeTo(to)} {...props} />;
}
