import { describe, expect, it } from 'vitest';
import { toCsv } from './reports.csv.ts';

describe('toCsv', () => {
  it('writes a header, then a line per row, CRLF-ended, by column name', () => {
    expect(toCsv(['week', 'count'], [{ count: 3, week: '2025-01-06' }])).toBe(
      'week,count\r\n2025-01-06,3\r\n',
    );
    expect(toCsv(['week'], [])).toBe('week\r\n');
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(
      toCsv(['a', 'b', 'c'], [{ a: 'Kigali, Rwanda', b: 'the "best"', c: 'two\nlines' }]),
    ).toBe('a,b,c\r\n"Kigali, Rwanda","the ""best""","two\nlines"\r\n');
  });

  it('leaves missing values empty and keeps a spreadsheet from running a formula', () => {
    expect(toCsv(['a', 'b', 'c', 'd'], [{ a: null, c: '=HYPERLINK("x")', d: -5 }])).toBe(
      'a,b,c,d\r\n,,"\'=HYPERLINK(""x"")",-5\r\n',
    );
    expect(toCsv(['a'], [{ a: '@SUM(A1)' }, { a: '+1' }])).toBe("a\r\n'@SUM(A1)\r\n'+1\r\n");
  });
});
