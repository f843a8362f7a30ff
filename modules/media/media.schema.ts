import { z } from 'zod';

export const PhotoViewSchema = z.object({
  src: z.string(),
  srcSet: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  placeholder: z.string(),
});
