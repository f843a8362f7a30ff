import { addCatalogue, createTranslator, currentLocale, type Locale } from './i18n.ts';
// The admin panel shows public texts too: they arrive with these.
import './i18n.pages.ts';
import type { enAdmin } from './messages/en.admin.ts';
import type { PageMessageKey } from './i18n.pages.ts';

/** Any text: the public pages', the admin panel's and the server's. */
export type AnyMessageKey = PageMessageKey | keyof typeof enAdmin;

/**
 * `t` and `tCount` over every text: what the server says (API errors, e-mails, notices) and the
 * admin panel shows, as well as the public pages' texts (see lib/i18n.ts, whose `t` knows only
 * the public pages' and keeps their bundle small).
 */
export const { t, tCount } = createTranslator<AnyMessageKey>();

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
