/**
 * French typography and the French terms of docs/i18n-glossary.md, held by rule over every
 * French text rather than text by text, so that a text added later follows them too.
 */
import { describe, expect, it } from 'vitest';
import { withLocale } from '../i18n.server.ts';
import { LANDING_TYPES, landingTitle } from '../landing.ts';
import { ALL_MESSAGES } from './all.ts';
import { frAdmin } from './fr.admin.ts';

const fr: Record<string, string> = ALL_MESSAGES.fr;

const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';

/** What a reader sees of a text's own punctuation: placeholders and addresses left out. */
function proseOf(text: string): string {
  return text.replace(/\{\w+\}/g, 'X').replace(/https?:\/\/\S*/g, 'URL');
}

/** The French texts breaking `pattern`, as 'key: text' for a readable failure. */
function offenders(pattern: RegExp, read: (text: string) => string = proseOf): string[] {
  return Object.entries(fr)
    .filter(([, text]) => pattern.test(read(text)))
    .map(([key, text]) => `${key}: ${JSON.stringify(text)}`);
}

describe('French typography', () => {
  it('puts a narrow no-break space (U+202F) before ; ! and ?, never a plain space or none', () => {
    expect(offenders(/(?<!\u202f)[;!?]/)).toEqual([]);
  });

  it('puts a no-break space (U+00A0) before a colon, times like 10:30 aside', () => {
    expect(offenders(/(?<!\u00a0|\d):|(?<!\u00a0):(?!\d)/)).toEqual([]);
  });

  it('puts a no-break space (U+00A0) inside « », never a plain one or none', () => {
    expect(offenders(/«(?!\u00a0)|(?<!\u00a0)»/)).toEqual([]);
  });

  it('quotes with « », writes the apostrophe ’ and the ellipsis …', () => {
    expect(offenders(/["“”']|\.\.\./)).toEqual([]);
  });

  it('keeps a number with its unit and currency on one line', () => {
    // A number or an amount placeholder, then RWF, m² or %, with a space that may break.
    expect(offenders(/(\d|\{\w+\}) (RWF|m²|%)/, (text) => text)).toEqual([]);
    expect(offenders(/n° /)).toEqual([]);
    expect(fr['format.rwf']).toBe(`{amount}${NBSP}RWF`);
    // The group separator Intl.NumberFormat('fr') uses: 1 500 000.
    expect(fr['format.thousandsSeparator']).toBe(NARROW_NBSP);
    for (const period of ['night', 'day', 'week', 'month', 'year'] as const) {
      expect(fr[`price.suffix.${period}`]).toMatch(/^\/\u00a0\S+$/);
    }
  });

  it('catches a plain space before punctuation and leaves URLs and placeholders alone', () => {
    const test = (text: string) => /(?<!\u202f)[;!?]/.test(proseOf(text));
    expect(test('Toujours disponible ?')).toBe(true);
    expect(test(`Toujours disponible${NARROW_NBSP}?`)).toBe(false);
    expect(test('Voir https://inzu.rw/search?q=maison&page=2 ou {url}')).toBe(false);
  });
});

describe('the French terms', () => {
  it('counts bathrooms as "salle de bains", everywhere the same', () => {
    expect(offenders(/salles? de bain(?!s)/i)).toEqual([]);
    const bathrooms = Object.entries(fr).filter(([key]) => /bath/i.test(key));
    expect(bathrooms.length).toBeGreaterThan(3);
    for (const [key, text] of bathrooms) expect(text, key).toMatch(/salles? de bains/i);
  });

  it('says "au Rwanda" for the country and "à" for a town, never "à Rwanda"', () => {
    expect(offenders(/\bà Rwanda\b/)).toEqual([]);
    for (const type of Object.values(LANDING_TYPES)) {
      for (const offer of ['Rent', 'Sale'] as const) {
        const title = (place: { district?: string; sector?: string }) =>
          withLocale('fr', () => landingTitle({ type, offer, ...place }));
        expect(title({})).toMatch(/ au Rwanda$/);
        expect(title({ district: 'Gasabo' })).toMatch(/ à Gasabo$/);
        expect(title({ district: 'Gasabo', sector: 'Remera' })).toMatch(/ à Remera, Gasabo$/);
      }
    }
  });

  it('calls a buyer’s request "demande" and an inquiry "demande d’informations", never mixed', () => {
    const inquiryTexts = Object.entries(fr).filter(([key]) => /inquir/i.test(key));
    expect(inquiryTexts.length).toBeGreaterThan(30);
    // A bare "demande" in an inquiry's text would read as a buyer's request.
    const bare = /(?<!\p{L})[Dd]emandes?(?!\p{L})(?! d’informations)/u;
    expect(inquiryTexts.filter(([, text]) => bare.test(text))).toEqual([]);
    const requestTexts = Object.entries(fr).filter(([key]) => /^requested?\./.test(key));
    expect(requestTexts.filter(([, text]) => /d’informations/.test(text))).toEqual([]);
    // One spelling of the inquiry: plural "informations".
    expect(offenders(/demandes? d’information(?!s)/)).toEqual([]);
  });

  it('names the team "l’équipe Inzu" and signs e-mails with it', () => {
    expect(offenders(/l’équipe (?!Inzu|\{brand\})/i, (text) => text)).toEqual([]);
    const signed = Object.entries(frAdmin).filter(([key]) => /mailBody/i.test(key));
    expect(signed.length).toBeGreaterThan(10);
    for (const [key, text] of signed) {
      if (!/\n\n(L’équipe|\{brand\})/.test(text)) continue;
      expect(text, key).toMatch(/\n\nL’équipe (Inzu|\{brand\})$/);
    }
  });

  it('says "lettre d’information" and "par ex." as the rest of the site does', () => {
    expect(offenders(/newsletter/i)).toEqual([]);
    expect(offenders(/(?<!par )\bex\. /)).toEqual([]);
  });
});

describe('a label read with the options of its list', () => {
  // "Le loyer se paie par" then "par nuit" read "par par": a label ends where its options start.
  it.each([
    ['en', ALL_MESSAGES.en],
    ['fr', fr],
    ['rw', ALL_MESSAGES.rw],
  ] as const)('repeats no word in %s', (_locale, catalogue: Record<string, string>) => {
    const periods = ['night', 'day', 'week', 'month', 'year'].map(
      (p) => catalogue[`price.per.${p}`]!,
    );
    const lists = [
      [catalogue['price.periodLabel']!, [catalogue['price.periodUsual']!, ...periods]],
      [catalogue['request.budgetFor']!, [catalogue['request.budgetToBuy']!, ...periods]],
    ] as const;
    for (const [label, options] of lists) {
      const lastWord = label.trim().split(/\s+/).at(-1)!.toLowerCase();
      for (const option of options) {
        expect(option.trim().split(/\s+/)[0]!.toLowerCase(), `${label} | ${option}`).not.toBe(
          lastWord,
        );
      }
    }
  });
});
