import { z } from 'zod';
import { EmailSchema, requiredText } from '#lib/form-fields.ts';

/** The public Quick Contact form: the spec's payload names (username, email, message). */
export const ContactMessageInputSchema = z.object({
  username: requiredText('contact.name', 100),
  email: EmailSchema,
  message: requiredText('contact.comments', 5000),
});

export type ContactMessageInput = z.infer<typeof ContactMessageInputSchema>;
