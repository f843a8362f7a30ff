// An SMS is sent in GSM-7 (160 septets a part) only when every character is in the GSM 03.38
// alphabet; one character outside it sends the whole message in UCS-2 (70 units a part). Our
// catalogues write French with typographic quotes, apostrophes and no-break spaces, which would
// push a short notice into UCS-2 and often into a second or third part. These helpers put a text in
// the form an SMS should carry, measure it as an operator bills it, and cut it to a number of parts.

type SmsEncoding = 'GSM-7' | 'UCS-2';

/**
 * The GSM 03.38 (3GPP TS 23.038) default alphabet, one row of 16 per line, so that a character's
 * index is its septet. 0x1B is the escape to the extension table rather than a character: it holds
 * its place here and is left out of the set below.
 */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅå' +
  'Δ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ' +
  ' !"#¤%&\'()*+,-./' +
  '0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNO' +
  'PQRSTUVWXYZÄÖÑÜ§' +
  '¿abcdefghijklmno' +
  'pqrstuvwxyzäöñüà';

/** The extension table: each is sent as ESC and a second septet, so it takes two. \f is the page break. */
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const GSM7_BASIC_SET = new Set(GSM7_BASIC.replace('\u001b', ''));
const GSM7_EXTENSION_SET = new Set(GSM7_EXTENSION);

// A part carries 140 octets. A message of several parts gives 6 of each part's octets to the
// header that joins them again, leaving 153 septets or 67 UTF-16 units.
const SINGLE_PART_UNITS: Record<SmsEncoding, number> = { 'GSM-7': 160, 'UCS-2': 70 };
const MULTI_PART_UNITS: Record<SmsEncoding, number> = { 'GSM-7': 153, 'UCS-2': 67 };

/** The most parts a notice may take: each part is billed as one SMS, so notices keep to two. */
export const SMS_MAX_PARTS = 2;

const ELLIPSIS = '...';

/**
 * A text as an SMS should carry it: typographic quotes, apostrophes, dashes, ellipses and
 * no-break spaces become their GSM-7 forms, runs of spaces become one, and the ends are trimmed.
 */
export function toSmsText(text: string): string {
  // Accented letters that GSM-7 lacks (â ê î ô û ë ï ç œ) are kept: "garçon" as "garcon" is a
  // misspelling, while the same text in UCS-2 is still right, only shorter per part. NFC joins a
  // letter and a combining accent into one character, so a decomposed "é" stays GSM-7.
  return (
    text
      .normalize('NFC')
      // French guillemets hold a (narrow) no-break space inside: « Maison » -> "Maison".
      .replace(/«[ \t\u00a0\u2009\u202f]*/g, '"')
      .replace(/[ \t\u00a0\u2009\u202f]*»/g, '"')
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      // Typographic hyphens (U+2010, U+2011) as well as en and em dashes.
      .replace(/[\u2010\u2011\u2013\u2014]/g, '-')
      .replace(/\u2026/g, ELLIPSIS)
      // French puts a (narrow) no-break or thin space before : ; ! ?; a tab is not in GSM-7 either.
      .replace(/[ \t\u00a0\u2009\u202f]+/g, ' ')
      .trim()
  );
}

/** GSM-7 when every character is in the GSM 03.38 alphabet or its extension table, else UCS-2. */
export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) {
    if (!GSM7_BASIC_SET.has(char) && !GSM7_EXTENSION_SET.has(char)) return 'UCS-2';
  }
  return 'GSM-7';
}

/**
 * How long a text is as an SMS: its encoding, its units (septets for GSM-7, where an extension
 * character takes two; UTF-16 units for UCS-2, where an emoji takes two) and the parts it is sent in.
 */
export function smsLength(text: string): { encoding: SmsEncoding; units: number; parts: number } {
  const encoding = smsEncoding(text);
  const costs = Array.from(text, (char) =>
    encoding === 'UCS-2' ? char.length : GSM7_EXTENSION_SET.has(char) ? 2 : 1,
  );
  const units = costs.reduce((total, cost) => total + cost, 0);
  if (units <= SINGLE_PART_UNITS[encoding]) return { encoding, units, parts: 1 };
  // Filled character by character rather than ceil(units / room): an escape pair or a surrogate
  // pair never straddles two parts, so one that would is moved whole to the next part. Where a
  // gateway does split a surrogate pair, this count is one part too many, never one too few.
  const room = MULTI_PART_UNITS[encoding];
  let parts = 1;
  let filled = 0;
  for (const cost of costs) {
    if (filled + cost > room) {
      parts += 1;
      filled = 0;
    }
    filled += cost;
  }
  return { encoding, units, parts };
}

/**
 * The text as an SMS of at most `maxParts` parts: toSmsText, then, if still too long, cut after
 * the last whole word that fits and ended with '...'.
 */
export function fitSms(text: string, maxParts: number = SMS_MAX_PARTS): string {
  if (!Number.isInteger(maxParts) || maxParts < 1) {
    throw new RangeError(`maxParts must be a whole number of at least 1, not ${maxParts}`);
  }
  const smsText = toSmsText(text);
  if (smsLength(smsText).parts <= maxParts) return smsText;
  const atWord = findLongestCut(smsText, listWordEnds(smsText), maxParts);
  if (atWord !== undefined && atWord !== ELLIPSIS) return atWord;
  // The first word alone is too long (a long link): cut inside it rather than send nothing.
  return findLongestCut(smsText, listCharacterEnds(smsText), maxParts) ?? ELLIPSIS;
}

/** Where words end: the UTF-16 index of each space or line break that follows a non-space. */
function listWordEnds(text: string): number[] {
  const ends: number[] = [];
  let index = 0;
  let isAfterWord = false;
  for (const char of text) {
    const isSpace = /\s/.test(char);
    if (isSpace && isAfterWord) ends.push(index);
    isAfterWord = !isSpace;
    index += char.length;
  }
  return ends;
}

/** The UTF-16 index after each code point, so that no cut falls inside a surrogate pair. */
function listCharacterEnds(text: string): number[] {
  const ends: number[] = [];
  let index = 0;
  for (const char of text) {
    index += char.length;
    ends.push(index);
  }
  return ends;
}

/**
 * The longest of the cuts (ascending UTF-16 indexes) whose text, ended with '...', fits in
 * `maxParts`. A binary search: a shorter text never takes more parts than a longer one. The
 * encoding is measured again for each cut, since the only UCS-2 character may be in the cut tail.
 */
function findLongestCut(text: string, ends: number[], maxParts: number): string | undefined {
  let best: string | undefined;
  let low = 0;
  let high = ends.length - 1;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    // Trailing spaces and punctuation go, so a cut never reads "word,..." or "end....".
    const candidate = text.slice(0, ends[middle]!).replace(/[\s.,;:-]+$/, '') + ELLIPSIS;
    if (smsLength(candidate).parts <= maxParts) {
      best = candidate;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return best;
}

/** A listing's title as an SMS names it: at most `max` characters, cut at a word, with "…". */
export function smsTitle(title: string, max = 32): string {
  const flat = title.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}
