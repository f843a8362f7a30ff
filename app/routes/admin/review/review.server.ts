import { z } from 'zod';

/** A card's Delete on a list page sends the id of what it deletes. */
export const DeleteInputSchema = z.object({ id: z.uuid() });
