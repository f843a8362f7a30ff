import { en } from './messages/en.ts';

/** A text of the public pages (lib/messages/en.ts). */
export type MessageKey = keyof typeof en;

type Params = Record<string, string | number>;

type PluralBase<Key extends string> = Key extends `${infer Base}.other` ? Base : never;

/**
 * `t` and `tCount` over one catalogue. Public pages read the public texts only (this module), so
 * their JavaScript carries no admin or server copy; the admin panel and the server read both
 * (lib/i18n.admin.ts). English is the only language so far.
 */
export function createTranslator<Key extends string>(catalogue: Record<Key, string>) {
  const plurals = new Intl.PluralRules('en');

  /** The text for `key` with `{name}` placeholders filled in. */
  function t(key: Key, params?: Params): string {
    const text = catalogue[key];
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
    const key = `${base}.${plurals.select(count)}`;
    const chosen = (key in catalogue ? key : `${base}.other`) as Key;
    return t(chosen, { count, ...params });
  }

  return { t, tCount };
}

export const { t, tCount } = createTranslator<MessageKey>(en);
