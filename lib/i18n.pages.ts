import {
  addCatalogue,
  createTranslator,
  currentLocale,
  type Locale,
  type MessageKey,
} from './i18n.ts';
import type { enPages } from './messages/en.pages.ts';

/** A text of the public pages: the site's frame and home page's (lib/i18n.ts) or another page's. */
export type PageMessageKey = MessageKey | keyof typeof enPages;

/**
 * `t` and `tCount` over every public page's texts. The home page reads only the frame's
 * (lib/i18n.ts), so a first visit downloads none of the rest; a page that shows more imports
 * this module, which fetches them before the page runs.
 */
export const { t, tCount } = createTranslator<PageMessageKey>();

/** Each language's other public texts, a chunk of its own, downloaded by the pages that need them. */
const PAGE_TEXTS: Record<Locale, () => Promise<Record<string, string>>> = {
  rw: () => import('./messages/rw.pages.ts').then((module) => module.rwPages),
  en: () => import('./messages/en.pages.ts').then((module) => module.enPages),
  fr: () => import('./messages/fr.pages.ts').then((module) => module.frPages),
};

// In the browser, these texts of the page's language arrive before any module that shows one
// runs (see lib/i18n.ts); on the server, lib/i18n.server.ts has loaded every catalogue.
if (typeof document !== 'undefined') {
  addCatalogue(currentLocale(), await PAGE_TEXTS[currentLocale()]());
}
