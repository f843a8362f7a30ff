const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;

/**
 * Turns what a visitor types into a PostgreSQL prefix query: 'Kicu  house!' becomes
 * 'kicu:* & house:*', so results narrow as they type. Only letters and digits survive, which also
 * keeps tsquery syntax out of user hands. Undefined when nothing searchable is left.
 */
export function toPrefixQuery(text: string): string | undefined {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words.map((word) => word.slice(0, MAX_WORD_LENGTH)))];
  if (unique.length === 0) return undefined;
  return unique
    .slice(0, MAX_WORDS)
    .map((word) => `${word}:*`)
    .join(' & ');
}
