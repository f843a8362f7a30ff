import { parse, serialize } from 'cookie';
import { redirectDocument } from 'react-router';
import { DEFAULT_LOCALE, isLocale, localePath, type Locale } from '#lib/i18n.ts';
import { localeFromAcceptLanguage } from '#lib/i18n.server.ts';
import { requestContext, type PageContext } from '#server/load-context.ts';
import { pagePathOf } from './auth.server.ts';

/** The cookie that remembers a visitor's language. */
const LANGUAGE_COOKIE = 'lang';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** The Set-Cookie value that remembers `locale` for a year. */
export function languageCookie(locale: Locale, isSecure: boolean): string {
  return serialize(LANGUAGE_COOKIE, locale, {
    path: '/',
    maxAge: ONE_YEAR_SECONDS,
    sameSite: 'lax',
    secure: isSecure,
  });
}

function readLanguageCookie(request: Request): Locale | undefined {
  const value = parse(request.headers.get('cookie') ?? '')[LANGUAGE_COOKIE];
  return isLocale(value) ? value : undefined;
}

/**
 * The home page opens in the visitor's language: the one they chose (the cookie, else their
 * account's), or, on a first visit, the one their browser prefers, remembered from then on. Other
 * addresses are served as asked: a shared English link stays English.
 */
export function redirectToChosenLanguage(request: Request, context: PageContext): void {
  if (request.method !== 'GET' || pagePathOf(request).split('?', 1)[0] !== '/') return;
  const { viewer, isSecureRequest } = context.get(requestContext);
  const remembered = readLanguageCookie(request) ?? viewer?.locale ?? undefined;
  const chosen =
    remembered ?? localeFromAcceptLanguage(request.headers.get('accept-language') ?? undefined);
  if (chosen === DEFAULT_LOCALE) return;
  const { search } = new URL(pagePathOf(request), 'http://localhost');
  // A document load even after a client-side navigation: the page's texts are per language.
  throw redirectDocument(`${localePath('/', chosen)}${search}`, {
    headers: remembered ? {} : { 'set-cookie': languageCookie(chosen, isSecureRequest) },
  });
}
