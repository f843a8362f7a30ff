const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;

/**
 * The words a visitor typed, as a search reads them: lower case, letters and digits only (which
 * also keeps tsquery syntax out of user hands), each once, at most eight. 'Kicu  house!' gives
 * ['kicu', 'house']; empty when nothing searchable is left.
 */
export function searchWords(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((word) => word.slice(0, MAX_WORD_LENGTH)))].slice(0, MAX_WORDS);
}

/**
 * Turns what a visitor types into a PostgreSQL prefix query: 'Kicu  house!' becomes
 * 'kicu:* & house:*', so results narrow as they type. Undefined when nothing searchable is left.
 */
export function toPrefixQuery(text: string): string | undefined {
  const words = searchWords(text);
  if (words.length === 0) return undefined;
  return words.map((word) => `${word}:*`).join(' & ');
}

/** Numbers written as words, in English, French and Kinyarwanda, up to ten. */
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  rimwe: 1,
  kabiri: 2,
  bibiri: 2,
  gatatu: 3,
  bitatu: 3,
  kane: 4,
  bine: 4,
  gatanu: 5,
  bitanu: 5,
};

const ROOM_WORDS = {
  bedrooms: 'bedrooms?|beds?|bdrms?|bdr|bd|br|chambres?',
  bathrooms: 'bathrooms?|baths?|ba|salles? de bains?|douches?',
} as const;

/** Kinyarwanda puts the number after the noun: "ibyumba bitatu". */
const ROOM_WORDS_BEFORE = {
  bedrooms: 'ibyumba(?: byo kuraramo)?',
  bathrooms: 'ubwiherero',
} as const;

const NUMBER = `(\\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})`;

/**
 * The rooms a search text asks for ("3 bedroom", "3 bed", "three-bedroom", "2 baths"), taken out
 * of the text: they become the minimum-rooms filters rather than words to find.
 */
export function readRooms(text: string): { text: string; bedrooms?: number; bathrooms?: number } {
  let rest = text;
  const rooms: { bedrooms?: number; bathrooms?: number } = {};
  for (const [field, words] of Object.entries(ROOM_WORDS) as [keyof typeof ROOM_WORDS, string][]) {
    const match =
      new RegExp(`(?<![\\p{L}\\p{N}])${NUMBER}[\\s-]*(?:${words})(?![\\p{L}])`, 'iu').exec(rest) ??
      new RegExp(
        `(?<![\\p{L}])(?:${ROOM_WORDS_BEFORE[field]})\\s+${NUMBER}(?![\\p{L}\\p{N}])`,
        'iu',
      ).exec(rest);
    if (!match) continue;
    const number = match[1]!.toLowerCase();
    rooms[field] = NUMBER_WORDS[number] ?? Number(number);
    rest = `${rest.slice(0, match.index)} ${rest.slice(match.index + match[0].length)}`;
  }
  return { text: rest.replace(/\s+/g, ' ').trim(), ...rooms };
}
