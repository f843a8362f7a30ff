import { NotFoundError } from '#lib/errors.ts';

/** Runs a service lookup, turning "not found" into null so the page can say so with a 404. */
export async function loadOrNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
