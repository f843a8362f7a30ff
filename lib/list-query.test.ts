import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_PAGE } from './limits.ts';
import { listAnswerSchema, listQuerySchema, readListQuery } from './list-query.ts';

const QuerySchema = listQuerySchema(12, {
  type: z.enum(['House', 'Hotel']).optional(),
  sort: z.enum(['newest', 'price-asc']).default('newest'),
});

const url = (query: string) => new URL(`http://localhost/list?${query}`);

describe('readListQuery', () => {
  it('reads paging, filters and sort from the URL', () => {
    expect(readListQuery(url('page=3&pageSize=24&type=Hotel&sort=price-asc'), QuerySchema)).toEqual(
      { page: 3, pageSize: 24, type: 'Hotel', sort: 'price-asc' },
    );
  });

  it('drops each bad parameter to its default and keeps the others', () => {
    expect(
      readListQuery(url('page=-1&pageSize=9999&type=Castle&sort=price-asc'), QuerySchema),
    ).toEqual({ page: 1, pageSize: 12, sort: 'price-asc' });
  });

  it('reads a page number past the last any list answers as that last one, not as page 1', () => {
    expect(readListQuery(url('page=100000'), QuerySchema).page).toBe(MAX_PAGE);
    expect(readListQuery(url(`page=${MAX_PAGE}`), QuerySchema).page).toBe(MAX_PAGE);
  });

  it('reads an empty parameter (a filter left on "All") as absent', () => {
    expect(readListQuery(url('type=&page='), QuerySchema)).toEqual({
      page: 1,
      pageSize: 12,
      sort: 'newest',
    });
  });

  it("uses the page's fallback for a parameter the URL lacks or gets wrong", () => {
    expect(readListQuery(url(''), QuerySchema, { type: 'House' }).type).toBe('House');
    expect(readListQuery(url('type=Hotel'), QuerySchema, { type: 'House' }).type).toBe('Hotel');
  });
});

describe('listQuerySchema', () => {
  it('is strict for the API: a bad parameter is refused by name', () => {
    const parsed = QuerySchema.safeParse({ page: '0', type: 'House' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['page']);
  });
});

describe('listAnswerSchema', () => {
  it('keeps the items under the key the API names', () => {
    const Answer = listAnswerSchema(z.object({ id: z.string() }), 'properties');
    const answer = {
      properties: [{ id: 'a' }],
      page: 1,
      pageSize: 12,
      total: 1,
      isTotalCapped: false,
    };
    expect(Answer.parse(answer)).toEqual(answer);
    expect(Answer.safeParse({ ...answer, properties: undefined }).success).toBe(false);
  });
});
