import type { Transaction } from '#db/client.ts';
import { currentLocale, type Locale } from '#lib/i18n.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { t } from '#lib/i18n.all.ts';
import type { MailLinks } from '#modules/mail/mail.links.ts';
import type { MailService } from '#modules/mail/mail.service.ts';
import type { AttemptLimiters } from './accounts.limiter.ts';

/** A change to how an account is signed in to, which its owner must hear of. */
export type AccountChange = 'password' | 'email' | 'twoStepOn' | 'twoStepOff' | 'twoStepReset';

/**
 * Whom to tell: the account's address (its old one, for a new address) and language. Not its
 * name: whoever registered typed it, and the address is not proven theirs, so an e-mail that
 * greeted by it would carry a stranger's words (a phishing line) to that address.
 */
type AccountHolder = { email: string; locale: Locale | null };

export type AccountNotices = ReturnType<typeof createAccountNotices>;

/** An address hears of one kind of change at most once in this time. */
const SAME_NOTICE_EVERY_MS = 5 * 60_000;

/**
 * E-mails an account's owner at its own address whenever its password, its address or its
 * two-step sign-in changes, in their language: if someone else made the change (with a stolen
 * session, say), the owner learns of it at once and is shown the way back in. The same kind of
 * change is told to an address once every 5 minutes: whoever registered someone else's address
 * cannot flood it by changing the password over and over.
 */
export function createAccountNotices({
  mail,
  links,
  limiters,
}: {
  mail: Pick<MailService, 'send'>;
  /** The e-mail's links, in its recipient's language. */
  links: MailLinks;
  /** Where the notices sent are counted (shared by every process with Redis). */
  limiters: AttemptLimiters;
}) {
  const sent = limiters.fixedWindow('account-notices', { max: 1, windowMs: SAME_NOTICE_EVERY_MS });

  /** Tells `holder` of `change`, in the caller's transaction (written with the change). */
  async function tellAccountChanged(
    tx: Transaction,
    holder: AccountHolder,
    change: AccountChange,
    details: { newEmail?: string } = {},
  ): Promise<void> {
    if ((await sent.reserve([`${holder.email.toLowerCase()}:${change}`])) > 0) return;
    await withLocale(holder.locale ?? currentLocale(), async () => {
      const brand = t('brand.name');
      await mail.send(
        {
          to: holder.email,
          kind: 'account',
          subject: t(`accountChange.subject.${change}`, { brand }),
          text: t('accountChange.mailBody', {
            what: t(`accountChange.what.${change}`, { brand, email: details.newEmail ?? '' }),
            resetLink: links.link('/forgot-password'),
            brand,
          }),
        },
        tx,
      );
    });
  }

  return { tellAccountChanged };
}
