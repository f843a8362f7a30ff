import type { Database } from '#db/client.ts';
import { contactMessages } from '#db/schema.ts';
import type { ContactMessageInput } from './inbox.schema.ts';

export type InboxService = ReturnType<typeof createInboxService>;

export function createInboxService({ db }: { db: Database }) {
  /** Files a message from the public contact form in the admin inbox. */
  async function createContactMessage(input: ContactMessageInput): Promise<{ id: string }> {
    const [row] = await db
      .insert(contactMessages)
      .values(input)
      .returning({ id: contactMessages.id });
    return { id: row!.id };
  }

  return { createContactMessage };
}
