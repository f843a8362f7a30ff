import { z } from 'zod';
import { ConflictError, ForbiddenError, NotFoundError } from '#lib/errors.ts';

/** Admin review list pages: how many cards a page shows. */
export const REVIEW_PAGE_SIZE = 12;

/** A card's Delete on a list page sends the id of what it deletes. */
export const DeleteInputSchema = z.object({ id: z.uuid() });

/**
 * Runs an admin's review action, answering the spec's failure text (such as 'Failed to approve
 * property.') instead of the service's own message when it is refused. Field errors (a missing
 * reason) keep their message: they say what to fix. Anything unexpected still propagates.
 */
export async function failingWith<T>(text: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NotFoundError) throw new NotFoundError(text);
    if (error instanceof ForbiddenError) throw new ForbiddenError(text);
    if (error instanceof ConflictError) throw new ConflictError(text);
    throw error;
  }
}

/**
 * A list query from the page URL. A bad parameter never fails the page: each one that does not
 * parse falls back to its default, the others still apply.
 */
export function readListQuery<Shape extends z.ZodRawShape>(
  url: URL,
  schema: z.ZodObject<Shape>,
  defaults: Record<string, string> = {},
): z.output<z.ZodObject<Shape>> {
  const fields = { ...defaults, ...Object.fromEntries(url.searchParams) };
  const accepted: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = fields[key];
    if (value === undefined) continue;
    if (schema.safeParse({ ...defaults, [key]: value }).success) accepted[key] = value;
  }
  return schema.parse(accepted);
}
