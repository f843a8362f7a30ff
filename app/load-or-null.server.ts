import { NotFoundError } from '#lib/errors.ts';

/**
 * Whether a service said "not found". The production build bundles lib/errors.ts twice (once in
 * the server, once in the pages), so a service's error is not `instanceof` this copy's class.
 */
export function isNotFoundError(error: unknown): boolean {
  return (
    error instanceof NotFoundError || (error instanceof Error && error.name === 'NotFoundError')
  );
}

/** Runs a service lookup, turning "not found" into null so the page can say so with a 404. */
export async function loadOrNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

/** The origin the visitor used, for absolute URLs in link previews. */
export function originOf(request: Request): string {
  return new URL(request.url).origin;
}
