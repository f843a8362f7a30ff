import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from './limits.ts';

/**
 * Every list, in the API and on its page, is read from one zod schema built here: the paging
 * fields and the list's own filters and sort. The API parses a query strictly (400 naming the
 * bad parameter); a page reads its URL with readListQuery, which never fails.
 */
export function listQuerySchema<Fields extends z.ZodRawShape>(
  defaultPageSize: number,
  fields: Fields,
) {
  return z.object({
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultPageSize),
    ...fields,
  });
}

/** A list with nothing to filter: its pages. */
export const PageQuerySchema = listQuerySchema(DEFAULT_PAGE_SIZE, {});

/**
 * A list query from a page's URL. A bad parameter never fails the page: each one that does not
 * parse is left out (its default applies) and the others still apply, as does an empty one
 * (a filter left on "All"). A page number past MAX_PAGE reads as MAX_PAGE, so that the list
 * answers it as any page past its end. `fallbacks` stand in for parameters the URL lacks, where the page's
 * default differs from the API's (the users page opens on sellers).
 */
export function readListQuery<Shape extends z.ZodRawShape>(
  url: URL,
  schema: z.ZodObject<Shape>,
  fallbacks: Partial<Record<keyof Shape, string>> = {},
): z.output<z.ZodObject<Shape>> {
  const accepted: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const given = url.searchParams.get(key);
    let raw = given === null || given.trim() === '' ? fallbacks[key] : given;
    if (raw === undefined) continue;
    // A page past the last one any list answers is past the list's end: its page says so.
    if (key === 'page' && /^\s*\d+\s*$/.test(raw) && Number(raw) > MAX_PAGE) raw = String(MAX_PAGE);
    const parsed = (field as z.ZodType).safeParse(raw);
    if (parsed.success) accepted[key] = raw;
  }
  return schema.parse(accepted);
}

/** A list's answer in the API: one page of items under `key`, with the paging facts. */
export function listAnswerSchema<Item extends z.ZodType, Key extends string = 'data'>(
  item: Item,
  key: Key = 'data' as Key,
) {
  return z.object({
    [key]: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    isTotalCapped: z.boolean(),
  } as { [K in Key]: z.ZodArray<Item> } & {
    page: z.ZodNumber;
    pageSize: z.ZodNumber;
    total: z.ZodNumber;
    isTotalCapped: z.ZodBoolean;
  });
}
