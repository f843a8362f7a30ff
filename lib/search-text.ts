import type { ListingType, Offer } from './listing.ts';

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

/** What the words of a search text can name besides words to find: the list filters they are. */
export type TextFilters = {
  type?: ListingType;
  offer?: Offer;
  bedrooms?: number;
  bathrooms?: number;
};

/**
 * The words each type goes by in the site's three languages, singular and plural, written
 * without accents (a typed word is compared with its accents folded: "hôtel" is "hotel").
 * Kinyarwanda's "inzu" is its own plural; "amazu" is the plural people say.
 */
const TYPE_WORDS: Record<Exclude<ListingType, 'Other'>, readonly string[]> = {
  House: ['house', 'houses', 'inzu', 'amazu', 'maison', 'maisons'],
  Apartment: ['apartment', 'apartments', 'apartema', 'appartement', 'appartements'],
  Hotel: ['hotel', 'hotels', 'hoteli', 'amahoteli'],
  Land: [
    'land',
    'plot',
    'plots',
    'ikibanza',
    'ibibanza',
    'ubutaka',
    'terrain',
    'terrains',
    'parcelle',
    'parcelles',
  ],
  Car: ['car', 'cars', 'imodoka', 'voiture', 'voitures'],
  Motorcycle: ['motorcycle', 'motorcycles', 'motorbike', 'motorbikes', 'moto', 'motos'],
  Clothes: ['clothes', 'clothing', 'imyenda', 'vetement', 'vetements'],
};

/** Names that begin with a type's word but are something else: a Land Cruiser is a car. */
const NOT_A_TYPE = new Set(['land cruiser', 'land rover']);

const OFFER_WORDS: Record<Offer, readonly string[]> = {
  Rent: ['rent', 'rents', 'rental', 'rentals', 'louer', 'location', 'ubukode', 'gukodesha'],
  Sale: ['sale', 'sales', 'buy', 'vendre', 'vente', 'acheter', 'achat', 'kugura', 'kugurisha'],
};

/** "To let" says rent only as a pair: "let" alone is no offer. */
const OFFER_PAIRS = new Map<string, Offer>([['to let', 'Rent']]);

/**
 * Kinyarwanda's passive of "rent" and "sell" agrees with what is on offer and may carry the
 * present "ra": (inzu) ikodeshwa, irakodeshwa, (ibibanza) bigurishwa, biragurishwa,
 * (ikibanza) kigurishwa, (inzu) zikodeshwa, and the infinitives gukodeshwa, kugurishwa.
 */
const OFFER_FORMS: [RegExp, Offer][] = [
  [/^[a-z]{0,2}(?:ra)?kodeshwa$/, 'Rent'],
  [/^[a-z]{0,2}(?:ra)?gurishwa$/, 'Sale'],
];

/**
 * Words that only join the others, in English, French and Kinyarwanda (with the letters an
 * apostrophe leaves: "l'hôtel", "y'ibyumba", "n'ubwogero"): no listing is found by them.
 */
const STOPWORDS = new Set([
  // English.
  ...['a', 'an', 'the', 'for', 'in', 'at', 'on', 'of', 'with', 'near', 'and', 'or', 'to', 'by'],
  // French ("à" is "a" once folded).
  ...['au', 'aux', 'de', 'du', 'des', 'la', 'le', 'les', 'l', 'd', 'en', 'pour', 'avec', 'dans'],
  ...['pres', 'et', 'ou', 'sur', 'chez', 'un', 'une'],
  // Kinyarwanda.
  ...['mu', 'i', 'ku', 'kuri', 'muri', 'na', 'ya', 'yo', 'za', 'zo', 'cyangwa', 'kwa', 'kandi'],
  ...['y', 'z', 'n', 'hafi', 'iri', 'ziri', 'ifite', 'zifite'],
]);

const wordTypes = new Map(
  Object.entries(TYPE_WORDS).flatMap(([type, words]) =>
    words.map((word) => [word, type as ListingType] as const),
  ),
);

const wordOffers = new Map(
  Object.entries(OFFER_WORDS).flatMap(([offer, words]) =>
    words.map((word) => [word, offer as Offer] as const),
  ),
);

/** A word as the word lists above write it: lower case, accents folded. */
function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function offerOf(word: string): Offer | undefined {
  return wordOffers.get(word) ?? OFFER_FORMS.find(([form]) => form.test(word))?.[1];
}

/**
 * Reads a search text as a visitor means it, in any of the site's languages whatever the page's:
 * the rooms it asks for (`readRooms`), the type its words name ("inzu", "apartema", "voiture",
 * "hotels"), the offer ("ikodeshwa", "à louer", "for sale") become those filters, and the words
 * that only join the others ("in", "à", "mu") go; the rest is the text to search. The first type
 * named is the filter: another type named after it ("house with car parking") stays a word to
 * find, and an offer named both ways ("rent or buy") filters nothing. A word whose filter the
 * visitor set otherwise (`given`: a type list's car, say) also stays a word, since it asks for
 * something else; rooms in the text give way to the rooms filter set. Only the filters the words
 * add are answered.
 */
export function readSearchText(
  typed: string,
  given: TextFilters = {},
): TextFilters & { text: string } {
  const { text: rest, bedrooms, bathrooms } = readRooms(typed);
  const found: TextFilters = {
    bedrooms: given.bedrooms === undefined ? bedrooms : undefined,
    bathrooms: given.bathrooms === undefined ? bathrooms : undefined,
  };
  const words = rest.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  const folded = words.map(foldWord);
  const kept: string[] = [];
  const offers = new Set<Offer>();
  let type: ListingType | undefined;
  for (let index = 0; index < words.length; index++) {
    const word = folded[index]!;
    const pair = `${word} ${folded[index + 1] ?? ''}`;
    const pairOffer = OFFER_PAIRS.get(pair);
    if (pairOffer && (given.offer === undefined || given.offer === pairOffer)) {
      offers.add(pairOffer);
      index++;
      continue;
    }
    const wordType = NOT_A_TYPE.has(pair) ? undefined : wordTypes.get(word);
    if (wordType && (type ?? given.type ?? wordType) === wordType) {
      type = wordType;
      continue;
    }
    const offer = offerOf(word);
    if (offer && (given.offer === undefined || given.offer === offer)) {
      offers.add(offer);
      continue;
    }
    if (STOPWORDS.has(word)) continue;
    kept.push(words[index]!);
  }
  if (type !== undefined && type !== given.type) found.type = type;
  if (offers.size === 1 && given.offer === undefined) found.offer = [...offers][0];
  const filters = Object.fromEntries(
    Object.entries(found).filter(([, value]) => value !== undefined),
  ) as TextFilters;
  return { text: kept.join(' '), ...filters };
}
