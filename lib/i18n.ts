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
