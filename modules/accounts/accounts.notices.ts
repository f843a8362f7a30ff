import type { Transaction } from '#db/client.ts';
import { currentLocale, type Locale } from '#lib/i18n.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { t } from '#lib/i18n.all.ts';
import type { MailLinks } from '#modules/mail/mail.links.ts';
import type { MailService } from '#modules/mail/mail.service.ts';
import type { SmsService } from '#modules/sms/sms.service.ts';
import type { AttemptLimiters } from './accounts.limiter.ts';

/** A change to how an account is signed in to, which its owner must hear of. */
export type AccountChange =
  'password' | 'email' | 'phone' | 'twoStepOn' | 'twoStepOff' | 'twoStepReset';

/**
 * Whom to tell: the account's address (its old one, for a new address) and language. Not its
 * name: whoever registered typed it, and the address is not proven theirs, so an e-mail that
 * greeted by it would carry a stranger's words (a phishing line) to that address.
 */
type AccountHolder = { email: string | null; phone?: string | null; locale: Locale | null };

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
  sms,
  links,
  limiters,
}: {
  mail: Pick<MailService, 'send'>;
  /** An account with a phone number hears of it by SMS too: many never open their e-mail. */
  sms: Pick<SmsService, 'send'>;
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
    details: { newEmail?: string; newPhone?: string } = {},
  ): Promise<void> {
    const holderKey = (holder.email ?? holder.phone ?? '').toLowerCase();
    if ((await sent.reserve([`${holderKey}:${change}`])) > 0) return;
    await withLocale(holder.locale ?? currentLocale(), async () => {
      const brand = t('brand.name');
      const resetLink = links.link('/forgot-password');
      await mail.send(
        {
          to: holder.email,
          kind: 'account',
          subject: t(`accountChange.subject.${change}`, { brand }),
          text: t('accountChange.mailBody', {
            what: t(`accountChange.what.${change}`, {
              brand,
              email: details.newEmail ?? '',
              phone: details.newPhone ?? '',
            }),
            resetLink,
            brand,
          }),
        },
        tx,
      );
      // `holder` is the account before the change: a number just proved is not told of itself.
      if (holder.phone) {
        await sms.send(
          {
            to: holder.phone,
            kind: 'account',
            text: t('accountChange.sms', { brand, link: resetLink }),
          },
          tx,
        );
      }
    });
  }

  return { tellAccountChanged };
}
