import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { recoveryCodes, sessions, users } from '#db/schema.ts';
import type { Clock } from '#lib/clock.ts';
import { ConflictError, InvalidError, NotFoundError } from '#lib/errors.ts';
import { t } from '#lib/i18n.all.ts';
import type { Locale } from '#lib/i18n.ts';
import { formatPhone } from '#lib/phone.ts';
import type { AuthLimits } from './accounts.limits.ts';
import { hashPassword, verifyPassword } from './accounts.passwords.ts';
import type { AccountNotices } from './accounts.notices.ts';
import type { PhoneCodes } from './accounts.phone-codes.ts';
import type {
  PasswordChange,
  PhoneAddInput,
  PhoneCodeInput,
  TwoStepDisableInput,
  TwoStepEnableInput,
  UserView,
} from './accounts.schema.ts';
import { toUserView, type Viewer } from './accounts.service.ts';
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
  email: string | null;
  phone: string | null;
  locale: Locale | null;
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  passwordHash: string | null;
};

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;

/** The request facts the limits count by. */
type Client = { clientAddress: string };

/**
 * What a signed-in user does to keep their account safe: two-step sign-in (an authenticator
 * app's codes, with recovery codes), their list of sessions, and changing their password. Every
 * password or code checked here counts against the same limits as signing in; turning two-step
 * sign-in on or off asks for the password, as changing it does, so that a stolen session alone
 * cannot lock the owner out; each such change is e-mailed to the account's address.
 */
export function createAccountSecurityService({
  db,
  clock,
  limits,
  notices,
  phoneCodes,
}: {
  db: Database;
  clock: Clock;
  limits: AuthLimits;
  notices: AccountNotices;
  /** The codes that prove a number added to an account. */
  phoneCodes: PhoneCodes;
}) {
  /** What an authenticator app names the account by: its e-mail, else its number. */
  function accountLabel(user: SecurityUser): string {
    return user.email ?? user.phone ?? user.id;
  }

  async function loadUser(userId: string): Promise<SecurityUser> {
    const [user] = await db
      .select({
        id: users.id,
        email: users.email,
        phone: users.phone,
        locale: users.locale,
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
    const attempt = await limits.beginPasswordAttempt({
      email: user.email ?? user.phone ?? user.id,
      clientAddress: address,
    });
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw InvalidError.field(field, t('security.wrongPassword'));
    }
    await attempt.succeeded();
  }

  /** A wrong code answers 400 naming `code`, and delays the account's next one. */
  async function assertCode(userId: string, isRight: () => Promise<boolean>) {
    const attempt = await limits.beginCodeAttempt(userId);
    if (!(await isRight())) throw InvalidError.field('code', t('twoStep.wrongCode'));
    await attempt.succeeded();
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
    return { secret, uri: totpUri({ secret, issuer: t('brand.name'), label: accountLabel(user) }) };
  }

  /**
   * Starts turning two-step sign-in on, with the password: a new secret for the authenticator
   * app, kept until a code from it is checked (`enableTwoStep`). Starting again replaces it.
   */
  async function setUpTwoStep(
    viewer: Viewer,
    password: string,
    client: Client,
  ): Promise<{ secret: string; uri: string }> {
    const user = await loadUser(viewer.id);
    if (user.totpEnabledAt) throw new ConflictError(t('twoStep.alreadyOn'));
    await assertPassword(user, password, 'password', client.clientAddress);
    const secret = newTotpSecret();
    await db.update(users).set({ totpSecret: secret }).where(eq(users.id, viewer.id));
    return { secret, uri: totpUri({ secret, issuer: t('brand.name'), label: accountLabel(user) }) };
  }

  /**
   * Turns two-step sign-in on, with the password and a right code from the app; answers the 10
   * recovery codes, shown this once. Every other session of the account ends: they signed in
   * without a code.
   */
  async function enableTwoStep(
    viewer: Viewer,
    input: TwoStepEnableInput,
    client: Client,
  ): Promise<string[]> {
    const user = await loadUser(viewer.id);
    if (user.totpEnabledAt) throw new ConflictError(t('twoStep.alreadyOn'));
    await assertPassword(user, input.password, 'password', client.clientAddress);
    const totpSecret = user.totpSecret;
    if (!totpSecret) throw InvalidError.field('code', t('twoStep.setUpFirst'));
    await assertCode(user.id, () =>
      spendTotp(db, { id: user.id, totpSecret }, normaliseCode(input.code), clock()),
    );
    const now = clock();
    return db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ totpEnabledAt: now, updatedAt: now })
        .where(eq(users.id, user.id));
      await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, viewer.sessionId)));
      await notices.tellAccountChanged(tx, user, 'twoStepOn');
      return replaceRecoveryCodes(tx, user.id, now);
    });
  }

  /** Turns two-step sign-in off, with the password and a code (or a recovery code). */
  async function disableTwoStep(
    viewer: Viewer,
    input: TwoStepDisableInput,
    client: Client,
  ): Promise<void> {
    const user = await loadUser(viewer.id);
    if (!user.totpEnabledAt) throw new ConflictError(t('twoStep.alreadyOff'));
    await assertPassword(user, input.password, 'password', client.clientAddress);
    await assertCode(user.id, () => isValidSecondStep(db, user, input.code, clock()));
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ totpSecret: null, totpEnabledAt: null, updatedAt: clock() })
        .where(eq(users.id, user.id));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      await notices.tellAccountChanged(tx, user, 'twoStepOff');
    });
  }

  /** A new set of 10 recovery codes (the old ones stop working), with the password. */
  async function renewRecoveryCodes(
    viewer: Viewer,
    password: string,
    client: Client,
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
    client: Client,
  ): Promise<void> {
    const user = await loadUser(viewer.id);
    await assertPassword(user, input.currentPassword, 'currentPassword', client.clientAddress);
    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: clock() }).where(eq(users.id, user.id));
      await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, viewer.sessionId)));
      await notices.tellAccountChanged(tx, user, 'password');
    });
  }

  /**
   * Checks the signed-in user's current password before a grave step elsewhere (deleting the
   * account): 400 naming `password` when wrong, counted as a failed sign-in of the account.
   */
  async function confirmPassword(userId: string, password: string, client: Client) {
    await assertPassword(await loadUser(userId), password, 'password', client.clientAddress);
  }

  /**
   * Sends a code by SMS to a number the viewer wants on their account, after their password
   * (a stolen session alone must not put a thief's number on the account, which could then reset
   * its password). 409 when the number is already theirs or another account's. Answers the
   * code's token.
   */
  async function addPhone(viewer: Viewer, input: PhoneAddInput, client: Client): Promise<string> {
    const user = await loadUser(viewer.id);
    await assertPassword(user, input.password, 'password', client.clientAddress);
    if (user.phone === input.phone) throw new ConflictError(t('phone.alreadyYours'));
    await assertPhoneFree(db, input.phone, user.id);
    return phoneCodes.issue({
      purpose: 'add',
      phone: input.phone,
      userId: user.id,
      locale: user.locale,
      clientAddress: client.clientAddress,
    });
  }

  async function assertPhoneFree(runner: Pick<Database, 'select'>, phone: string, userId: string) {
    const [holder] = await runner
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, phone), ne(users.id, userId)));
    if (holder) throw new ConflictError(t('account.phoneTaken'));
  }

  /**
   * The code sent to the new number, typed by the viewer it was sent for: the number is the
   * account's, proved (in place of any other), and the account's address and former number are
   * told. Answers the account as changed.
   */
  async function confirmPhone(viewer: Viewer, input: PhoneCodeInput): Promise<UserView> {
    const proved = await phoneCodes.check(input.proof, input.code, ['add']);
    if (proved.userId !== viewer.id) throw InvalidError.field('code', t('phoneCode.expired'));
    return db.transaction(async (tx) => {
      await phoneCodes.spend(tx, proved);
      await assertPhoneFree(tx, proved.phone, viewer.id);
      const [before] = await tx
        .select({ email: users.email, phone: users.phone, locale: users.locale })
        .from(users)
        .where(eq(users.id, viewer.id))
        .for('update');
      const now = clock();
      const [after] = await tx
        .update(users)
        .set({ phone: proved.phone, phoneProvedAt: now, updatedAt: now })
        .where(eq(users.id, viewer.id))
        .returning();
      await notices.tellAccountChanged(tx, before!, 'phone', {
        newPhone: formatPhone(proved.phone),
      });
      return toUserView(after!);
    });
  }

  /**
   * Takes the number off the viewer's account, with their password. Not the only way in: an
   * account without an e-mail address keeps its number (409).
   */
  async function removePhone(viewer: Viewer, password: string, client: Client): Promise<void> {
    const user = await loadUser(viewer.id);
    await assertPassword(user, password, 'password', client.clientAddress);
    if (!user.phone) throw new ConflictError(t('phone.none'));
    if (!user.email) throw new ConflictError(t('phone.onlyWayIn'));
    await db
      .update(users)
      .set({ phone: null, phoneProvedAt: null, updatedAt: clock() })
      .where(eq(users.id, user.id));
  }

  return {
    addPhone,
    confirmPhone,
    removePhone,
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
