import { TooManyRequestsError } from '#lib/errors.ts';
import { tCount } from '#lib/i18n.all.ts';
import type { AttemptLimiter, AttemptLimiters } from './accounts.limiter.ts';

/**
 * The limits on signing in, signing up and resetting passwords, chosen for Rwanda's mobile
 * carriers, which put many customers behind one public address:
 *
 * - Per account, a growing delay: the first 5 failed passwords (or two-step codes) cost
 *   nothing, then the account waits 2, 4, 8 ... seconds, at most 15 minutes, before its next
 *   attempt is even checked. A brute force on one account slows that account alone; its owner's
 *   right password after the delay still signs in, and clears the count. One account gives an
 *   attacker at most about 14 guesses in the first 15 minutes, then 4 an hour. Each attempt is
 *   counted as a failure before its password is checked, in one step with the check of the
 *   delay, and taken back when it proves right: guesses sent all at once get no more through.
 * - A browser the account signed in on before keeps a device cookie (OWASP's "device cookies"):
 *   its sign-ins are not held by the account's delay, so that a stranger's burst of wrong
 *   passwords cannot keep the owner out. Each device cookie has a small count of its own: after
 *   5 wrong passwords in a day it stops counting, and its sign-ins wait like any other.
 * - Per address, a far higher ceiling on failed sign-ins (LOGIN_FAILURES_PER_ADDRESS_PER_15_MINUTES,
 *   100 by default): the per-account delay keeps one attacker or one person's typos on one
 *   account well below it, so only someone trying many accounts at once (or a crowd all typing
 *   wrong) meets it.
 * - Signups per address (SIGNUPS_PER_ADDRESS_PER_HOUR, 30 by default): a class or a cybercafé
 *   behind one address can register together; a script making accounts by the hundred cannot.
 * - Reset requests per address, and per account from one address, and bad reset links per
 *   address, keep their limit (AUTH_ATTEMPTS_PER_15_MINUTES, 10 by default): requests from other
 *   addresses cannot spend the owner's. An account is sent at most one reset e-mail every
 *   5 minutes, however many are asked for; the link it has stays good.
 * - A two-step challenge takes at most 5 codes, and signs in once.
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
/** Wrong passwords a device cookie takes in a day before its sign-ins wait like any other. */
const DEVICE_FREE_FAILURES = 5;
const ONE_DAY_MS = 24 * 60 * 60_000;
/** An account is sent at most one reset e-mail in this time. */
const RESET_MAIL_EVERY_MS = 5 * 60_000;
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

/** Counts an attempt on every key, or 429 (counting nothing) while one of them must wait. */
async function reserveOrRefuse(limiter: AttemptLimiter, keys: string[]): Promise<void> {
  const seconds = await limiter.reserve(keys);
  if (seconds > 0) throw tooManyAttempts(seconds);
}

/** An attempt, counted as a failure from the start; `succeeded` takes that back. */
export type Attempt = { succeeded(): Promise<void> };

/** Who tries a password: the account's e-mail, the client's address, its device cookie's id. */
type PasswordAttemptBy = { email: string; clientAddress: string; deviceId?: string | null };

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
  const spentChallenges = limiters.fixedWindow('spent-challenges', {
    max: 1,
    windowMs: CHALLENGE_TTL_MS,
  });
  const devices = limiters.fixedWindow('devices', {
    max: DEVICE_FREE_FAILURES,
    windowMs: ONE_DAY_MS,
  });
  const resetMails = limiters.fixedWindow('reset-mails', {
    max: 1,
    windowMs: RESET_MAIL_EVERY_MS,
  });

  const accountKey = (email: string) => `login-account:${email.toLowerCase()}`;
  const codeKey = (userId: string) => `two-step-account:${userId}`;

  /**
   * Before a two-step code is checked: counts it as a failure of the account's codes, or 429
   * while the account waits. Call `succeeded` when the code is right.
   */
  async function beginCodeAttempt(userId: string): Promise<Attempt> {
    const accountKeys = [codeKey(userId)];
    await reserveOrRefuse(accounts, accountKeys);
    return { succeeded: () => accounts.clear(accountKeys[0]!) };
  }

  return {
    /**
     * Before a password is checked: counts it as a failure of the account (unless the browser
     * has a device cookie of the account that still counts) and of the address, or 429 while
     * either must wait. Call `succeeded` when the password is right.
     */
    async beginPasswordAttempt({
      email,
      clientAddress,
      deviceId,
    }: PasswordAttemptBy): Promise<Attempt> {
      const addressKeys = [`login-ip:${clientAddress}`];
      const deviceKeys = deviceId ? [`device:${deviceId}`] : [];
      const accountKeys = [accountKey(email)];
      await reserveOrRefuse(loginAddresses, addressKeys);
      const isKnownDevice = deviceKeys.length > 0 && (await devices.reserve(deviceKeys)) === 0;
      if (!isKnownDevice) {
        const seconds = await accounts.reserve(accountKeys);
        if (seconds > 0) {
          await loginAddresses.release(addressKeys);
          throw tooManyAttempts(seconds);
        }
      }
      return {
        async succeeded() {
          // Through a device cookie, only that cookie's count is lifted: the stranger whose
          // guesses made the account wait must go on waiting.
          await Promise.all([
            isKnownDevice ? devices.clear(deviceKeys[0]!) : accounts.clear(accountKeys[0]!),
            loginAddresses.release(addressKeys),
          ]);
        },
      };
    },
    /** A new password from a reset link lifts the account's delay. */
    clearPasswordFailures(email: string): Promise<void> {
      return accounts.clear(accountKey(email));
    },
    beginCodeAttempt,
    /**
     * `beginCodeAttempt` for the second step of a sign-in, which also counts the code against
     * its challenge's 5: null, counting nothing, once the challenge has used them up.
     */
    async beginChallengeCodeAttempt(userId: string, challengeId: string): Promise<Attempt | null> {
      const attempt = await beginCodeAttempt(userId);
      if ((await challenges.reserve([`challenge:${challengeId}`])) > 0) {
        await accounts.release([codeKey(userId)]);
        return null;
      }
      return attempt;
    },
    /** Whether a challenge has used up its codes, or already signed someone in. */
    async isChallengeUsedUp(challengeId: string): Promise<boolean> {
      const [codes, spent] = await Promise.all([
        challenges.retryAfterSeconds([`challenge:${challengeId}`]),
        spentChallenges.retryAfterSeconds([`challenge:${challengeId}`]),
      ]);
      return codes > 0 || spent > 0;
    },
    /** Spends a challenge on its first success: true once, false ever after. */
    async spendChallenge(challengeId: string): Promise<boolean> {
      return (await spentChallenges.reserve([`challenge:${challengeId}`])) === 0;
    },
    /** Counts a signup from an address; 429 once the address is over its ceiling. */
    countSignup(clientAddress: string): Promise<void> {
      return reserveOrRefuse(signupAddresses, [`signup-ip:${clientAddress}`]);
    },
    /**
     * Counts a reset request from an address, for an account; 429 once the address, or this
     * account from this address, is over. Other addresses cannot spend the owner's requests.
     */
    countResetRequest(email: string, clientAddress: string): Promise<void> {
      return reserveOrRefuse(resets, [
        `reset-ip:${clientAddress}`,
        `reset-account-ip:${email.toLowerCase()}:${clientAddress}`,
      ]);
    },
    /** Whether an account may be sent a reset e-mail now: once every 5 minutes at most. */
    async claimResetMail(userId: string): Promise<boolean> {
      return (await resetMails.reserve([`reset-mail:${userId}`])) === 0;
    },
    /** Before a reset link is checked: counts it against the address, or 429. */
    async beginResetTokenAttempt(clientAddress: string): Promise<Attempt> {
      const keys = [`reset-token-ip:${clientAddress}`];
      await reserveOrRefuse(resets, keys);
      return { succeeded: () => resets.release(keys) };
    },
  };
}
