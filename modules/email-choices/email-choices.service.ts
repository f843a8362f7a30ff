import { InvalidError } from '#lib/errors.ts';
import { t } from '#lib/i18n.all.ts';
import { EMAIL_CHOICES, type EmailChoice, type NotificationKind } from '#lib/notifications.ts';
import type { MailService } from '#modules/mail/mail.service.ts';
import type { NewsletterService } from '#modules/newsletter/newsletter.service.ts';
import type { EmailChoices } from './email-choices.schema.ts';

export type EmailChoicesService = ReturnType<typeof createEmailChoicesService>;

/** What an unsubscribe link stops, and whether that kind still reaches the address. */
export type UnsubscribeLink = { email: string; kind: EmailChoice; isReceiving: boolean };

/**
 * Which e-mails reach an address: set by its owner on the account page, or, without signing
 * in, through the unsubscribe link every e-mail carries. The newsletter is its subscription;
 * the other kinds are opt-outs kept by the mail service, which checks them before sending.
 */
export function createEmailChoicesService({
  mail,
  newsletter,
}: {
  mail: MailService;
  newsletter: NewsletterService;
}) {
  /** Every kind and whether it reaches `email`. */
  async function getChoices(email: string): Promise<EmailChoices> {
    const [optOuts, isSubscribed] = await Promise.all([
      mail.listOptOuts(email),
      newsletter.isSubscribed(email),
    ]);
    const isOn = (kind: NotificationKind) => !optOuts.includes(kind);
    return {
      notice: isOn('notice'),
      inquiry: isOn('inquiry'),
      match: isOn('match'),
      favourite: isOn('favourite'),
      listing: isOn('listing'),
      search: isOn('search'),
      newsletter: isSubscribed,
    };
  }

  async function setChoice(email: string, kind: EmailChoice, isReceiving: boolean) {
    if (kind !== 'newsletter') {
      await mail.setOptOut(email, kind, !isReceiving);
    } else if (isReceiving) {
      await newsletter.subscribe({ email });
    } else {
      await newsletter.unsubscribe(email);
    }
  }

  /** Changes the kinds given; answers every kind as it is now. */
  async function setChoices(email: string, changes: Partial<EmailChoices>): Promise<EmailChoices> {
    const before = await getChoices(email);
    for (const kind of EMAIL_CHOICES) {
      const isReceiving = changes[kind];
      if (isReceiving !== undefined && isReceiving !== before[kind]) {
        await setChoice(email, kind, isReceiving);
      }
    }
    return getChoices(email);
  }

  /** What an unsubscribe link's token stops, or InvalidError naming `token`. */
  async function readLink(token: string): Promise<UnsubscribeLink> {
    const unsubscription = await mail.readUnsubscribeToken(token);
    if (!unsubscription) {
      throw InvalidError.field('token', t('unsubscribe.invalid'));
    }
    const choices = await getChoices(unsubscription.email);
    return { ...unsubscription, isReceiving: choices[unsubscription.kind] };
  }

  /** Follows an unsubscribe link: stops (or, `isReceiving`, restarts) its kind of e-mail. */
  async function answerLink(token: string, isReceiving: boolean): Promise<UnsubscribeLink> {
    const link = await readLink(token);
    if (link.isReceiving !== isReceiving) await setChoice(link.email, link.kind, isReceiving);
    return { ...link, isReceiving };
  }

  return { getChoices, setChoices, readLink, answerLink };
}
