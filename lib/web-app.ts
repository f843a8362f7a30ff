/**
 * The installed app's colours: the status bar and title bar take the header's darkest brand
 * green (`--color-brand-900` in app/app.css), and the splash screen the page's own background
 * (slate-50), so the first page paints without a flash.
 */
export const THEME_COLOR = '#064e3b';
export const BACKGROUND_COLOR = '#f8fafc';

/** The address the app opens at, marked so that its visits can be told from the browser's. */
export const APP_START_QUERY = 'source=app';

/**
 * The header of a page's answer naming, by a hash, the signed-in person it was made for
 * (server/plugins/pages.ts); the service worker (app/service-worker/) keeps one person's pages
 * at a time.
 */
export const VIEWER_HEADER = 'x-viewer-key';
