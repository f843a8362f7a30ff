import { ListQuerySchema, type ListQuery } from '#lib/listing-schemas.ts';

/**
 * The list query of a page URL. A page never fails on a bad parameter: values that do not
 * parse fall back to their defaults, one by one.
 */
export function readListQuery(url: URL): ListQuery {
  const fields = Object.fromEntries(url.searchParams);
  const defaults = ListQuerySchema.parse({});
  const parsed: Partial<ListQuery> = {};
  for (const key of Object.keys(ListQuerySchema.shape) as (keyof ListQuery)[]) {
    if (fields[key] === undefined || fields[key] === '') continue;
    const single = ListQuerySchema.shape[key].safeParse(fields[key]);
    if (single.success) Object.assign(parsed, { [key]: single.data });
  }
  return { ...defaults, ...parsed };
}
