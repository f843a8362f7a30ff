import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { passwordResets, sessions, users } from '#db/schema.ts';
import type { UserRole } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '#lib/errors.ts';
import { currentLocale, type Locale, localePath } from '#lib/i18n.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { t, tCount } from '#lib/i18n.admin.ts';
import type { MailService } from '#modules/mail/mail.service.ts';
import { createAttemptLimiter } from './accounts.limiter.ts';
import { hashPassword, verifyPassword } from './accounts.passwords.ts';
import type {
  LoginInput,
  PasswordReset,
  PasswordResetRequest,
  SignupInput,
  UserView,
} from './accounts.schema.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MINUTES = 60;
const ATTEMPT_WINDOW_MINUTES = 15;

type UserRow = typeof users.$inferSelect;

/** Who is making a request: the signed-in user and the session that proves it. */
export type Viewer = {
  id: string;
  sessionId: string;
  name: string;
  email: string;
  role: UserRole;
  /** The language they chose, if any. */
  locale: Locale | null;
};

/** The request facts the rate limits need; the service knows nothing else about HTTP. */
type ClientContext = { clientAddress: string };

type SessionGrant = { token: string; user: UserView };

type PublicProfile = { _id: string; name: string; role: UserRole; createdAt: Date };

export type AccountsService = ReturnType<typeof createAccountsService>;

/** Sessions and reset links are looked up by this hash of their token, never the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A session or reset token: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A user as they themself and admins see it: never the password hash. */
export function toUserView(user: UserRow): UserView {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The account with an e-mail in any case, deleted or not; undefined when there is none. */
export async function findUserByEmail(
  db: Pick<Database, 'select'>,
  email: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user;
}

/**
 * What people do with their own account (accounts.api.ts and the account pages): sign up, sign
 * in and out, reset a forgotten password, and see a profile. Admin work on accounts is in
 * accounts.admin.service.ts; the admin bootstrap in accounts.bootstrap.ts.
 */
export function createAccountsService({
  db,
  clock,
  mail,
  attemptsPerWindow,
}: {
  db: Database;
  clock: Clock;
  mail: MailService;
  /** Failed logins, signups or reset mails allowed per address and per account in 15 minutes. */
  attemptsPerWindow: number;
}) {
  const attempts = createAttemptLimiter({
    max: attemptsPerWindow,
    windowMs: ATTEMPT_WINDOW_MINUTES * 60_000,
    clock,
  });

  function assertWithinLimits(keys: string[]): void {
    const seconds = attempts.retryAfterSeconds(keys);
    if (seconds > 0) {
      throw new TooManyRequestsError(
        tCount('auth.tooManyAttempts', Math.ceil(seconds / 60)),
        seconds,
      );
    }
  }

  async function startSession(user: UserRow): Promise<SessionGrant> {
    const token = newToken();
    const now = clock();
    await db.insert(sessions).values({
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    });
    // Housekeeping on the user's own (indexed) rows, so expired sessions do not pile up.
    await db.delete(sessions).where(and(eq(sessions.userId, user.id), lt(sessions.expiresAt, now)));
    return { token, user: toUserView(user) };
  }

  /** Registers a buyer, seller or guest and signs them in. The e-mail is unique in any case. */
  async function signup(input: SignupInput, client: ClientContext): Promise<SessionGrant> {
    const keys = [`signup-ip:${client.clientAddress}`];
    assertWithinLimits(keys);
    attempts.record(keys);
    const passwordHash = await hashPassword(input.password);
    const now = clock();
    const [user] = await db
      .insert(users)
      .values({
        name: input.username,
        email: input.email,
        role: input.role,
        passwordHash,
        // The language they signed up in, until they choose another: their e-mails use it.
        locale: currentLocale(),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) throw new ConflictError(t('account.emailTaken'));
    return startSession(user);
  }

  /**
   * Signs a user in with e-mail and password. Failures count against both the client address
   * and the account; a blocked account is told so only once the password is right.
   */
  async function login(input: LoginInput, client: ClientContext): Promise<SessionGrant> {
    const accountKey = `login-account:${input.email.toLowerCase()}`;
    const keys = [`login-ip:${client.clientAddress}`, accountKey];
    assertWithinLimits(keys);
    const user = await findUserByEmail(db, input.email);
    const isValid = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !isValid) {
      attempts.record(keys);
      throw new UnauthorizedError(t('account.invalidCredentials'));
    }
    if (user.status !== 'Active') throw new ForbiddenError(t('account.blocked'));
    attempts.clear(accountKey);
    return startSession(user);
  }

  /** The signed-in user behind a session token, or null when it is unknown, expired or blocked. */
  async function getViewer(token: string): Promise<Viewer | null> {
    const [row] = await db
      .select({
        sessionId: sessions.id,
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        locale: users.locale,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(token)),
          gt(sessions.expiresAt, clock()),
          eq(users.status, 'Active'),
        ),
      );
    return row ?? null;
  }

  /** Ends one session (logout). Ending an already ended session is not an error. */
  async function endSession(sessionId: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
  }

  /**
   * E-mails a single-use reset link when the address belongs to an active account. The answer
   * is the same either way, so the form does not reveal who has an account.
   */
  async function requestPasswordReset(
    input: PasswordResetRequest,
    client: ClientContext & { siteUrl: string },
  ): Promise<void> {
    const keys = [`reset-ip:${client.clientAddress}`, `reset-account:${input.email}`];
    assertWithinLimits(keys);
    attempts.record(keys);
    const user = await findUserByEmail(db, input.email);
    if (!user || user.status !== 'Active') return;
    const token = newToken();
    const now = clock();
    const brand = t('brand.name');
    await withLocale(user.locale ?? currentLocale(), () =>
      db.transaction(async (tx) => {
        await tx.insert(passwordResets).values({
          userId: user.id,
          tokenHash: hashToken(token),
          createdAt: now,
          expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
        });
        await mail.send(
          {
            to: user.email,
            kind: 'account',
            subject: t('reset.mailSubject', { brand }),
            text: t('reset.mailBody', {
              name: user.name,
              brand,
              minutes: PASSWORD_RESET_TTL_MINUTES,
              link: `${client.siteUrl}${localePath('/reset-password')}?token=${token}`,
            }),
          },
          tx,
        );
      }),
    );
  }

  /**
   * Sets a new password from a reset link. The link, and any other link sent to the account, is
   * used up; every session of the account ends; its sign-in lockout is lifted. Bad tokens count
   * against the client address, and are refused before any costly hashing.
   */
  async function resetPassword(input: PasswordReset, client: ClientContext): Promise<void> {
    const keys = [`reset-token-ip:${client.clientAddress}`];
    assertWithinLimits(keys);
    const tokenHash = hashToken(input.token);
    const isUsable = and(
      eq(passwordResets.tokenHash, tokenHash),
      isNull(passwordResets.usedAt),
      gt(passwordResets.expiresAt, clock()),
    );
    const [pending] = await db
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(isUsable);
    if (!pending) {
      attempts.record(keys);
      throw InvalidError.field('token', t('reset.invalidLink'));
    }
    const passwordHash = await hashPassword(input.password);
    const now = clock();
    const email = await db.transaction(async (tx) => {
      // Claimed again inside the transaction: of two concurrent uses, one wins.
      const [reset] = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(isUsable)
        .returning({ userId: passwordResets.userId });
      if (!reset) throw InvalidError.field('token', t('reset.invalidLink'));
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
      const [user] = await tx
        .update(users)
        .set({ passwordHash, updatedAt: now })
        .where(eq(users.id, reset.userId))
        .returning({ email: users.email });
      await tx.delete(sessions).where(eq(sessions.userId, reset.userId));
      return user!.email;
    });
    attempts.clear(`login-account:${email.toLowerCase()}`);
  }

  /** A user as they see themself. */
  async function getUser(id: string): Promise<UserView> {
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    if (!user) throw new NotFoundError(t('profile.notFound'));
    return toUserView(user);
  }

  /** What anyone may see of a user: name, role and since when. Never the e-mail. */
  async function getPublicProfile(id: string): Promise<PublicProfile> {
    const [user] = await db
      .select({ _id: users.id, name: users.name, role: users.role, createdAt: users.createdAt })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    if (!user) throw new NotFoundError(t('profile.notFound'));
    return user;
  }

  /** Remembers the language a user chose: the site opens in it, their e-mails are written in it. */
  async function setLocale(userId: string, locale: Locale): Promise<void> {
    await db.update(users).set({ locale }).where(eq(users.id, userId));
  }

  return {
    signup,
    login,
    getViewer,
    setLocale,
    endSession,
    requestPasswordReset,
    resetPassword,
    getUser,
    getPublicProfile,
  };
}
