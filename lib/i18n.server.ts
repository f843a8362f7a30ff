import { AsyncLocalStorage } from 'node:async_hooks';
import {
  addCatalogue,
  DEFAULT_LOCALE,
  isLocale,
  LOCALES,
  setLocaleReader,
  type Locale,
} from './i18n.ts';
import { ALL_MESSAGES } from './messages/all.ts';

// The server speaks every language: all catalogues are loaded once, at start.
for (const locale of LOCALES) addCatalogue(locale, ALL_MESSAGES[locale]);

/**
 * The language of the request or job in progress. Texts are made deep inside services (an error
 * message, an e-mail), so the language travels with the work rather than through every call.
 * The server bundle and the page bundle each carry a copy of this file: both use the one
 * storage registered for the process, so a page rendered for a request reads its language.
 */
const KEY = Symbol.for('marketplace.locale-storage');
const registry = globalThis as { [KEY]?: AsyncLocalStorage<Locale> };
const localeStorage = (registry[KEY] ??= new AsyncLocalStorage<Locale>());
setLocaleReader(() => localeStorage.getStore() ?? DEFAULT_LOCALE);

/** Runs `work` with its texts in `locale` (a request's language, an e-mail's recipient's). */
export function withLocale<T>(locale: Locale, work: () => T): T {
  return localeStorage.run(locale, work);
}

/**
 * The language an `Accept-Language` header prefers among the marketplace's, by its q-values
 * ('rw-RW,rw;q=0.9,en;q=0.8' -> rw); English when it names none of them.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  let best: { locale: Locale; quality: number } | undefined;
  for (const part of (header ?? '').split(',')) {
    const [tag = '', ...options] = part.trim().toLowerCase().split(';');
    const language = tag.split('-')[0];
    const quality = Number(/q=([\d.]+)/.exec(options.join(';'))?.[1] ?? 1);
    const locale = language === 'kin' ? 'rw' : language;
    if (!isLocale(locale) || !(quality > 0)) continue;
    if (!best || quality > best.quality) best = { locale, quality };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}
