import { addCatalogue, createTranslator, currentLocale, type Locale } from './i18n.ts';
import type { enAdmin } from './messages/en.admin.ts';
import type { en } from './messages/en.ts';

/** Any text: the public pages', the admin panel's and the server's. */
export type AdminMessageKey = keyof typeof en | keyof typeof enAdmin;

/** `t` and `tCount` for the admin panel and the server (see lib/i18n.ts). */
export const { t, tCount } = createTranslator<AdminMessageKey>();

/** Each language's admin panel texts, downloaded only by the pages that import this module. */
const ADMIN_TEXTS: Record<Locale, () => Promise<Record<string, string>>> = {
  rw: () => import('./messages/rw.admin.ts').then((module) => module.rwAdmin),
  en: () => import('./messages/en.admin.ts').then((module) => module.enAdmin),
  fr: () => import('./messages/fr.admin.ts').then((module) => module.frAdmin),
};

// In the browser, the admin texts of the page's language arrive before any admin module runs
// (see lib/i18n.ts); on the server, lib/i18n.server.ts has loaded every catalogue.
if (typeof document !== 'undefined') {
  addCatalogue(currentLocale(), await ADMIN_TEXTS[currentLocale()]());
}
