import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { recoveryCodes, sessions, users } from '#db/schema.ts';
import type { Clock } from '#lib/clock.ts';
import { ConflictError, InvalidError, NotFoundError } from '#lib/errors.ts';
import { t } from '#lib/i18n.admin.ts';
import type { AuthLimits } from './accounts.limits.ts';
import { hashPassword, verifyPassword } from './accounts.passwords.ts';
import type { PasswordChange, TwoStepDisableInput } from './accounts.schema.ts';
import type { Viewer } from './accounts.service.ts';
import {
  isValidSecondStep,
  spendTotp,
  newTotpSecret,
  normaliseCode,
  replaceRecoveryCodes,
  totpUri,
} from './accounts.two-step.ts';
import { describeUserAgent } from './accounts.user-agent.ts';

/** Two-step sign-in as its owner sees it. */
type TwoStepState = {
  isOn: boolean;
  enabledAt: string | null;
  /** Unused recovery codes left (0 while two-step sign-in is off). */
  recoveryCodesLeft: number;
};

/** A session in its owner's list: where it signed in, since when, last used. */
type SessionView = {
  id: string;
  browser: string | null;
  system: string | null;
  /** "Signed in on Chrome on Android", in the request's language. */
  description: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};

type SecurityUser = {
  id: string;
  email: string;
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  passwordHash: string | null;
};

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;

/**
 * What a signed-in user does to keep their account safe: two-step sign-in (an authenticator
 * app's codes, with recovery codes), their list of sessions, and changing their password. Every
 * password or code checked here counts against the same limits as signing in.
 */
export function createAccountSecurityService({
  db,
  clock,
  limits,
}: {
  db: Database;
  clock: Clock;
  limits: AuthLimits;
}) {
  async function loadUser(userId: string): Promise<SecurityUser> {
    const [user] = await db
      .select({
        id: users.id,
        email: users.email,
        totpSecret: users.totpSecret,
        totpEnabledAt: users.totpEnabledAt,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (!user) throw new NotFoundError(t('profile.notFound'));
    return user;
  }

  /** A wrong password answers 400 naming `field`, and delays the account's next attempt. */
  async function assertPassword(
    user: SecurityUser,
    password: string,
    field: string,
    address: string,
  ) {
    await limits.assertCanTryPassword(user.email, address);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await limits.passwordFailed(user.email, address);
      throw InvalidError.field(field, t('security.wrongPassword'));
    }
    await limits.passwordSucceeded(user.email);
  }

  /** Two-step sign-in's state for its owner. */
  async function getTwoStep(userId: string): Promise<TwoStepState> {
    const user = await loadUser(userId);
    const left = user.totpEnabledAt
      ? await db
          .select({ codeHash: recoveryCodes.codeHash })
          .from(recoveryCodes)
          .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      : [];
    return {
      isOn: user.totpEnabledAt !== null,
      enabledAt: user.totpEnabledAt?.toISOString() ?? null,
      recoveryCodesLeft: left.length,
    };
  }

  /** The secret of a setup started but not finished (for the security page), else null. */
  async function getPendingSetup(userId: string): Promise<{ secret: string; uri: string } | null> {
    const user = await loadUser(userId);
    if (user.totpEnabledAt || !user.totpSecret) return null;
    const secret = user.totpSecret;
    return { secret, uri: totpUri({ secret, issuer: t('brand.name'), label: user.email }) };
  }

  /**
   * Starts turning two-step sign-in on: a new secret for the authenticator app, kept until a
   * code from it is checked (`enableTwoStep`). Starting again replaces it.
   */
  async function setUpTwoStep(viewer: Viewer): Promise<{ secret: string; uri: string }> {
    const user = await loadUser(viewer.id);
    if (user.totpEnabledAt) throw new ConflictError(t('twoStep.alreadyOn'));
    const secret = newTotpSecret();
    await db.update(users).set({ totpSecret: secret }).where(eq(users.id, viewer.id));
    return { secret, uri: totpUri({ secret, issuer: t('brand.name'), label: user.email }) };
  }

  /**
   * Turns two-step sign-in on once a code from the app is right; answers the 10 recovery codes,
   * shown this once.
   */
  async function enableTwoStep(viewer: Viewer, code: string): Promise<string[]> {
    const user = await loadUser(viewer.id);
    if (user.totpEnabledAt) throw new ConflictError(t('twoStep.alreadyOn'));
    if (!user.totpSecret) throw InvalidError.field('code', t('twoStep.setUpFirst'));
    await limits.assertCanTryCode(user.id);
    const totpSecret = user.totpSecret;
    if (!(await spendTotp(db, { id: user.id, totpSecret }, normaliseCode(code), clock()))) {
      await limits.codeFailed(user.id);
      throw InvalidError.field('code', t('twoStep.wrongCode'));
    }
    await limits.codeSucceeded(user.id);
    const now = clock();
    return db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ totpEnabledAt: now, updatedAt: now })
        .where(eq(users.id, user.id));
      return replaceRecoveryCodes(tx, user.id, now);
    });
  }

  /** Turns two-step sign-in off, with the password and a code (or a recovery code). */
  async function disableTwoStep(
    viewer: Viewer,
    input: TwoStepDisableInput,
    client: { clientAddress: string },
  ): Promise<void> {
    const user = await loadUser(viewer.id);
    if (!user.totpEnabledAt) throw new ConflictError(t('twoStep.alreadyOff'));
    await assertPassword(user, input.password, 'password', client.clientAddress);
    await limits.assertCanTryCode(user.id);
    if (!(await isValidSecondStep(db, user, input.code, clock()))) {
      await limits.codeFailed(user.id);
      throw InvalidError.field('code', t('twoStep.wrongCode'));
    }
    await limits.codeSucceeded(user.id);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ totpSecret: null, totpEnabledAt: null, updatedAt: clock() })
        .where(eq(users.id, user.id));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    });
  }

  /** A new set of 10 recovery codes (the old ones stop working), with the password. */
  async function renewRecoveryCodes(
    viewer: Viewer,
    password: string,
    client: { clientAddress: string },
  ): Promise<string[]> {
    const user = await loadUser(viewer.id);
    if (!user.totpEnabledAt) throw new ConflictError(t('twoStep.alreadyOff'));
    await assertPassword(user, password, 'password', client.clientAddress);
    return db.transaction((tx) => replaceRecoveryCodes(tx, user.id, clock()));
  }

  /** The viewer's live sessions, the latest used first, the current one marked. */
  async function listSessions(viewer: Viewer): Promise<SessionView[]> {
    const rows = await db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, viewer.id), gt(sessions.expiresAt, clock())))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
    return rows.map((row) => {
      const { browser, system } = describeUserAgent(row.userAgent);
      return {
        id: row.id,
        browser,
        system,
        description: t('sessions.signedInOn', {
          browser: browser ?? t('sessions.unknownBrowser'),
          system: system ?? t('sessions.unknownSystem'),
        }),
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === viewer.sessionId,
      };
    });
  }

  /** Signs one of the viewer's own sessions out; another's, or an unknown one, is 404. */
  async function endOwnSession(viewer: Viewer, sessionId: string): Promise<void> {
    const ended = await db
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, viewer.id)))
      .returning({ id: sessions.id });
    if (ended.length === 0) throw new NotFoundError(t('sessions.notFound'));
  }

  /**
   * Changes the viewer's password, with the current one; every other session of theirs ends
   * (the one they use stays signed in).
   */
  async function changePassword(
    viewer: Viewer,
    input: PasswordChange,
    client: { clientAddress: string },
  ): Promise<void> {
    const user = await loadUser(viewer.id);
    await assertPassword(user, input.currentPassword, 'currentPassword', client.clientAddress);
    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: clock() }).where(eq(users.id, user.id));
      await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, viewer.sessionId)));
    });
  }

  /**
   * Checks the signed-in user's current password before a grave step elsewhere (deleting the
   * account): 400 naming `password` when wrong, counted as a failed sign-in of the account.
   */
  async function confirmPassword(
    userId: string,
    password: string,
    client: { clientAddress: string },
  ) {
    await assertPassword(await loadUser(userId), password, 'password', client.clientAddress);
  }

  return {
    confirmPassword,
    getTwoStep,
    getPendingSetup,
    setUpTwoStep,
    enableTwoStep,
    disableTwoStep,
    renewRecoveryCodes,
    listSessions,
    endOwnSession,
    changePassword,
  };
}
