import { describe, expect, it } from 'vitest';
import { readRooms, toPrefixQuery } from './search-text.ts';

describe('toPrefixQuery', () => {
  it('turns one word into a prefix query', () => {
    expect(toPrefixQuery('kicu')).toBe('kicu:*');
  });

  it('lowercases what was typed', () => {
    expect(toPrefixQuery('KICUkiro')).toBe('kicukiro:*');
  });

  it('joins several words with &', () => {
    expect(toPrefixQuery('Kicu  house')).toBe('kicu:* & house:*');
    expect(toPrefixQuery(' villa\tnyarutarama\npool ')).toBe('villa:* & nyarutarama:* & pool:*');
  });

  it('strips punctuation and every tsquery operator', () => {
    expect(toPrefixQuery('house!')).toBe('house:*');
    expect(toPrefixQuery('a&b|c!(d):*e')).toBe('a:* & b:* & c:* & d:* & e:*');
    expect(toPrefixQuery("kicu' <-> house")).toBe('kicu:* & house:*');
    const query = toPrefixQuery('villa & | ! ( ) : * \' " \\ <-> pool');
    expect(query).toBe('villa:* & pool:*');
  });

  it('answers undefined when only punctuation or operators are left', () => {
    expect(toPrefixQuery('&|!():*')).toBeUndefined();
    expect(toPrefixQuery('... ?? --')).toBeUndefined();
  });

  it('answers undefined for empty or whitespace-only text', () => {
    expect(toPrefixQuery('')).toBeUndefined();
    expect(toPrefixQuery('   ')).toBeUndefined();
    expect(toPrefixQuery('\t\n ')).toBeUndefined();
  });

  it('removes repeated words, whatever their case', () => {
    expect(toPrefixQuery('house House HOUSE villa house')).toBe('house:* & villa:*');
  });

  it('keeps Kinyarwanda words, accented letters and digits', () => {
    expect(toPrefixQuery('Inzu ikodeshwa Nyamirambo')).toBe('inzu:* & ikodeshwa:* & nyamirambo:*');
    expect(toPrefixQuery('Café Résidence')).toBe('café:* & résidence:*');
    expect(toPrefixQuery('RAV4 2018')).toBe('rav4:* & 2018:*');
  });

  it('treats a decomposed accent like the composed letter', () => {
    expect(toPrefixQuery('Cafe\u0301')).toBe('café:*');
  });

  it('keeps at most 8 words', () => {
    const query = toPrefixQuery('one two three four five six seven eight nine ten');
    expect(query).toBe('one:* & two:* & three:* & four:* & five:* & six:* & seven:* & eight:*');
    expect(query?.split(' & ')).toHaveLength(8);
  });

  it('counts the 8 words after removing repeats', () => {
    const query = toPrefixQuery('a a b b c d e f g h i');
    expect(query?.split(' & ')).toEqual(['a:*', 'b:*', 'c:*', 'd:*', 'e:*', 'f:*', 'g:*', 'h:*']);
  });

  it('bounds the length of each word', () => {
    const query = toPrefixQuery('x'.repeat(500));
    expect(query).toBe(`${'x'.repeat(40)}:*`);
  });
});

describe('toPrefixQuery on its own output', () => {
  it('answers the same query, so it can serve as a cache key for the text it came from', () => {
    for (const text of ['Kicukiro house', 'kic', 'Nyamirambo, 3 bedrooms!', 'café']) {
      const once = toPrefixQuery(text);
      expect(toPrefixQuery(once ?? '')).toBe(once);
    }
  });
});

describe('readRooms', () => {
  it.each([
    ['3 bedroom house', { text: 'house', bedrooms: 3 }],
    ['3 bed Kicukiro', { text: 'Kicukiro', bedrooms: 3 }],
    ['three bedroom', { text: '', bedrooms: 3 }],
    ['Three-bedroom apartment', { text: 'apartment', bedrooms: 3 }],
    ['4bd 2 baths Gasabo', { text: 'Gasabo', bedrooms: 4, bathrooms: 2 }],
    ['maison 3 chambres', { text: 'maison', bedrooms: 3 }],
    ['inzu ibyumba bitatu', { text: 'inzu', bedrooms: 3 }],
    ['KG 11 Ave', { text: 'KG 11 Ave' }],
    ['bedroom', { text: 'bedroom' }],
    ['2019 Toyota', { text: '2019 Toyota' }],
  ])('%j asks for %j', (text, expected) => {
    expect(readRooms(text)).toEqual(expected);
  });
});
