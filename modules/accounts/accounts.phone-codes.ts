import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { phoneCodes } from '#db/schema.ts';
import type { PendingSignup, PhoneCodePurpose } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { InvalidError, TooManyRequestsError } from '#lib/errors.ts';
import { currentLocale, type Locale } from '#lib/i18n.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { t, tCount } from '#lib/i18n.all.ts';
import type { SmsService } from '#modules/sms/sms.service.ts';
import type { AttemptLimiters } from './accounts.limiter.ts';

/** How long a code is good for. */
export const PHONE_CODE_TTL_MS = 5 * 60_000;
/** Wrong codes a code takes before it is dead. */
export const PHONE_CODE_TRIES = 5;
/** How soon a new code may be sent to replace one. */
const PHONE_CODE_RESEND_MS = 60_000;

/**
 * What codes one number, one account and one address may be sent. Per number: its owner asking
 * again and again over an hour (or a stranger making it ring) stops at 5, and 10 a day. Per
 * account: 10 a day, whichever numbers it tries. Per address: 30 an hour, so a family or a
 * cybercafé behind a carrier's shared address can register together, and a script sending codes
 * to numbers by the hundred (paid by the platform, annoying their owners) cannot.
 */
const LIMITS = {
  numberHour: { max: 5, windowMs: 60 * 60_000 },
  numberDay: { max: 10, windowMs: 24 * 60 * 60_000 },
  accountDay: { max: 10, windowMs: 24 * 60 * 60_000 },
  addressHour: { max: 30, windowMs: 60 * 60_000 },
} as const;

/** What a code proves, and for whom: the row its token found. */
export type ProvedCode = {
  id: string;
  purpose: PhoneCodePurpose;
  phone: string;
  userId: string | null;
  pending: PendingSignup | null;
};

/** A code to send: what for, to which number, for which account (none for a registration). */
type CodeRequest = {
  purpose: PhoneCodePurpose;
  phone: string;
  userId: string | null;
  pending?: PendingSignup;
  /** The language of its SMS. */
  locale: Locale | null;
  clientAddress: string;
};

export type PhoneCodes = ReturnType<typeof createPhoneCodes>;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A code's hash, salted with its token: the table alone does not give codes away. */
function codeHash(token: string, code: string): string {
  return sha256(`${token}:${code}`);
}

function isSameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** Six digits, each equally likely, leading zeros kept. */
function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * The 6-digit codes sent by SMS that prove a phone number is its holder's. A code is good for 5
 * minutes and 5 tries, a new one replaces it at most once a minute, and each number, account and
 * address may be sent only so many (LIMITS). The code's SMS ends with the line browsers read to
 * offer it on the phone that received it (WebOTP: `@host #code`).
 */
export function createPhoneCodes({
  db,
  clock,
  sms,
  limiters,
  newToken,
  siteHost,
}: {
  db: Database;
  clock: Clock;
  sms: Pick<SmsService, 'send'>;
  /** Where the codes sent are counted (shared by every process with Redis). */
  limiters: AttemptLimiters;
  /** A random token (accounts.service.ts newToken). */
  newToken: () => string;
  /** The site's host (and port), for the WebOTP line. */
  siteHost: string;
}) {
  const numberHour = limiters.fixedWindow('phone-code-number-hour', LIMITS.numberHour);
  const numberDay = limiters.fixedWindow('phone-code-number-day', LIMITS.numberDay);
  const accountDay = limiters.fixedWindow('phone-code-account-day', LIMITS.accountDay);
  const addressHour = limiters.fixedWindow('phone-code-address-hour', LIMITS.addressHour);

  /**
   * Counts one code on the number, its account and the address, or 429 (counting nothing) once
   * any of them has had its share.
   */
  async function countSend(phone: string, userId: string | null, clientAddress: string) {
    const counted: Array<[typeof numberHour, string[]]> = [];
    const steps: Array<[typeof numberHour, string[]]> = [
      [addressHour, [`address:${clientAddress}`]],
      [numberHour, [`number:${phone}`]],
      [numberDay, [`number:${phone}`]],
      ...(userId ? [[accountDay, [`account:${userId}`]] as [typeof numberHour, string[]]] : []),
    ];
    for (const [limiter, keys] of steps) {
      const seconds = await limiter.reserve(keys);
      if (seconds > 0) {
        await Promise.all(counted.map(([done, doneKeys]) => done.release(doneKeys)));
        throw new TooManyRequestsError(tooManyCodes(seconds), seconds);
      }
      counted.push([limiter, keys]);
    }
  }

  function tooManyCodes(seconds: number): string {
    return seconds < 60
      ? tCount('phoneCode.tooManySeconds', seconds)
      : tCount('phoneCode.tooManyMinutes', Math.ceil(seconds / 60));
  }

  /** The code's SMS in its reader's language, with the WebOTP line. */
  async function sendCode(
    tx: Database | Transaction,
    to: { phone: string; userId: string | null; locale: Locale | null },
    code: string,
  ) {
    await withLocale(to.locale ?? currentLocale(), async () => {
      const text = t('phoneCode.sms', {
        brand: t('brand.name'),
        code,
        minutes: PHONE_CODE_TTL_MS / 60_000,
      });
      await sms.send(
        {
          to: to.phone,
          userId: to.userId,
          kind: 'account',
          text: `${text}\n\n@${siteHost} #${code}`,
        },
        tx,
      );
    });
  }

  /**
   * Sends a code for `request` and answers the token that the code is typed with. The number's
   * older codes for the same purpose die: only the newest is good.
   */
  async function issue(request: CodeRequest): Promise<string> {
    await countSend(request.phone, request.userId, request.clientAddress);
    const token = newToken();
    const code = newCode();
    const now = clock();
    await db.transaction(async (tx) => {
      await tx
        .update(phoneCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(phoneCodes.phone, request.phone),
            eq(phoneCodes.purpose, request.purpose),
            isNull(phoneCodes.usedAt),
          ),
        );
      await tx.insert(phoneCodes).values({
        purpose: request.purpose,
        phone: request.phone,
        userId: request.userId,
        pending: request.pending ?? null,
        tokenHash: sha256(token),
        codeHash: codeHash(token, code),
        createdAt: now,
        sentAt: now,
        expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
      });
      await sendCode(tx, request, code);
    });
    // Housekeeping of this number's spent codes, so that the table stays small.
    await db
      .delete(phoneCodes)
      .where(
        and(
          eq(phoneCodes.phone, request.phone),
          lt(phoneCodes.expiresAt, new Date(now.getTime() - 24 * 60 * 60_000)),
        ),
      );
    return token;
  }

  const expired = () => InvalidError.field('code', t('phoneCode.expired'));

  async function findLive(runner: Database | Transaction, token: string) {
    const [row] = await runner
      .select()
      .from(phoneCodes)
      .where(and(eq(phoneCodes.tokenHash, sha256(token)), isNull(phoneCodes.usedAt)));
    if (!row || row.expiresAt <= clock() || row.tries >= PHONE_CODE_TRIES) return null;
    return row;
  }

  /**
   * A new code in place of the token's (the same token types it): once a minute at most, 429
   * meanwhile, and within the number's, account's and address's shares. The old code dies.
   * Answers the number it went to.
   */
  async function resend(
    token: string,
    client: { clientAddress: string },
    locale: Locale | null,
  ): Promise<{ phone: string }> {
    const row = await findLive(db, token);
    if (!row) throw InvalidError.field('proof', t('phoneCode.expired'));
    const waitMs = row.sentAt.getTime() + PHONE_CODE_RESEND_MS - clock().getTime();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new TooManyRequestsError(tCount('phoneCode.resendWait', seconds), seconds);
    }
    await countSend(row.phone, row.userId, client.clientAddress);
    const code = newCode();
    const now = clock();
    await db.transaction(async (tx) => {
      const [renewed] = await tx
        .update(phoneCodes)
        .set({
          codeHash: codeHash(token, code),
          tries: 0,
          sentAt: now,
          expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
        })
        .where(and(eq(phoneCodes.id, row.id), isNull(phoneCodes.usedAt)))
        .returning({ id: phoneCodes.id });
      if (!renewed) throw InvalidError.field('proof', t('phoneCode.expired'));
      await sendCode(tx, { phone: row.phone, userId: row.userId, locale }, code);
    });
    return { phone: row.phone };
  }

  /**
   * Checks a code typed with its token, for one of `purposes`. A wrong code counts one of its 5
   * tries and says how many are left. A right one is used up by `spend`, in the transaction of
   * what it proves.
   */
  async function check(
    token: string,
    code: string,
    purposes: readonly PhoneCodePurpose[],
  ): Promise<ProvedCode> {
    const row = await findLive(db, token);
    if (!row || !purposes.includes(row.purpose)) throw expired();
    const typed = code.replace(/\D/g, '');
    if (!isSameHash(codeHash(token, typed), row.codeHash)) {
      const [counted] = await db
        .update(phoneCodes)
        .set({ tries: sql`${phoneCodes.tries} + 1` })
        .where(and(eq(phoneCodes.id, row.id), lt(phoneCodes.tries, PHONE_CODE_TRIES)))
        .returning({ tries: phoneCodes.tries });
      const left = PHONE_CODE_TRIES - (counted?.tries ?? PHONE_CODE_TRIES);
      if (left <= 0) throw expired();
      throw InvalidError.field('code', tCount('phoneCode.wrong', left));
    }
    return {
      id: row.id,
      purpose: row.purpose,
      phone: row.phone,
      userId: row.userId,
      pending: row.pending,
    };
  }

  /** Uses a checked code up, in `tx`: of two right tries at once, one gets it. */
  async function spend(tx: Transaction, proved: ProvedCode): Promise<void> {
    const [used] = await tx
      .update(phoneCodes)
      .set({ usedAt: clock() })
      .where(
        and(
          eq(phoneCodes.id, proved.id),
          isNull(phoneCodes.usedAt),
          lt(phoneCodes.tries, PHONE_CODE_TRIES),
        ),
      )
      .returning({ id: phoneCodes.id });
    if (!used) throw expired();
  }

  return { issue, resend, check, spend };
}
