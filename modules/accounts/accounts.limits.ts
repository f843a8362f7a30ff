import { TooManyRequestsError } from '#lib/errors.ts';
import { tCount } from '#lib/i18n.admin.ts';
import type { AttemptLimiter, AttemptLimiters } from './accounts.limiter.ts';

/**
 * The limits on signing in, signing up and resetting passwords, chosen for Rwanda's mobile
 * carriers, which put many customers behind one public address:
 *
 * - Per account, a growing delay: the first 5 failed passwords (or two-step codes) cost
 *   nothing, then the account waits 2, 4, 8 ... seconds, at most 15 minutes, before its next
 *   attempt is even checked. A brute force on one account slows that account alone; its owner's
 *   right password after the delay still signs in, and clears the count. One account gives an
 *   attacker at most about 14 guesses in the first 15 minutes, then 4 an hour.
 * - Per address, a far higher ceiling on failed sign-ins (LOGIN_FAILURES_PER_ADDRESS_PER_15_MINUTES,
 *   100 by default): the per-account delay keeps one attacker or one person's typos on one
 *   account well below it, so only someone trying many accounts at once (or a crowd all typing
 *   wrong) meets it.
 * - Signups per address (SIGNUPS_PER_ADDRESS_PER_HOUR, 30 by default): a class or a cybercafé
 *   behind one address can register together; a script making accounts by the hundred cannot.
 * - Reset e-mails per address and per account, and bad reset links per address, keep their
 *   limit (AUTH_ATTEMPTS_PER_15_MINUTES, 10 by default).
 * - A two-step challenge takes at most 5 codes, then the sign-in starts again with the password.
 *
 * Counts are kept in Redis when REDIS_URL is set, so every process counts the same attempts;
 * without it, in this process's memory (docs/deployment.md).
 */
export type AuthLimitSettings = {
  loginFailuresPerAddressPer15Minutes: number;
  signupsPerAddressPerHour: number;
  resetAttemptsPer15Minutes: number;
};

const ACCOUNT_FREE_FAILURES = 5;
const ACCOUNT_MAX_DELAY_MS = 15 * 60_000;
/** An account's failures are forgotten a day after the last one (or at its next success). */
const ACCOUNT_FORGET_AFTER_MS = 24 * 60 * 60_000;
const CODES_PER_CHALLENGE = 5;
/** How long the password step of a two-step sign-in stays good. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
const FIFTEEN_MINUTES_MS = 15 * 60_000;
const ONE_HOUR_MS = 60 * 60_000;

export type AuthLimits = ReturnType<typeof createAuthLimits>;

/** The 429 for a wait of `seconds`: said in seconds under a minute, else in minutes. */
function tooManyAttempts(seconds: number): TooManyRequestsError {
  const message =
    seconds < 60
      ? tCount('auth.tooManyAttemptsSeconds', seconds)
      : tCount('auth.tooManyAttempts', Math.ceil(seconds / 60));
  return new TooManyRequestsError(message, seconds);
}

async function assertNoWait(limiter: AttemptLimiter, keys: string[]): Promise<void> {
  const seconds = await limiter.retryAfterSeconds(keys);
  if (seconds > 0) throw tooManyAttempts(seconds);
}

/** The sign-in limits, in the given store; the accounts services share one set. */
export function createAuthLimits({
  limiters,
  settings,
}: {
  limiters: AttemptLimiters;
  settings: AuthLimitSettings;
}) {
  const accounts = limiters.backoff('accounts', {
    freeFailures: ACCOUNT_FREE_FAILURES,
    maxDelayMs: ACCOUNT_MAX_DELAY_MS,
    forgetAfterMs: ACCOUNT_FORGET_AFTER_MS,
  });
  const loginAddresses = limiters.fixedWindow('login-addresses', {
    max: settings.loginFailuresPerAddressPer15Minutes,
    windowMs: FIFTEEN_MINUTES_MS,
  });
  const signupAddresses = limiters.fixedWindow('signup-addresses', {
    max: settings.signupsPerAddressPerHour,
    windowMs: ONE_HOUR_MS,
  });
  const resets = limiters.fixedWindow('resets', {
    max: settings.resetAttemptsPer15Minutes,
    windowMs: FIFTEEN_MINUTES_MS,
  });
  const challenges = limiters.fixedWindow('challenges', {
    max: CODES_PER_CHALLENGE,
    windowMs: CHALLENGE_TTL_MS,
  });

  const accountKey = (email: string) => `login-account:${email.toLowerCase()}`;
  const codeKey = (userId: string) => `two-step-account:${userId}`;

  return {
    /** Before a password is checked: 429 while the account waits or the address is over. */
    async assertCanTryPassword(email: string, clientAddress: string): Promise<void> {
      await assertNoWait(accounts, [accountKey(email)]);
      await assertNoWait(loginAddresses, [`login-ip:${clientAddress}`]);
    },
    async passwordFailed(email: string, clientAddress: string): Promise<void> {
      await Promise.all([
        accounts.record([accountKey(email)]),
        loginAddresses.record([`login-ip:${clientAddress}`]),
      ]);
    },
    /** A right password (or a new one from a reset link) lifts the account's delay. */
    passwordSucceeded(email: string): Promise<void> {
      return accounts.clear(accountKey(email));
    },
    /** Before a two-step code is checked: 429 while the account waits for its code failures. */
    assertCanTryCode(userId: string): Promise<void> {
      return assertNoWait(accounts, [codeKey(userId)]);
    },
    /** Whether a challenge has used up its codes. */
    async isChallengeUsedUp(challengeId: string): Promise<boolean> {
      return (await challenges.retryAfterSeconds([`challenge:${challengeId}`])) > 0;
    },
    async codeFailed(userId: string, challengeId?: string): Promise<void> {
      await Promise.all([
        accounts.record([codeKey(userId)]),
        challengeId ? challenges.record([`challenge:${challengeId}`]) : undefined,
      ]);
    },
    codeSucceeded(userId: string): Promise<void> {
      return accounts.clear(codeKey(userId));
    },
    /** Counts a signup from an address; 429 once the address is over its ceiling. */
    async countSignup(clientAddress: string): Promise<void> {
      const keys = [`signup-ip:${clientAddress}`];
      await assertNoWait(signupAddresses, keys);
      await signupAddresses.record(keys);
    },
    /** Counts a reset e-mail asked for; 429 once the address or the account is over. */
    async countResetRequest(email: string, clientAddress: string): Promise<void> {
      const keys = [`reset-ip:${clientAddress}`, `reset-account:${email.toLowerCase()}`];
      await assertNoWait(resets, keys);
      await resets.record(keys);
    },
    assertCanTryResetToken(clientAddress: string): Promise<void> {
      return assertNoWait(resets, [`reset-token-ip:${clientAddress}`]);
    },
    resetTokenFailed(clientAddress: string): Promise<void> {
      return resets.record([`reset-token-ip:${clientAddress}`]);
    },
  };
}
