import { eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { newsletterSubscriptions } from '#db/schema.ts';
import { currentLocale } from '#lib/i18n.ts';
import { t } from '#lib/i18n.all.ts';
import type { MailService } from '#modules/mail/mail.service.ts';
import type { SubscriptionInput } from './newsletter.schema.ts';

export type NewsletterService = ReturnType<typeof createNewsletterService>;

const isAddress = (email: string) =>
  eq(sql`lower(${newsletterSubscriptions.email})`, email.toLowerCase());

export function createNewsletterService({ db, mail }: { db: Database; mail: MailService }) {
  /**
   * Subscribes an address to the newsletter and welcomes it by e-mail (with its unsubscribe
   * link). Subscribing twice is not an error and never adds a second row or a second welcome:
   * the answer says whether this call created the subscription.
   */
  async function subscribe(input: SubscriptionInput): Promise<{ isNew: boolean }> {
    return db.transaction(async (tx) => {
      const inserted = await tx
        .insert(newsletterSubscriptions)
        .values({ email: input.email, locale: currentLocale() })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscriptions.id });
      if (inserted.length === 0) return { isNew: false };
      await mail.send(
        {
          to: input.email,
          kind: 'newsletter',
          subject: t('newsletter.welcomeSubject'),
          text: t('newsletter.welcomeBody'),
        },
        tx,
      );
      return { isNew: true };
    });
  }

  /** Ends an address's subscription, if it has one. */
  async function unsubscribe(email: string): Promise<void> {
    await db.delete(newsletterSubscriptions).where(isAddress(email));
  }

  async function isSubscribed(email: string): Promise<boolean> {
    const [row] = await db
      .select({ id: newsletterSubscriptions.id })
      .from(newsletterSubscriptions)
      .where(isAddress(email));
    return Boolean(row);
  }

  return { subscribe, unsubscribe, isSubscribed };
}
