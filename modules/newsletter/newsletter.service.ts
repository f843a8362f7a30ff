import type { Database } from '#db/client.ts';
import { newsletterSubscriptions } from '#db/schema.ts';
import type { SubscriptionInput } from './newsletter.schema.ts';

export type NewsletterService = ReturnType<typeof createNewsletterService>;

export function createNewsletterService({ db }: { db: Database }) {
  /**
   * Subscribes an address to the newsletter. Subscribing twice is not an error and never adds a
   * second row: the answer says whether this call created the subscription.
   */
  async function subscribe(input: SubscriptionInput): Promise<{ isNew: boolean }> {
    const inserted = await db
      .insert(newsletterSubscriptions)
      .values({ email: input.email })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscriptions.id });
    return { isNew: inserted.length > 0 };
  }

  return { subscribe };
}
