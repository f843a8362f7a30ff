import { en, type MessageKey } from './messages/en.ts';

export type { MessageKey };

type Params = Record<string, string | number>;

/** The text for `key` with `{name}` placeholders filled in. English is the only catalogue so far. */
export function t(key: MessageKey, params?: Params): string {
  const text: string = en[key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}

const plurals = new Intl.PluralRules('en');

type PluralBase = MessageKey extends infer Key
  ? Key extends `${infer Base}.other`
    ? Base
    : never
  : never;

/** The text for a count: 'listing.beds' gives '1 bed' or '3 beds' by the language's rules. */
export function tCount(base: PluralBase, count: number): string {
  const key = `${base}.${plurals.select(count)}`;
  const chosen = (key in en ? key : `${base}.other`) as MessageKey;
  return t(chosen, { count });
}
