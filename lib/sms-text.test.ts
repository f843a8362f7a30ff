import { describe, expect, it } from 'vitest';
import { fitSms, SMS_MAX_PARTS, smsEncoding, smsLength, toSmsText } from './sms-text.ts';

// The invisible characters are written as escapes so that a reader sees which space is which.
const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';

const FRENCH_NOTICE = `Nouvelle demande pour «${NBSP}Maison à Kicukiro${NBSP}»${NARROW_NBSP}: ouvrez https://inzu.rw/i/abc`;
const KINYARWANDA_NOTICE =
  "Ubutumwa bushya ku itangazo ryawe 'Inzu i Kicukiro': fungura https://inzu.rw/i/abc";

describe('toSmsText', () => {
  it('turns a French notice with guillemets and no-break spaces into GSM-7', () => {
    expect(smsEncoding(FRENCH_NOTICE)).toBe('UCS-2');
    const smsText = toSmsText(FRENCH_NOTICE);
    expect(smsText).toBe(
      'Nouvelle demande pour "Maison à Kicukiro" : ouvrez https://inzu.rw/i/abc',
    );
    expect(smsLength(smsText)).toEqual({ encoding: 'GSM-7', units: smsText.length, parts: 1 });
  });

  it('collapses guillemets with ordinary or no-break spaces inside to plain quotes', () => {
    expect(toSmsText('« Maison »')).toBe('"Maison"');
    expect(toSmsText(`«${NARROW_NBSP}Maison${NARROW_NBSP}»`)).toBe('"Maison"');
    expect(toSmsText('«Maison»')).toBe('"Maison"');
  });

  it('replaces typographic apostrophes, quotes, dashes and the ellipsis by their GSM-7 forms', () => {
    expect(toSmsText('l\u2019annonce, \u2018Gisozi\u2019, n\u02bcinzu')).toBe(
      "l'annonce, 'Gisozi', n'inzu",
    );
    expect(toSmsText('\u201cInzu nshya\u201d')).toBe('"Inzu nshya"');
    expect(toSmsText('Kigali \u2013 Remera \u2014 Kimironko, peut\u2011être')).toBe(
      'Kigali - Remera - Kimironko, peut-être',
    );
    expect(toSmsText('Voir la suite\u2026')).toBe('Voir la suite...');
  });

  it('turns no-break spaces before : ; ! ? into ordinary spaces', () => {
    expect(toSmsText(`Prix${NARROW_NBSP}: 350${NBSP}000 RWF${NARROW_NBSP}; vite${NBSP}!`)).toBe(
      'Prix : 350 000 RWF ; vite !',
    );
  });

  it('collapses runs of spaces and tabs into one space and trims the ends', () => {
    expect(toSmsText(`  Inzu   nshya\t\ti ${NBSP} Kicukiro  `)).toBe('Inzu nshya i Kicukiro');
  });

  it('keeps line breaks, which GSM-7 carries', () => {
    expect(toSmsText('Inzu nshya\nKicukiro')).toBe('Inzu nshya\nKicukiro');
  });

  it('keeps accented letters, even those GSM-7 lacks, rather than misspell them', () => {
    const text = 'Fête à Nyamirambo : garçon, cœur, élève, où';
    expect(toSmsText(text)).toBe(text);
    expect(smsEncoding(toSmsText(text))).toBe('UCS-2');
  });

  it('joins a letter and its combining accent, so a decomposed é stays GSM-7', () => {
    const smsText = toSmsText('Ecole e\u0301loigne\u0301e');
    expect(smsText).toBe('Ecole éloignée');
    expect(smsEncoding(smsText)).toBe('GSM-7');
  });

  it('leaves a Kinyarwanda notice as it is: GSM-7 in one part', () => {
    expect(toSmsText(KINYARWANDA_NOTICE)).toBe(KINYARWANDA_NOTICE);
    expect(smsLength(KINYARWANDA_NOTICE)).toEqual({
      encoding: 'GSM-7',
      units: KINYARWANDA_NOTICE.length,
      parts: 1,
    });
    expect(toSmsText(KINYARWANDA_NOTICE.replaceAll("'", '\u2019'))).toBe(KINYARWANDA_NOTICE);
  });
});

describe('smsEncoding', () => {
  it('reads every character of the GSM 03.38 basic set as GSM-7, one septet each', () => {
    const basicSet =
      '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
      '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
    expect(smsLength(basicSet)).toEqual({ encoding: 'GSM-7', units: 127, parts: 1 });
  });

  it('reads the extension table as GSM-7, two septets each', () => {
    expect(smsLength('\f^{}\\[~]|€')).toEqual({ encoding: 'GSM-7', units: 20, parts: 1 });
  });

  it('reads a text as UCS-2 when one character is in neither table', () => {
    for (const char of ['ç', 'ê', 'œ', '`', '\t', NBSP, '\u2019', '\u001b', '😀']) {
      expect(smsEncoding(`Inzu${char}`)).toBe('UCS-2');
    }
  });
});

describe('smsLength', () => {
  it('sends up to 160 GSM-7 characters in one part and more in parts of 153', () => {
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(smsLength('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, parts: 2 });
    expect(smsLength('a'.repeat(306))).toEqual({ encoding: 'GSM-7', units: 306, parts: 2 });
    expect(smsLength('a'.repeat(307))).toEqual({ encoding: 'GSM-7', units: 307, parts: 3 });
  });

  it('counts an extension character as two septets', () => {
    expect(smsLength('€')).toEqual({ encoding: 'GSM-7', units: 2, parts: 1 });
    expect(smsLength(`${'a'.repeat(158)}€`).parts).toBe(1);
    expect(smsLength(`${'a'.repeat(159)}€`)).toEqual({ encoding: 'GSM-7', units: 161, parts: 2 });
  });

  it('never splits an escape pair across two parts', () => {
    // 306 septets would be two full parts, but the € would straddle them: it moves whole.
    const text = `${'a'.repeat(152)}€${'a'.repeat(152)}`;
    expect(smsLength(text)).toEqual({ encoding: 'GSM-7', units: 306, parts: 3 });
  });

  it('sends up to 70 UCS-2 units in one part and more in parts of 67', () => {
    expect(smsLength('ç'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, parts: 1 });
    expect(smsLength('ç'.repeat(71))).toEqual({ encoding: 'UCS-2', units: 71, parts: 2 });
    expect(smsLength('ç'.repeat(134))).toEqual({ encoding: 'UCS-2', units: 134, parts: 2 });
    expect(smsLength('ç'.repeat(135))).toEqual({ encoding: 'UCS-2', units: 135, parts: 3 });
  });

  it('counts an emoji as two UTF-16 units', () => {
    expect(smsLength('😀')).toEqual({ encoding: 'UCS-2', units: 2, parts: 1 });
    expect(smsLength(`${'ç'.repeat(68)}😀`).parts).toBe(1);
    expect(smsLength(`${'ç'.repeat(69)}😀`)).toEqual({ encoding: 'UCS-2', units: 71, parts: 2 });
  });

  it('never splits a surrogate pair across two parts', () => {
    const text = `${'ç'.repeat(66)}😀${'ç'.repeat(66)}`;
    expect(smsLength(text)).toEqual({ encoding: 'UCS-2', units: 134, parts: 3 });
  });

  it('counts an empty text as one part', () => {
    expect(smsLength('')).toEqual({ encoding: 'GSM-7', units: 0, parts: 1 });
  });
});

describe('fitSms', () => {
  it('keeps notices to two parts by default', () => {
    expect(SMS_MAX_PARTS).toBe(2);
  });

  it('leaves a short text unchanged apart from toSmsText', () => {
    expect(fitSms(KINYARWANDA_NOTICE)).toBe(KINYARWANDA_NOTICE);
    expect(fitSms(FRENCH_NOTICE)).toBe(toSmsText(FRENCH_NOTICE));
  });

  it('cuts a long text after the last whole word that fits and ends it with ...', () => {
    // 76 words of 3 letters, 75 spaces and '...' are 306 septets: two full parts.
    expect(fitSms('mot '.repeat(100))).toBe(`${'mot '.repeat(76).trimEnd()}...`);
    expect(fitSms('mot '.repeat(100), 1)).toBe(`${'mot '.repeat(39).trimEnd()}...`);
  });

  it('cuts a real notice at a word boundary, as long as two parts allow', () => {
    const source = toSmsText(
      `${'Inzu nziza ifite ibyumba bitatu i Kicukiro, hafi y\u2019isoko n\u2019ishuri. '.repeat(8)}` +
        'Ouvrez https://inzu.rw/i/abc',
    );
    const fitted = fitSms(source);
    expect(smsLength(fitted).parts).toBeLessThanOrEqual(2);
    expect(fitted.endsWith('...')).toBe(true);
    const head = fitted.slice(0, -3);
    expect(source.startsWith(head)).toBe(true);
    expect(head).toMatch(/[^\s.,;:-]$/);
    // The cut is at the end of a word, and the next word would not have fitted.
    const nextWord = /^[.,;:-]*\s+\S+/.exec(source.slice(head.length));
    expect(nextWord).not.toBeNull();
    const longer = source.slice(0, head.length + nextWord![0].length).replace(/[.,;:-]+$/, '');
    expect(smsLength(`${longer}...`).parts).toBeGreaterThan(2);
  });

  it('measures the cut text again, so a UCS-2 letter cut off leaves GSM-7 room', () => {
    expect(fitSms(`${'mot '.repeat(100)}garçon`)).toBe(`${'mot '.repeat(76).trimEnd()}...`);
  });

  it('drops punctuation before the ..., never leaving "word,..."', () => {
    expect(fitSms('mot, '.repeat(100))).toMatch(/mot\.\.\.$/);
  });

  it('cuts inside a word too long for the parts, such as a long link', () => {
    const link = `https://inzu.rw/${'a'.repeat(400)}`;
    const fitted = fitSms(link);
    expect(fitted).toBe(`${link.slice(0, 303)}...`);
    expect(smsLength(fitted)).toEqual({ encoding: 'GSM-7', units: 306, parts: 2 });
  });

  it('never cuts inside a surrogate pair', () => {
    const fitted = fitSms('😀'.repeat(200));
    expect(fitted).toBe(`${'😀'.repeat(65)}...`);
    expect(smsLength(fitted).parts).toBe(2);
  });

  it('refuses a number of parts that is not a whole number of at least one', () => {
    expect(() => fitSms('Inzu', 0)).toThrow(RangeError);
    expect(() => fitSms('Inzu', 1.5)).toThrow(RangeError);
  });
});
