import { enAdmin } from './en.admin.ts';
import { enPages } from './en.pages.ts';
import { en } from './en.ts';
import { frAdmin } from './fr.admin.ts';
import { frPages } from './fr.pages.ts';
import { fr } from './fr.ts';
import { rwAdmin } from './rw.admin.ts';
import { rwPages } from './rw.pages.ts';
import { rw } from './rw.ts';

/**
 * Every text of each language in one catalogue: the frame's and home page's, the other public
 * pages' and the admin panel's and server's. What the server loads; browsers load the halves
 * their pages need (lib/i18n.ts, lib/i18n.pages.ts, lib/i18n.all.ts).
 */
export const ALL_MESSAGES = {
  en: { ...en, ...enPages, ...enAdmin },
  fr: { ...fr, ...frPages, ...frAdmin },
  rw: { ...rw, ...rwPages, ...rwAdmin },
};
