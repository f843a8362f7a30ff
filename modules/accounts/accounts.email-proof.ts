import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Transaction } from '#db/client.ts';
import { users } from '#db/schema.ts';
import type { Clock } from '#lib/clock.ts';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  TooManyRequestsError,
} from '#lib/errors.ts';
import { currentLocale, type Locale } from '#lib/i18n.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { t } from '#lib/i18n.all.ts';
import type { MailLinks } from '#modules/mail/mail.links.ts';
import type { MailService } from '#modules/mail/mail.service.ts';
import type { Signer } from '#modules/signing/signing.service.ts';
import type { AttemptLimiters } from './accounts.limiter.ts';

/** What a proof link is signed for (modules/signing). */
const PROOF_PURPOSE = 'email-proof';
/** How long a proof link works. */
export const EMAIL_PROOF_TTL_DAYS = 7;
/** An account is sent one proof link in this time, however often it asks. */
const PROOF_MAIL_EVERY_MS = 5 * 60_000;

/**
 * What a proof link carries: the account (`u`), a digest of the address it was sent to (`a`),
 * so that it proves that address only, and until when it works (`x`, ms).
 */
const ProofPayloadSchema = z.object({ u: z.uuid(), a: z.string(), x: z.number().int() });

/** Binds a link to the address it went to without writing the address into it. */
function addressDigest(email: string): string {
  return createHash('sha256').update(email.toLowerCase()).digest('base64url').slice(0, 22);
}

/** The account a proof link is sent for: its address, language and whether it is proved. */
type ProofRecipient = {
  id: string;
  email: string;
  locale: Locale | null;
  emailProvedAt: Date | null;
};

/** Where an account's address stands. */
export type EmailProofState = { email: string | null; provedAt: string | null };

/** What a proof link is for, as its page shows it before the owner confirms. */
export type ProofLink = { email: string; isProved: boolean };

export type EmailProof = ReturnType<typeof createEmailProof>;

/**
 * An account proves its e-mail address by following a link sent to that address: once at
 * registration, and again whenever its owner asks from the account page. Typing an address at
 * registration proves nothing: whoever registers someone else's address must not get what
 * belongs to that address. The link is signed and expires; it proves the address it was sent
 * to, for the account it was sent for, and only for that account's owner signed in, so that
 * the owner of an address someone else registered cannot be led to hand it over by a click.
 * Once proved, the inquiries the address sent without an account join the account.
 */
export function createEmailProof({
  db,
  clock,
  mail,
  links,
  signer,
  limiters,
  joinGuestInquiries,
}: {
  db: Database;
  clock: Clock;
  mail: Pick<MailService, 'send'>;
  /** The link in the e-mail, in its recipient's language. */
  links: MailLinks;
  signer: Signer;
  /** Where the links sent are counted (shared by every process with Redis). */
  limiters: AttemptLimiters;
  /** Brings an address's guest inquiries into the account (the inquiries service). */
  joinGuestInquiries: (tx: Transaction, account: { id: string; email: string }) => Promise<number>;
}) {
  const sent = limiters.fixedWindow('email-proof-mail', { max: 1, windowMs: PROOF_MAIL_EVERY_MS });

  /** E-mails `account` a proof link for its address, in its language, in the caller's `tx`. */
  async function sendProofLink(tx: Database | Transaction, account: ProofRecipient) {
    const payload = {
      u: account.id,
      a: addressDigest(account.email),
      x: clock().getTime() + EMAIL_PROOF_TTL_DAYS * 24 * 60 * 60_000,
    };
    const token = await signer.sign(PROOF_PURPOSE, JSON.stringify(payload), tx);
    await withLocale(account.locale ?? currentLocale(), async () => {
      const brand = t('brand.name');
      await mail.send(
        {
          to: account.email,
          kind: 'account',
          subject: t('emailProof.mailSubject', { brand }),
          // No name: whoever registered typed it, and the address is not proven theirs.
          text: t('emailProof.mailBody', {
            brand,
            days: EMAIL_PROOF_TTL_DAYS,
            link: links.link(`/account/email-proof?token=${token}`),
          }),
        },
        tx,
      );
    });
  }

  /**
   * The first link, sent with a new account (in its transaction). It counts as the one link of
   * the next minutes: asking again at once sends nothing more.
   */
  async function sendFirstProofLink(tx: Transaction, account: ProofRecipient): Promise<void> {
    await sent.reserve([account.id]);
    await sendProofLink(tx, account);
  }

  async function findAnyAccount(runner: Database | Transaction, userId: string) {
    const [account] = await runner
      .select({
        id: users.id,
        email: users.email,
        locale: users.locale,
        emailProvedAt: users.emailProvedAt,
      })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (!account) throw new NotFoundError(t('profile.notFound'));
    return account;
  }

  /** The account, which has an address to prove: one registered by phone alone has none (409). */
  async function findAccount(
    runner: Database | Transaction,
    userId: string,
  ): Promise<ProofRecipient> {
    const account = await findAnyAccount(runner, userId);
    if (account.email === null) throw new ConflictError(t('emailProof.noAddress'));
    return { ...account, email: account.email };
  }

  /** Where the signed-in user's address stands: proved when, or not yet (null: no address). */
  async function getEmailProof(userId: string): Promise<EmailProofState> {
    const account = await findAnyAccount(db, userId);
    return { email: account.email, provedAt: account.emailProvedAt?.toISOString() ?? null };
  }

  /**
   * The account's owner asks for a proof link (again): one every 5 minutes (429 meanwhile); a
   * proved address needs none (409). Answers the address it went to.
   */
  async function requestProofLink(userId: string): Promise<{ email: string }> {
    const account = await findAccount(db, userId);
    if (account.emailProvedAt) throw new ConflictError(t('emailProof.alreadyProved'));
    const waitSeconds = await sent.reserve([account.id]);
    if (waitSeconds > 0) throw new TooManyRequestsError(t('emailProof.wait'), waitSeconds);
    await sendProofLink(db, account);
    return { email: account.email };
  }

  const invalidLink = () => InvalidError.field('token', t('emailProof.invalidLink'));

  /** A link's payload: signed here, unexpired, for `viewerId`'s account. */
  async function readPayload(token: string, viewerId: string) {
    const payload = await signer.verifyJson(PROOF_PURPOSE, token, ProofPayloadSchema);
    if (!payload || payload.x <= clock().getTime()) throw invalidLink();
    if (payload.u !== viewerId) throw new ForbiddenError(t('emailProof.otherAccount'));
    return payload;
  }

  /** The account a link proves, for the address it has now: one sent to a former one is void. */
  async function accountOf(runner: Database | Transaction, payload: { u: string; a: string }) {
    const account = await findAccount(runner, payload.u);
    if (addressDigest(account.email) !== payload.a) throw invalidLink();
    return account;
  }

  /** What a proof link is for, for the signed-in `viewerId`, before they confirm it. */
  async function readProofLink(token: string, viewerId: string): Promise<ProofLink> {
    const account = await accountOf(db, await readPayload(token, viewerId));
    return { email: account.email, isProved: account.emailProvedAt !== null };
  }

  /**
   * The signed-in owner follows their proof link: the address is proved (its first proof's time
   * kept), and the inquiries it sent without an account join the account, in one transaction.
   * Following it again changes nothing. Answers how many inquiries joined.
   */
  async function proveEmail(token: string, viewerId: string): Promise<{ joined: number }> {
    const payload = await readPayload(token, viewerId);
    return db.transaction(async (tx) => {
      // Locked first: an address changed meanwhile is checked against the link before it counts.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, viewerId)).for('update');
      const account = await accountOf(tx, payload);
      if (!account.emailProvedAt) {
        await tx
          .update(users)
          .set({ emailProvedAt: clock(), updatedAt: clock() })
          .where(eq(users.id, account.id));
      }
      return { joined: await joinGuestInquiries(tx, account) };
    });
  }

  return { sendFirstProofLink, getEmailProof, requestProofLink, readProofLink, proveEmail };
}
