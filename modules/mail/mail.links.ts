import { currentLocale, localePath, type Locale } from '#lib/i18n.ts';

export type MailLinks = ReturnType<typeof createMailLinks>;

/**
 * The one place e-mails get their addresses of this site. A link opens the page in its
 * recipient's language: '/rw/…' for Kinyarwanda, '/fr/…' for French, the plain address for
 * English. That language is the one the e-mail is being written in: every sender writes an
 * e-mail inside `withLocale(<the recipient's language>)` (lib/i18n.server.ts), as the texts
 * around the link are; a caller that knows the language may say it instead.
 */
export function createMailLinks(siteUrl: string) {
  const origin = siteUrl.replace(/\/+$/, '');

  /** `path` of this site ('/property/1', '/unsubscribe?token=…') as a link in an e-mail. */
  function link(path: string, locale: Locale = currentLocale()): string {
    return `${origin}${localePath(path, locale)}`;
  }

  return { link };
}
