/**
 * The Kinyarwanda and French catalogues read as their languages, in the words of
 * docs/i18n-glossary.md: one spelling per term, and no English left behind.
 */
import { describe, expect, it } from 'vitest';
import { ALL_MESSAGES } from './all.ts';

const rw: Record<string, string> = ALL_MESSAGES.rw;
const fr: Record<string, string> = ALL_MESSAGES.fr;

/** The texts of a catalogue whose text matches `pattern`, as 'key: text' for a readable failure. */
function textsMatching(catalogue: Record<string, string>, pattern: RegExp): string[] {
  return Object.entries(catalogue)
    .filter(([, text]) => pattern.test(text))
    .map(([key, text]) => `${key}: ${text}`);
}

describe('the Kinyarwanda catalogue says each glossary term one way', () => {
  it.each([
    ['password is "ijambo ry\'ibanga", not "ryibanga"', /ryibanga|ry’ibanga|ijambobanga/i],
    ['money is "Frw", never "RWF"', /\bRWF\b/],
    [
      'a listing is "itangazo" or "inzu", never "umutungo" (wealth, estate)',
      /\b(u|i)?m[iu]tungo\b/i,
    ],
    ['"Supply Property" is "Shyira ku isoko", not "Tanga umutungo" (to donate)', /Tanga umutungo/i],
    ['"Request Property" is "Tanga icyifuzo", not "Saba umutungo" (to beg)', /Saba umutungo/i],
    ['the owner is "nyir\'itangazo" or "nyirabyo", never "nyirawo" (of umutungo)', /\bnyirawo\b/i],
    [
      'one form of address: "wowe", no plural "Mwa…" forms',
      /\bmwa(?:gerageje|koze|ndikire|bonye)/i,
    ],
    ['one form of address: "Urakoze", "Urakaza neza", not the plural', /\bmurako(?:ze|za)\b/i],
    ['one form of address: singular imperatives, not "Muhurire"', /\bmuhurire\b/i],
    ['"in Rwanda" is "mu Rwanda", never "i Rwanda"', /(^|[^\w'])i Rwanda\b/],
    ['saved searches are "amashakisha", not "ubushakashatsi" (research)', /ubushakashatsi/i],
    ['a form is "ifishi", not "fomu"', /\bfomu\b/i],
    ['a link is "ihuza", not "link"', /(?<!\{)\blink\b(?!\})/i],
    ['a page is "paji", not "urupapuro" or "ipaji"', /\b(?:uru|ku )?rupapuro\b|\bipaji\b/i],
    ['the team is "ikipe", not "itsinda"', /\bitsinda\b/i],
    ['to download is "Manura", not "Kuramo" (to take out, remove)', /\bkuramo\b/i],
    ['the widen-search text names what it shows', /Erekana \{count\} nta /],
    ['the apostrophe is one character, the ASCII one', /’/],
    ['quotation marks are “…”, not straight ones', /"/],
  ])('%s', (_rule, forbidden) => {
    expect(textsMatching(rw, forbidden)).toEqual([]);
  });

  it('shows an amount as "350.000 Frw", with a no-break space before Frw', () => {
    expect(rw['format.rwf']).toBe('{amount}\u00a0Frw');
    // A number or an amount placeholder followed by Frw without the no-break space.
    expect(textsMatching(rw, /(\d|\})( |)Frw/)).toEqual([]);
  });

  it('labels the offer as real adverts do: "Irakodeshwa" / "Iragurishwa", not "Ubukode"', () => {
    expect(rw['listing.forRent']).toBe('Irakodeshwa');
    expect(rw['listing.forSale']).toBe('Iragurishwa');
    expect(rw['manage.statusOption.Rent']).toBe(rw['listing.forRent']);
    expect(rw['manage.statusOption.Sale']).toBe(rw['listing.forSale']);
    expect(rw['validation.offer']).toContain(
      `${rw['listing.forRent']} cyangwa ${rw['listing.forSale']}`,
    );
    const labels = Object.fromEntries(
      Object.entries(rw).filter(([key]) => /^(listing|manage|filters)\./.test(key)),
    );
    expect(textsMatching(labels, /^(Ubukode|Kugurisha)$/)).toEqual([]);
  });

  it('calls a bathroom "ubwogero" wherever it counts them ("ubwiherero" is a toilet)', () => {
    const bathrooms = Object.entries(rw).filter(([key]) => /bath/i.test(key));
    expect(bathrooms.length).toBeGreaterThan(3);
    for (const [key, text] of bathrooms) expect(text, key).toMatch(/ubwogero/i);
    expect(rw['listing.toilets']).toMatch(/ubwiherero/i);
  });

  it('calls inquiries "ibiganiro", never "ibibazo" (which also means problems)', () => {
    const inquiries = Object.entries(rw).filter(([key]) => /inquir/i.test(key));
    expect(inquiries.length).toBeGreaterThan(20);
    // "Habaye ikibazo" (something went wrong) is a problem, rightly.
    const offenders = inquiries.filter(([, text]) => /\bibibazo\b|\bikibazo cyawe\b/i.test(text));
    expect(offenders).toEqual([]);
    expect(rw['inquiries.heading']).toBe('Ibiganiro');
    expect(rw['admin.nav.inquiries']).toBe(rw['inquiries.heading']);
  });

  it('names the menu as a seller and a buyer read it', () => {
    expect(rw['nav.supplyProperty']).toBe('Shyira ku isoko');
    expect(rw['nav.requestProperty']).toBe('Tanga icyifuzo');
    expect(rw['supplied.supplyButton']).toBe(rw['nav.supplyProperty']);
  });

  it('points to settings by the names the admin menu shows', () => {
    expect(rw['terms.defaultText']).toContain(
      `(${rw['admin.nav.settings']}, ${rw['settings.platformHeading']})`,
    );
    expect(rw['settings.platformHeading']).not.toBe(rw['settings.title']);
  });
});

/**
 * Frequent English words. A Kinyarwanda or French text holding one has English left in it,
 * unless the word is also a word of that language (see the allow-lists below).
 */
const ENGLISH_WORDS = new Set(
  `a about above account add after again all already also always am an and another answer any
  are as ask asked at available away back be because been before being below best between both
  but buy by call can cancel cannot change check choose city clear click close come contact content copy
  could create day days delete details did do does done down download each edit email else
  empty enter error even every everyone everything failed few file filter find first for form
  found free from full get give go going good got had has have he hello help her here hidden
  hide his home house houses how if in into is it its just keep know land last later leave let
  length like link list listing listings load loading log login logout look made make many may me
  message messages more most much must my name need never new next no not nothing now number of
  off ok old on once one only open or other our out over owner page password people per phone
  photo photos please post price prices private property properties public put read really
  remove rent rented report request requests required reset results review room rooms sale save
  saved search see seller sellers send sent set share should show sign so sold some something
  sorry start status still submit such sure take than thank thanks that the their them then
  there these they thing things this those through time to today too try type under until up
  update upload us use used user users very view want was way we week were what when where
  which while who why will with without work would write wrong year yes yet you your yours`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words of the catalogues spelled like an English word, each with why it is there. */
const SHARED_WORDS: Record<'rw' | 'fr', Record<string, string>> = {
  rw: {
    by: 'Kinyarwanda "by\'": of, for class-8 nouns ("ibisobanuro by\'inzu")',
    make: 'Kinyarwanda "make": few ("mu masegonda make")',
    no: 'Kinyarwanda "no": and, with ("no kuri imeyili")',
    we: 'Kinyarwanda "we": him, her ("ari we", "na we")',
  },
  fr: {
    a: 'French "a": has',
    an: 'French "an": year ("par an")',
    me: 'French "me": me',
    page: 'French "page"',
    photo: 'French "photo"',
    photos: 'French "photos"',
    message: 'French "message"',
    messages: 'French "messages"',
    type: 'French "type"',
    contact: 'French "contact"',
    public: 'French "public"',
  },
};

/** Names written the same in every language that are also English words. */
const NAMES: Record<string, string> = {
  content: 'the HTTP header Content-Length, which api.lengthRequired quotes',
  length: 'the HTTP header Content-Length, which api.lengthRequired quotes',
};

/** Validation messages that quote the values an API field accepts, which are English words. */
const QUOTES_API_VALUES: Record<string, string[]> = {
  'validation.listedBy': ['owner', 'agent', 'commissioner'],
  'validation.sort': ['newest', 'price_asc', 'price_desc', 'price', 'asc', 'desc'],
  'validation.kind': ['property', 'asset'],
  'savedSearch.frequency': ['instant', 'daily'],
  'listingReports.badStatus': ['open', 'closed'],
  'listingReports.outcomeRequired': ['dismissed', 'hidden', 'blocked'],
  // The word an SMS reply sends to turn SMS back on, as every network reads it.
  'smsChoices.note.one': ['start'],
  'smsChoices.note.other': ['start'],
  'dataSaver.invalidChoice': ['on', 'off'],
};

/** The words of a text a reader sees: placeholders, addresses and e-mail addresses left out. */
function wordsOf(text: string): string[] {
  return text
    .replace(/\{\w+\}/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\S+@\S+/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}_]+/u)
    .filter(Boolean);
}

describe.each([
  ['rw', rw],
  ['fr', fr],
] as const)('the %s catalogue', (locale, catalogue) => {
  it('holds no English word outside names, codes and quoted API values', () => {
    const shared = SHARED_WORDS[locale];
    const english = Object.entries(catalogue).flatMap(([key, text]) =>
      wordsOf(text)
        .filter((word) => ENGLISH_WORDS.has(word))
        .filter((word) => !(word in shared) && !(word in NAMES))
        .filter((word) => !QUOTES_API_VALUES[key]?.includes(word))
        .map((word) => `${key}: "${word}" in ${JSON.stringify(text)}`),
    );
    expect(english).toEqual([]);
  });
});

describe('the English word list', () => {
  it('allows only words it would catch, each found in its catalogue', () => {
    const wordsIn = (catalogue: Record<string, string>) =>
      new Set(Object.values(catalogue).flatMap(wordsOf));
    const found = { rw: wordsIn(rw), fr: wordsIn(fr) };
    for (const locale of ['rw', 'fr'] as const) {
      for (const word of Object.keys(SHARED_WORDS[locale])) {
        expect(ENGLISH_WORDS.has(word), word).toBe(true);
        expect(found[locale].has(word), `${locale}: ${word}`).toBe(true);
      }
    }
    for (const word of Object.keys(NAMES)) {
      expect(ENGLISH_WORDS.has(word), word).toBe(true);
      expect(found.rw.has(word) && found.fr.has(word), word).toBe(true);
    }
  });

  it('catches an English word left in a text', () => {
    const english = wordsOf('Baza {name} please, https://inzu.rw/x').filter((word) =>
      ENGLISH_WORDS.has(word),
    );
    expect(english).toEqual(['please']);
  });
});
