import { createTranslator } from './i18n.ts';
import { enAdmin } from './messages/en.admin.ts';
import { en } from './messages/en.ts';

const catalogue = { ...en, ...enAdmin };

/** Any text: the public pages', the admin panel's and the server's. */
export type AdminMessageKey = keyof typeof catalogue;

/** `t` and `tCount` for the admin panel and the server (see lib/i18n.ts). */
export const { t, tCount } = createTranslator<AdminMessageKey>(catalogue);
