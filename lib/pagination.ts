import { z } from 'zod';

export const MAX_PAGE_SIZE = 48;
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE = 500;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export type PageQuery = z.infer<typeof PageQuerySchema>;

/**
 * A page of results. `total` is exact up to a cap; past it `isTotalCapped` is true and the
 * total reads as "N+", because counting every row of a broad match costs more than the page.
 */
export type Page<T> = {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  isTotalCapped: boolean;
};

export function pageCount(page: Pick<Page<unknown>, 'total' | 'pageSize'>): number {
  return Math.max(1, Math.ceil(page.total / page.pageSize));
}
