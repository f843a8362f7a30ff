import { describe, expect, it } from 'vitest';
import { CELLS } from './places.cells.ts';
import { DISTRICTS, placeKey } from './places.ts';
import { readRooms, readSearchText, toPrefixQuery } from './search-text.ts';

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

describe('readSearchText', () => {
  it.each([
    // The examples of the three languages: what each names, and what is left to find.
    ['inzu Kicukiro', { text: 'Kicukiro', type: 'House' }],
    ['house kicukiro', { text: 'kicukiro', type: 'House' }],
    ['maison à louer Kicukiro', { text: 'Kicukiro', type: 'House', offer: 'Rent' }],
    ['house for rent kicukiro', { text: 'kicukiro', type: 'House', offer: 'Rent' }],
    ['inzu ikodeshwa', { text: '', type: 'House', offer: 'Rent' }],
    ['apartema Gasabo', { text: 'Gasabo', type: 'Apartment' }],
    ['appartement Gasabo', { text: 'Gasabo', type: 'Apartment' }],
    ['apartment gasabo', { text: 'gasabo', type: 'Apartment' }],
    ['imodoka', { text: '', type: 'Car' }],
    ['voiture', { text: '', type: 'Car' }],
    ['car', { text: '', type: 'Car' }],
    // Plurals, capitals and accents, or none.
    ['Amazu i Remera', { text: 'Remera', type: 'House' }],
    ['MAISONS À VENDRE', { text: '', type: 'House', offer: 'Sale' }],
    ['hôtel Kiyovu', { text: 'Kiyovu', type: 'Hotel' }],
    ['Hotels', { text: '', type: 'Hotel' }],
    ['hoteli', { text: '', type: 'Hotel' }],
    ['amahoteli', { text: '', type: 'Hotel' }],
    ['appartements meublés', { text: 'meublés', type: 'Apartment' }],
    ['voitures Toyota', { text: 'Toyota', type: 'Car' }],
    ['Cars', { text: '', type: 'Car' }],
    ['motos', { text: '', type: 'Motorcycle' }],
    ['moto Bajaj', { text: 'Bajaj', type: 'Motorcycle' }],
    ['motorbikes', { text: '', type: 'Motorcycle' }],
    ['vêtements', { text: '', type: 'Clothes' }],
    ['vetements', { text: '', type: 'Clothes' }],
    ['imyenda', { text: '', type: 'Clothes' }],
    ['clothes', { text: '', type: 'Clothes' }],
    ['ikibanza kigurishwa Bugesera', { text: 'Bugesera', type: 'Land', offer: 'Sale' }],
    ['ibibanza', { text: '', type: 'Land' }],
    ['ubutaka', { text: '', type: 'Land' }],
    ['terrains à vendre', { text: '', type: 'Land', offer: 'Sale' }],
    ['parcelle', { text: '', type: 'Land' }],
    ['plots for sale', { text: '', type: 'Land', offer: 'Sale' }],
    // Every way of saying rent or sale.
    ['inzu irakodeshwa', { text: '', type: 'House', offer: 'Rent' }],
    ['amazu bikodeshwa', { text: '', type: 'House', offer: 'Rent' }],
    ['birakodeshwa', { text: '', offer: 'Rent' }],
    ['inzu zo gukodesha', { text: '', type: 'House', offer: 'Rent' }],
    ['ubukode', { text: '', offer: 'Rent' }],
    ['inzu igurishwa', { text: '', type: 'House', offer: 'Sale' }],
    ['iragurishwa', { text: '', offer: 'Sale' }],
    ['bigurishwa', { text: '', offer: 'Sale' }],
    ['biragurishwa', { text: '', offer: 'Sale' }],
    ['amazu yo kugura', { text: '', type: 'House', offer: 'Sale' }],
    ['kugurisha', { text: '', offer: 'Sale' }],
    ['location Kimihurura', { text: 'Kimihurura', offer: 'Rent' }],
    ['vente', { text: '', offer: 'Sale' }],
    ['louer', { text: '', offer: 'Rent' }],
    ['vendre', { text: '', offer: 'Sale' }],
    ['rental', { text: '', offer: 'Rent' }],
    ['flat to let', { text: 'flat', offer: 'Rent' }],
    ['sale', { text: '', offer: 'Sale' }],
    ['rent', { text: '', offer: 'Rent' }],
    // Rooms, as `readRooms` reads them, with the rest.
    ['inzu y’ibyumba bitatu i Kicukiro', { text: 'Kicukiro', type: 'House', bedrooms: 3 }],
    ["inzu y'ibyumba 4 ikodeshwa", { text: '', type: 'House', offer: 'Rent', bedrooms: 4 }],
    ['maison 3 chambres à louer', { text: '', type: 'House', offer: 'Rent', bedrooms: 3 }],
    ['3 bedroom apartment for rent', { text: '', type: 'Apartment', offer: 'Rent', bedrooms: 3 }],
    // Words that only join the others go, in every language.
    ['villa with a pool near the lake', { text: 'villa pool lake' }],
    ['studio dans le centre de Kigali', { text: 'studio centre Kigali' }],
    ["l'hôtel des Mille Collines", { text: 'Mille Collines', type: 'Hotel' }],
    ['inzu iri mu Kiyovu cyangwa ku Kacyiru', { text: 'Kiyovu Kacyiru', type: 'House' }],
    ['hafi ya kaminuza', { text: 'kaminuza' }],
    // Nothing to read: the text as it was typed, word by word.
    ['Kicukiro', { text: 'Kicukiro' }],
    ['kic', { text: 'kic' }],
    ['hous', { text: 'hous' }],
    ['KG 11 Ave', { text: 'KG 11 Ave' }],
    ['', { text: '' }],
  ])('%j reads as %j', (typed, expected) => {
    expect(readSearchText(typed)).toStrictEqual(expected);
    // What is left reads as itself: a search page sent to it sends nowhere further.
    expect(readSearchText(expected.text)).toStrictEqual({ text: expected.text });
  });

  it('takes the first type named; another one named after it stays a word to find', () => {
    expect(readSearchText('house with car parking')).toEqual({
      text: 'car parking',
      type: 'House',
    });
    expect(readSearchText('house houses inzu')).toEqual({ text: '', type: 'House' });
  });

  it('filters no offer when both are named, and finds neither word', () => {
    expect(readSearchText('house for rent or sale')).toEqual({ text: '', type: 'House' });
    expect(readSearchText('gukodesha cyangwa kugura')).toEqual({ text: '' });
  });

  it('reads a Land Cruiser or a Land Rover as the car they are, not land', () => {
    expect(readSearchText('Toyota Land Cruiser')).toEqual({ text: 'Toyota Land Cruiser' });
    expect(readSearchText('land rover for sale')).toEqual({ text: 'land rover', offer: 'Sale' });
    expect(readSearchText('land Rwamagana')).toEqual({ text: 'Rwamagana', type: 'Land' });
  });

  it('answers only the filters the words add to those the visitor set', () => {
    expect(readSearchText('house for rent', { type: 'House', offer: 'Rent' })).toEqual({
      text: '',
    });
    expect(readSearchText('inzu ikodeshwa', { offer: 'Rent' })).toEqual({
      text: '',
      type: 'House',
    });
  });

  it('keeps as words to find a type or an offer other than the one the visitor set', () => {
    expect(readSearchText('imodoka Remera', { type: 'House' })).toEqual({
      text: 'imodoka Remera',
    });
    expect(readSearchText('house for sale', { offer: 'Rent' })).toEqual({
      text: 'sale',
      type: 'House',
    });
    expect(readSearchText('house to let', { offer: 'Sale' })).toEqual({
      text: 'let',
      type: 'House',
    });
  });

  it('lets the rooms the visitor set win over the rooms in the text', () => {
    expect(readSearchText('3 bed house', { bedrooms: 2 })).toEqual({ text: '', type: 'House' });
  });

  it('is the same search with the words of any language', () => {
    const read = (typed: string) => {
      const { text, ...filters } = readSearchText(typed);
      return { words: searchWordsOf(text), ...filters };
    };
    expect(read('inzu ikodeshwa Kicukiro')).toEqual(read('maison à louer à Kicukiro'));
    expect(read('maison à louer à Kicukiro')).toEqual(read('house for rent in Kicukiro'));
    expect(read('apartema igurishwa i Gasabo')).toEqual(read('appartement à vendre Gasabo'));
    expect(read('appartement à vendre Gasabo')).toEqual(read('apartment for sale in gasabo'));
    expect(read('imodoka')).toEqual(read('VOITURE'));
    expect(read('voitures')).toEqual(read('cars'));
  });

  it('names no district, sector or cell of Rwanda as a filter or a joining word', () => {
    const places = [
      ...DISTRICTS.flatMap((district) => [district.name, ...district.sectors]),
      ...Object.values(CELLS).flatMap((sectors) => Object.values(sectors).flat()),
    ].map(placeKey);
    const read = places.filter((place) => readSearchText(place).text.toLowerCase() !== place);
    // A few names hold a space or a hyphen; only the one-word ones must come back whole.
    expect(read.filter((place) => /^[\p{L}]+$/u.test(place))).toEqual([]);
  });
});

function searchWordsOf(text: string): string[] {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(' ').filter(Boolean);
}
