/**
 * Text PostgreSQL cannot store in text or jsonb: a NUL, or a lone surrogate. Found here so that
 * every way text comes in (JSON bodies, query strings, page forms) is refused with its field
 * named, before any of it reaches the database.
 */

/** A UTF-16 surrogate with no partner: in unicode mode a whole pair is one code point. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** Whether PostgreSQL cannot store `text` in text or jsonb: it holds a NUL or a lone surrogate. */
function isUnstorable(text: string): boolean {
  return text.includes('\0') || LONE_SURROGATE.test(text);
}

/**
 * Where the first text PostgreSQL cannot store sits in a parsed JSON value or a query
 * (`about.text`, `items.2`), or undefined when every text can be stored. Walked without
 * recursion: a body may nest as deep as its size allows.
 */
export function findIllFormedText(value: unknown): string | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (isUnstorable(current)) return path || 'body';
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (isUnstorable(key)) {
          return childPath.replace(/\p{Surrogate}/gu, '\uFFFD').replaceAll('\0', '\uFFFD');
        }
        pending.push({ value: child, path: childPath });
      }
    }
  }
  return undefined;
}
