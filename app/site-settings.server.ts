import { data, type AppLoadContext } from 'react-router';
import type { PublicSettings } from '#lib/site.ts';
import {
  isOpenDuringMaintenance,
  MAINTENANCE_RETRY_AFTER_SECONDS,
} from '#modules/settings/settings.schema.ts';
import type { MaintenanceNotice } from './use-site-settings.ts';

/**
 * The public settings every page shows (footer, contact details). In maintenance mode, anyone
 * but a signed-in admin gets the maintenance page instead (503), except on the pages an admin
 * needs to sign in.
 */
export async function loadSiteSettings(
  request: Request,
  context: AppLoadContext,
): Promise<PublicSettings> {
  const site = await context.services.settings.getPublicSettings();
  const isClosed =
    site.maintenanceMode &&
    context.viewer?.role !== 'admin' &&
    !isOpenDuringMaintenance(new URL(request.url).pathname);
  if (isClosed) {
    const notice: MaintenanceNotice = {
      maintenance: true,
      footerText: site.footerText,
      contactEmail: site.contactEmail || site.supportEmail,
    };
    throw data(notice, {
      status: 503,
      headers: { 'retry-after': String(MAINTENANCE_RETRY_AFTER_SECONDS) },
    });
  }
  return site;
}
