import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from 'react-router';
import { DEFAULT_PUBLIC_SETTINGS, type PublicSettings } from '#lib/site.ts';
import type { loader as rootLoader } from './root.tsx';

/** What the maintenance page shows; the root loader throws it with status 503. */
export type MaintenanceNotice = { maintenance: true; footerText: string; contactEmail: string };

/** The public settings from the root loader; the defaults on an error page. */
export function useSiteSettings(): PublicSettings {
  return useRouteLoaderData<typeof rootLoader>('root')?.site ?? DEFAULT_PUBLIC_SETTINGS;
}

/** The maintenance notice when the page was refused for maintenance, else undefined. */
export function maintenanceNoticeOf(error: unknown): MaintenanceNotice | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 503) return undefined;
  const notice = error.data as Partial<MaintenanceNotice> | null;
  return notice?.maintenance === true ? (notice as MaintenanceNotice) : undefined;
}

/** The maintenance notice of the page being rendered, if it was refused for maintenance. */
export function useMaintenanceNotice(): MaintenanceNotice | undefined {
  return maintenanceNoticeOf(useRouteError());
}
