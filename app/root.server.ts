import { data } from 'react-router';
import { isDataSaverOn } from '#lib/data-saver.ts';
import { currentLocale, t } from '#lib/i18n.ts';
import type { PublicSettings } from '#lib/site.ts';
import {
  isOpenDuringMaintenance,
  MAINTENANCE_RETRY_AFTER_SECONDS,
} from '#modules/settings/settings.schema.ts';
import { getServices, getViewer, requestContext, type PageContext } from '#server/load-context.ts';
import { redirectToChosenLanguage } from './language.server.ts';
import { getSiteOrigin } from './site-origin.server.ts';

/** What the maintenance page shows; the root loader throws it with status 503. */
export type MaintenanceNotice = { maintenance: true; footerText: string; contactEmail: string };

/**
 * The public settings every page shows (footer, contact details). In maintenance mode, anyone
 * but a signed-in admin gets the maintenance page instead (503), except on the pages an admin
 * needs to sign in.
 */
export async function loadSiteSettings(
  request: Request,
  context: PageContext,
): Promise<PublicSettings> {
  const services = getServices(context);
  const viewer = getViewer(context);
  const site = await services.settings.getPublicSettings();
  const isClosed =
    site.maintenanceMode &&
    viewer?.role !== 'admin' &&
    !isOpenDuringMaintenance(new URL(request.url).pathname);
  if (isClosed) {
    const notice: MaintenanceNotice = {
      maintenance: true,
      footerText: site.footerText || t('footer.rights'),
      contactEmail: site.contactEmail || site.supportEmail,
    };
    throw data(notice, {
      status: 503,
      headers: { 'retry-after': String(MAINTENANCE_RETRY_AFTER_SECONDS) },
    });
  }
  return site;
}

/**
 * What every page needs: the site settings, the signed-in user, how many of their
 * notifications are unread and which listings they saved (the hearts of every card and listing
 * page, and the header's count), both kept per user until they change. Every page waits for
 * this, so they are read side by side. The home page first goes to the visitor's language when
 * it is not English.
 */
export async function loadRootData({
  request,
  context,
}: {
  request: Request;
  context: PageContext;
}) {
  redirectToChosenLanguage(request, context);
  const services = getServices(context);
  const { viewer, catalogueFiles } = context.get(requestContext);
  const [site, unreadNotifications, savedIds] = await Promise.all([
    loadSiteSettings(request, context),
    viewer ? services.notifications.countUnread(viewer) : 0,
    viewer ? services.favourites.listSavedIds(viewer) : [],
  ]);
  return {
    site,
    user: viewer
      ? { id: viewer.id, username: viewer.name, email: viewer.email, role: viewer.accountRole }
      : null,
    unreadNotifications,
    savedIds,
    /** For the addresses of this page in the other languages (hreflang). */
    origin: getSiteOrigin(request, context),
    /** The page's texts in the browser build, preloaded with the page's scripts. */
    catalogueFiles: catalogueFiles?.[currentLocale()] ?? null,
    /** Light pages: the smallest photos, the gallery's others on tap (lib/data-saver.ts). */
    isDataSaverOn: isDataSaverOn({
      saveData: request.headers.get('save-data'),
      cookie: request.headers.get('cookie'),
    }),
  };
}
