import type { en } from './messages/en.ts';

/** A text of the site's frame and the home page (lib/messages/en.ts). */
export type MessageKey = keyof typeof en;

/** The marketplace's languages: Kinyarwanda, English and French. English is the default. */
export const LOCALES = ['rw', 'en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

type Params = Record<string, string | number>;
type Catalogue = Record<string, string>;

/**
 * The texts of each language loaded so far. The server loads every catalogue at start
 * (lib/i18n.server.ts); a browser loads only its page's language: the frame's and the home
 * page's below, the other public pages' in lib/i18n.pages.ts and the admin panel's in
 * lib/i18n.all.ts, each downloaded by the pages that import it.
 */
const catalogues: Partial<Record<Locale, Catalogue>> = {};

/** Adds texts of a language (a catalogue, or the admin half of one). */
export function addCatalogue(locale: Locale, messages: Catalogue): void {
  catalogues[locale] = { ...catalogues[locale], ...messages };
}

function hasCatalogue(locale: Locale, key: string): boolean {
  return catalogues[locale]?.[key] !== undefined;
}

/**
 * Where the language of the text being made comes from: on the server, the request or job in
 * progress (lib/i18n.server.ts); in the browser, the page's language.
 */
let readLocale: () => Locale = () => DEFAULT_LOCALE;

export function setLocaleReader(reader: () => Locale): void {
  readLocale = reader;
}

/** The language texts are made in right now. */
export function currentLocale(): Locale {
  return readLocale();
}

/** The plural forms the catalogues hold: `.one` and `.other`. */
type PluralForm = 'one' | 'other';

/**
 * Which form a count takes, by each language's own rule, written out rather than read from
 * Intl.PluralRules: its answer depends on the ICU data of whoever runs it. Node has no
 * Kinyarwanda and answers with English ('icyumba 1'), Chromium knows 'rw' but has no rule for
 * it and answers 'other' ('ibyumba 1'), and newer ICU gives French a 'many' for millions; the
 * server and the hydrated page must print the same text.
 */
const PLURAL_RULES: Record<Locale, (count: number) => PluralForm> = {
  // Kinyarwanda puts the noun in its singular class for one thing only: icyumba 1, ibyumba 0.
  rw: (count) => (count === 1 ? 'one' : 'other'),
  // English (CLDR): one for exactly 1.
  en: (count) => (count === 1 ? 'one' : 'other'),
  // French (CLDR): one for 0 and 1, and whatever lies between (0,5 mois; 1,5 chambre).
  fr: (count) => (Math.abs(count) < 2 ? 'one' : 'other'),
};

/** The plural form `count` takes in `locale`, the same on the server and in every browser. */
export function pluralOf(locale: Locale, count: number): PluralForm {
  return PLURAL_RULES[locale](count);
}

type PluralBase<Key extends string> = Key extends `${infer Base}.other` ? Base : never;

/**
 * `t` and `tCount` over the catalogue of the current language. The site's frame and the home
 * page read their own texts only (this module), so a first visit's JavaScript carries no other
 * page's copy; other public pages read lib/i18n.pages.ts, the admin panel and the server
 * lib/i18n.all.ts.
 */
export function createTranslator<Key extends string>() {
  /** The text for `key` in the current language, with `{name}` placeholders filled in. */
  function t(key: Key, params?: Params): string {
    const text = catalogues[currentLocale()]?.[key] ?? catalogues[DEFAULT_LOCALE]?.[key] ?? key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
      name in params ? String(params[name]) : placeholder,
    );
  }

  /**
   * The text for a count: 'listing.beds' gives '1 bed' or '3 beds' by the language's rules.
   * Other placeholders come in `params`, which may also show the count another way (a capped
   * total reads '1000+' but takes the plural form of 1000).
   */
  function tCount(base: PluralBase<Key>, count: number, params?: Params): string {
    const locale = currentLocale();
    const key = `${base}.${pluralOf(locale, count)}`;
    const chosen = (hasCatalogue(locale, key) ? key : `${base}.other`) as Key;
    return t(chosen, { count, ...params });
  }

  return { t, tCount };
}

export const { t, tCount } = createTranslator<MessageKey>();

/** A path of this site in the current language: '/contact' reads '/rw/contact' in Kinyarwanda. */
export function localePath(path: string, locale: Locale = currentLocale()): string {
  if (locale === DEFAULT_LOCALE || !path.startsWith('/') || path.startsWith('//')) return path;
  if (pathLocale(path) !== DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** The language a path of this site is in: its first segment, when that names one. */
export function pathLocale(path: string): Locale {
  const first = /^\/([a-z]{2})(?=$|[/?#.])/.exec(path)?.[1];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

/** The same page in another language: '/rw/property/1' -> '/fr/property/1' or '/property/1'. */
export function switchPathLocale(path: string, locale: Locale): string {
  return localePath(withoutLocale(path), locale);
}

/** A path without its language prefix: '/rw/contact' -> '/contact', '/rw' -> '/'. */
export function withoutLocale(path: string): string {
  const locale = pathLocale(path);
  if (locale === DEFAULT_LOCALE) return path;
  const rest = path.slice(locale.length + 1);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** Where each language's texts are in the browser build (`npm run build` writes it). */
export type CatalogueFiles = Record<Locale, { public: string; pages: string; admin: string }>;

/** Each language's frame texts, a chunk of its own, so a page downloads only its language. */
const PUBLIC_TEXTS: Record<Locale, () => Promise<Catalogue>> = {
  rw: () => import('./messages/rw.ts').then((module) => module.rw),
  en: () => import('./messages/en.ts').then((module) => module.en),
  fr: () => import('./messages/fr.ts').then((module) => module.fr),
};

// In the browser, the page's language is the one the server wrote it in (<html lang>); switching
// language loads a new page. Its texts arrive before any module that shows a text runs: every
// such module imports this one, and waits for this top-level await.
if (typeof document !== 'undefined') {
  const { lang } = document.documentElement;
  const pageLocale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  setLocaleReader(() => pageLocale);
  addCatalogue(pageLocale, await PUBLIC_TEXTS[pageLocale]());
}
