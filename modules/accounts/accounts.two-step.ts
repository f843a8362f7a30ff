import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Database, Transaction } from '#db/client.ts';
import { recoveryCodes, users } from '#db/schema.ts';

/** Authenticator apps' defaults: 6 digits every 30 seconds (RFC 6238, SHA-1). */
const TOTP_PERIOD_SECONDS = 30;
/** One step either side, for a phone's clock a little off and the time it takes to type. */
const TOTP_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
const RECOVERY_CODE_COUNT = 10;
/** Recovery codes: 16 letters and digits that cannot be confused (no 0/o, 1/l/i), 80 bits. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_LENGTH = 16;

/** A new shared secret for an authenticator app (base32, 160 bits). */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app reads (as a QR code or a link). */
export function totpUri({
  secret,
  issuer,
  label,
}: {
  secret: string;
  issuer: string;
  label: string;
}): string {
  return generateURI({ issuer, label, secret, period: TOTP_PERIOD_SECONDS, digits: 6 });
}

/**
 * Uses up the 6-digit code of the user's `secret` at `now` (one step either side): it is good
 * only when its 30-second step comes after the last code accepted, so a code seen over a
 * shoulder or replayed from a log cannot be used again (RFC 6238, 5.2). The step is moved
 * forward in one UPDATE, so two requests with the same code cannot both pass.
 */
export async function spendTotp(
  db: Database | Transaction,
  user: { id: string; totpSecret: string },
  code: string,
  now: Date,
): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({
    secret: user.totpSecret,
    token: code,
    epoch,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
  });
  if (!result.valid) return false;
  const step = Math.floor(epoch / TOTP_PERIOD_SECONDS) + (result.delta ?? 0);
  const spent = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return spent.length > 0;
}

/** A code as typed: spaces and dashes dropped, lower case. */
export function normaliseCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseCode(code)).digest('hex');
}

function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < RECOVERY_CODE_LENGTH; index++) {
    code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  }
  return code.match(/.{4}/g)!.join('-');
}

/**
 * Replaces a user's recovery codes with 10 new ones, answered once: only their hashes are kept
 * (80 random bits each, so a plain SHA-256 cannot be reversed by guessing).
 */
export async function replaceRecoveryCodes(
  tx: Database | Transaction,
  userId: string,
  now: Date,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), createdAt: now })));
  return codes;
}

/** Uses up one of a user's recovery codes; false when it is not one, or already used. */
async function spendRecoveryCode(
  db: Database | Transaction,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  return used.length > 0;
}

/**
 * Checks the second step of a user with two-step sign-in on: a 6-digit code from their app, or
 * one of their recovery codes (then used up).
 */
export async function isValidSecondStep(
  db: Database | Transaction,
  user: { id: string; totpSecret: string | null },
  code: string,
  now: Date,
): Promise<boolean> {
  const typed = normaliseCode(code);
  if (/^\d{6}$/.test(typed)) {
    const { totpSecret } = user;
    return totpSecret ? spendTotp(db, { id: user.id, totpSecret }, typed, now) : false;
  }
  if (typed.length !== RECOVERY_CODE_LENGTH) return false;
  return spendRecoveryCode(db, user.id, typed, now);
}
