import { useEffect, type ComponentProps } from 'react';
import { NavLink as RouterNavLink, useNavigate, type NavLinkProps } from 'react-router';
import { localePath } from '#lib/i18n.ts';

/** An address of this site in the page's language; anything else as it is. */
function localeTo<To>(to: To): To {
  return typeof to === 'string' ? (localePath(to) as To) : to;
}

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  /** A path of this site (in English): `/contact` leads to `/rw/contact` on a Kinyarwanda page. */
  to: string;
  /** Load the page whole instead of through the router (an address the router does not serve). */
  reloadDocument?: boolean;
};

/**
 * A link to a page of this site in the page's language. Every link of the site goes through it
 * (a lint rule says so), so a visitor stays in their language from page to page.
 *
 * It is a plain anchor marked `data-router-link`, and the page's one click handler
 * (`useLinkNavigation`) turns a click on it into the router's navigation. React Router's own Link
 * resolves its path twice and runs eight hooks per link: with a hundred links on a listing page,
 * that was a tenth of the server's time for a signed-in page, and the phone paid it again while
 * taking the page over.
 */
export function Link({ to, reloadDocument = false, ...props }: LinkProps) {
  return <a {...props} href={localePath(to)} data-router-link={reloadDocument ? undefined : ''} />;
}

/** React Router's NavLink in the page's language (see Link): it marks the current page. */
export function NavLink({ to, ...props }: NavLinkProps) {
  return <RouterNavLink to={localeTo(to)} {...props} />;
}

/** A click the browser should handle itself: not the main button, or with a modifier key. */
function isOpeningElsewhere(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

/**
 * The click handler of every Link on the page, as React Router's Link behaves: a plain click on
 * a Link without a target navigates through the router (the same address again replaces the
 * history entry); anything else, and any click while offline, is left to the browser. It listens on the window, after React's
 * own handlers, and skips a click one of them handled.
 */
export function useLinkNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || isOpeningElsewhere(event)) return;
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (!link?.hasAttribute('data-router-link') || link.hasAttribute('download')) return;
      if (link.target && link.target !== '_self') return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      // Offline, the browser loads the page whole: the service worker answers it from what the
      // phone kept, or with the offline page, where the router would first need the page's
      // code, which may never have been downloaded.
      if (!navigator.onLine) return;
      event.preventDefault();
      const to = `${url.pathname}${url.search}${url.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      void navigate(to, { replace: to === here });
    }
    window.addEventListener('click', onClick);
    return () => window.removeEventListener('click', onClick);
  }, [navigate]);
}
