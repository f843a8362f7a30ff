import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from 'react-router';
import type { SignedInUser } from '#lib/account.ts';
import { DEFAULT_PUBLIC_SETTINGS, type PublicSettings } from '#lib/site.ts';
import type { loadRootData, MaintenanceNotice } from './root.server.ts';

function useRootData() {
  return useRouteLoaderData<typeof loadRootData>('root');
}

/** The public settings from the root loader; the defaults on an error page. */
export function useSiteSettings(): PublicSettings {
  return useRootData()?.site ?? DEFAULT_PUBLIC_SETTINGS;
}

/** The signed-in user, from the root loader; null when signed out or on an error page. */
export function useSignedInUser(): SignedInUser | null {
  return useRootData()?.user ?? null;
}

/** How many of the signed-in user's notifications are unread (0 when signed out). */
export function useUnreadNotifications(): number {
  return useRootData()?.unreadNotifications ?? 0;
}

const NONE_SAVED: readonly string[] = [];

/** The ids of the listings the signed-in user saved (none when signed out). */
export function useSavedIds(): readonly string[] {
  return useRootData()?.savedIds ?? NONE_SAVED;
}

/** The site's origin, for absolute addresses (empty on an error page). */
export function useSiteOrigin(): string {
  return useRootData()?.origin ?? '';
}

/** Where the browser build keeps the page's texts (null in development). */
export function useCatalogueFiles() {
  return useRootData()?.catalogueFiles ?? null;
}

/** Whether the visitor saves data (their choice, else the browser's Save-Data header). */
export function useIsDataSaverOn(): boolean {
  return useRootData()?.isDataSaverOn ?? false;
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
