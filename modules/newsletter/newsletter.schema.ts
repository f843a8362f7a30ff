import { z } from 'zod';
import { EmailSchema } from '#lib/form-fields.ts';

export const SubscriptionInputSchema = z.object({ email: EmailSchema });

export type SubscriptionInput = z.infer<typeof SubscriptionInputSchema>;
