import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { and, eq, gt, ilike, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { containing, listNewestFirst, softDeleteWhere } from '#db/rows.ts';
import {
  assets,
  passwordResets,
  properties,
  propertyRequests,
  sessions,
  users,
} from '#db/schema.ts';
import { assertAdmin, type Actor, type UserRole, type UserStatus } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '#lib/errors.ts';
import { t } from '#lib/i18n.ts';
import type { Page } from '#lib/pagination.ts';
import type { AuditService } from '#modules/audit/audit.service.ts';
import type { MailService } from '#modules/mail/mail.service.ts';
import { createAttemptLimiter } from './accounts.limiter.ts';
import type {
  LoginInput,
  PasswordReset,
  PasswordResetRequest,
  SignupInput,
  UserInfoInput,
  UserListQuery,
  UserView,
} from './accounts.schema.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const ATTEMPT_WINDOW_MINUTES = 15;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

type UserRow = typeof users.$inferSelect;

/** Who is making a request: the signed-in user and the session that proves it. */
export type Viewer = {
  id: string;
  sessionId: string;
  name: string;
  email: string;
  role: UserRole;
};

/** The request facts the rate limits need; the service knows nothing else about HTTP. */
export type ClientContext = { clientAddress: string };

export type SessionGrant = { token: string; user: UserView };

export type PublicProfile = { _id: string; name: string; role: UserRole; createdAt: Date };

export type AccountsService = ReturnType<typeof createAccountsService>;

/** Sessions and reset links are looked up by this hash of their token, never the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A session or reset token: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A user as they themself and admins see it (the API's `user`): never the password hash. */
export function toUserView(user: UserRow): UserView {
  return {
    _id: user.id,
    id: user.id,
    username: user.name,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    createdAt: user.createdAt.toISOString(),
  };
}

export function createAccountsService({
  db,
  clock,
  mail,
  audit,
  attemptsPerWindow,
}: {
  db: Database;
  clock: Clock;
  mail: MailService;
  /** Every admin change to a user is recorded here. */
  audit: AuditService;
  /** Failed logins, signups or reset mails allowed per address and per account in 15 minutes. */
  attemptsPerWindow: number;
}) {
  const attempts = createAttemptLimiter({
    max: attemptsPerWindow,
    windowMs: ATTEMPT_WINDOW_MINUTES * 60_000,
    clock,
  });
  let dummyHash: Promise<string> | undefined;

  function assertWithinLimits(keys: string[]): void {
    const seconds = attempts.retryAfterSeconds(keys);
    if (seconds > 0) {
      throw new TooManyRequestsError(
        t('auth.tooManyAttempts', { minutes: Math.ceil(seconds / 60) }),
        seconds,
      );
    }
  }

  function hashPassword(password: string): Promise<string> {
    return argon2.hash(password, HASH_OPTIONS);
  }

  /** Verifies a password; without a stored hash it still spends the time a check takes. */
  async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
    if (hash) return argon2.verify(hash, password);
    dummyHash ??= hashPassword(newToken());
    await argon2.verify(await dummyHash, password);
    return false;
  }

  async function findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return user;
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
    const user = await findUserByEmail(input.email);
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

  /** Ends every session of a user: after a password reset, a block or a deletion. */
  async function endAllSessions(userId: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.userId, userId));
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
    const user = await findUserByEmail(input.email);
    if (!user || user.status !== 'Active') return;
    const token = newToken();
    const now = clock();
    await db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
    });
    const brand = t('brand.name');
    await mail.send({
      to: user.email,
      subject: t('reset.mailSubject', { brand }),
      text: t('reset.mailBody', {
        name: user.name,
        brand,
        minutes: PASSWORD_RESET_TTL_MINUTES,
        link: `${client.siteUrl}/reset-password?token=${token}`,
      }),
    });
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

  /**
   * Creates the admin account, or promotes and re-keys an existing one with that e-mail. The
   * existing account's sessions end: whoever held them did not prove they know the new password.
   */
  async function ensureAdmin(input: { email: string; password: string }): Promise<UserView> {
    const passwordHash = await hashPassword(input.password);
    const now = clock();
    const existing = await findUserByEmail(input.email);
    if (existing) {
      const updated = await db.transaction(async (tx) => {
        await tx.delete(sessions).where(eq(sessions.userId, existing.id));
        const [row] = await tx
          .update(users)
          .set({ role: 'admin', status: 'Active', passwordHash, updatedAt: now })
          .where(eq(users.id, existing.id))
          .returning();
        return row!;
      });
      return toUserView(updated);
    }
    const [created] = await db
      .insert(users)
      .values({
        name: 'Administrator',
        email: input.email,
        role: 'admin',
        passwordHash,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toUserView(created!);
  }

  async function hasAdmin(): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'Active')))
      .limit(1);
    return Boolean(row);
  }

  /**
   * Makes sure the platform can be administered. Given credentials, that account is created or
   * promoted. Without them, a database with no admin gets one with a generated password, which
   * the caller prints once: it is stored only as a hash.
   */
  async function bootstrapAdmin(options: {
    email: string | undefined;
    password: string | undefined;
    fallbackEmail: string;
  }): Promise<{ user: UserView; generatedPassword?: string } | undefined> {
    if (options.email && options.password) {
      return { user: await ensureAdmin({ email: options.email, password: options.password }) };
    }
    if (await hasAdmin()) return undefined;
    const generatedPassword = randomBytes(12).toString('base64url');
    const user = await ensureAdmin({ email: options.fallbackEmail, password: generatedPassword });
    return { user, generatedPassword };
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

  // --- Admin user management: every function re-checks that the actor is an admin. ---

  /** Writes an admin's change to an account in their transaction; the account as changed. */
  async function updateUser(
    tx: Pick<Database, 'update'>,
    id: string,
    values: Partial<typeof users.$inferInsert>,
  ): Promise<UserRow> {
    const [after] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
    return after!;
  }

  /** Audits an admin's change to an account, with the account as it was before. */
  async function auditUserChange(
    tx: Pick<Database, 'insert'>,
    actor: Actor,
    action: string,
    before: UserRow,
    after: object,
  ): Promise<void> {
    await audit.record(
      { actor, action, targetType: 'user', targetId: before.id, before: toUserView(before), after },
      tx,
    );
  }

  /** A live (not deleted) account, or NotFound with the admin panel's message. */
  async function findLiveUser(executor: Pick<Database, 'select'>, id: string, lock = false) {
    const query = executor
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    const [user] = lock ? await query.for('update') : await query;
    if (!user) throw new NotFoundError(t('users.notFound'));
    return user;
  }

  /**
   * Refuses to take away the last active admin. The active admins' rows are locked first, so two
   * admins blocking or deleting each other at once cannot both succeed.
   */
  async function assertAnotherActiveAdmin(
    tx: Pick<Database, 'select'>,
    target: UserRow,
  ): Promise<void> {
    if (target.role !== 'admin' || target.status !== 'Active') return;
    const others = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.role, 'admin'),
          eq(users.status, 'Active'),
          isNull(users.deletedAt),
          ne(users.id, target.id),
        ),
      )
      .for('update');
    if (others.length === 0) throw new ConflictError(t('users.lastAdmin'));
  }

  /** A page of accounts for admins, newest first: by role, and by part of name or e-mail. */
  async function listUsers(query: UserListQuery, actor: Actor): Promise<Page<UserView>> {
    assertAdmin(actor);
    const conditions: SQL[] = [isNull(users.deletedAt)];
    if (query.role) conditions.push(eq(users.role, query.role));
    if (query.q) {
      const pattern = containing(query.q);
      conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
    }
    return listNewestFirst(db, users, and(...conditions), query, toUserView);
  }

  /** One account as admins see it; deleted accounts are not found. */
  async function getUserForAdmin(id: string, actor: Actor): Promise<UserView> {
    assertAdmin(actor);
    return toUserView(await findLiveUser(db, id));
  }

  /**
   * Blocks an active account or unblocks a blocked one. Blocking ends every session of the
   * account at once. Nobody blocks themself, and the last active admin stays.
   */
  async function toggleUserStatus(id: string, actor: Actor): Promise<{ status: UserStatus }> {
    assertAdmin(actor);
    return db.transaction(async (tx) => {
      const before = await findLiveUser(tx, id, true);
      const status: UserStatus = before.status === 'Active' ? 'Blocked' : 'Active';
      if (status === 'Blocked') {
        if (before.id === actor.id) throw new ForbiddenError(t('users.cannotBlockSelf'));
        await assertAnotherActiveAdmin(tx, before);
      }
      const after = await updateUser(tx, id, { status, updatedAt: clock() });
      if (status === 'Blocked') await tx.delete(sessions).where(eq(sessions.userId, id));
      await auditUserChange(
        tx,
        actor,
        status === 'Blocked' ? 'user.block' : 'user.unblock',
        before,
        toUserView(after),
      );
      return { status };
    });
  }

  /** Changes a user's name and e-mail; the e-mail stays unique whatever its case. */
  async function updateUserInfo(id: string, input: UserInfoInput, actor: Actor): Promise<UserView> {
    assertAdmin(actor);
    return db.transaction(async (tx) => {
      const before = await findLiveUser(tx, id, true);
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${input.email.toLowerCase()}`, ne(users.id, id)));
      if (taken) throw new ConflictError(t('account.emailTaken'));
      const after = await updateUser(tx, id, {
        name: input.name,
        email: input.email,
        updatedAt: clock(),
      });
      await auditUserChange(tx, actor, 'user.update', before, toUserView(after));
      return toUserView(after);
    });
  }

  /**
   * Makes a user an admin (there is no demotion). Their sessions end, as with the bootstrap:
   * they sign in again to hold admin rights.
   */
  async function promoteUser(id: string, actor: Actor): Promise<UserView> {
    assertAdmin(actor);
    return db.transaction(async (tx) => {
      const before = await findLiveUser(tx, id, true);
      if (before.role === 'admin') throw new ConflictError(t('users.alreadyAdmin'));
      const after = await updateUser(tx, id, { role: 'admin', updatedAt: clock() });
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await auditUserChange(tx, actor, 'user.promote', before, toUserView(after));
      return toUserView(after);
    });
  }

  /**
   * Deletes an account by anonymising it: the row stays (listings and the audit log point at
   * it) without name, e-mail or password; its sessions and reset links go, and its listings
   * and property requests are withdrawn, all in one transaction. Nobody deletes themself, and
   * the last active admin stays.
   */
  async function deleteUser(
    id: string,
    actor: Actor,
  ): Promise<{ properties: number; assets: number; requests: number }> {
    assertAdmin(actor);
    if (id === actor.id) throw new ForbiddenError(t('users.cannotDeleteSelf'));
    return db.transaction(async (tx) => {
      const before = await findLiveUser(tx, id, true);
      await assertAnotherActiveAdmin(tx, before);
      const now = clock();
      const after = await updateUser(tx, id, {
        name: t('users.deletedName'),
        email: `deleted-${id}@deleted.invalid`,
        passwordHash: null,
        status: 'Blocked',
        deletedAt: now,
        updatedAt: now,
      });
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await tx.delete(passwordResets).where(eq(passwordResets.userId, id));
      const withdrawn = {
        properties: await softDeleteWhere(tx, properties, eq(properties.ownerId, id), now),
        assets: await softDeleteWhere(tx, assets, eq(assets.ownerId, id), now),
        requests: await softDeleteWhere(
          tx,
          propertyRequests,
          eq(propertyRequests.requesterId, id),
          now,
        ),
      };
      await auditUserChange(tx, actor, 'user.delete', before, { ...toUserView(after), withdrawn });
      return withdrawn;
    });
  }

  return {
    signup,
    login,
    getViewer,
    endSession,
    endAllSessions,
    requestPasswordReset,
    resetPassword,
    ensureAdmin,
    bootstrapAdmin,
    getUser,
    getPublicProfile,
    listUsers,
    getUserForAdmin,
    toggleUserStatus,
    updateUserInfo,
    promoteUser,
    deleteUser,
  };
}
