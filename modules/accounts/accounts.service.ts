import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Transaction } from '#db/client.ts';
import { passwordResets, sessions, users } from '#db/schema.ts';
import type { PendingSignup, UserRole } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  UnauthorizedError,
} from '#lib/errors.ts';
import { currentLocale, isLocale, type Locale } from '#lib/i18n.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { t } from '#lib/i18n.all.ts';
import type { MailLinks } from '#modules/mail/mail.links.ts';
import type { MailService } from '#modules/mail/mail.service.ts';
import type { Signer } from '#modules/signing/signing.service.ts';
import type { EmailProof } from './accounts.email-proof.ts';
import { CHALLENGE_TTL_MS, type AuthLimits } from './accounts.limits.ts';
import type { AccountNotices } from './accounts.notices.ts';
import { hashPassword, verifyPassword } from './accounts.passwords.ts';
import { isValidSecondStep } from './accounts.two-step.ts';
import { USER_AGENT_MAX_LENGTH } from './accounts.user-agent.ts';
import type { PhoneCodes } from './accounts.phone-codes.ts';
import type {
  AdminTwoStep,
  LoginInput,
  PhoneCodeInput,
  PhonePasswordReset,
  SignInName,
  TwoStepLoginInput,
  PasswordReset,
  PasswordResetRequest,
  SignupInput,
  UserView,
} from './accounts.schema.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** A session's lastSeenAt is written at most this often, not on every request. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;
/** What a two-step challenge is signed for (modules/signing). */
const CHALLENGE_PURPOSE = 'login-two-step';
/** What a device cookie is signed for. */
const DEVICE_PURPOSE = 'device';

type UserRow = typeof users.$inferSelect;

/** Who is making a request: the signed-in user and the session that proves it. */
export type Viewer = {
  id: string;
  sessionId: string;
  name: string;
  /** Null for an account registered with a phone number alone. */
  email: string | null;
  /**
   * The role this session acts with, which every check of a power reads: the account's role,
   * except that an admin held to two-step sign-in (`mustTurnOnTwoStep`) acts as a guest.
   */
  role: UserRole;
  /** The account's own role, as the header shows it. */
  accountRole: UserRole;
  /** The language they chose, if any. */
  locale: Locale | null;
  /** Whether two-step sign-in is on for them (ADMIN_2FA=required holds admins to it). */
  isTwoStepOn: boolean;
};

/** What the admin sign-in policy looks at: the account's role and its two-step state. */
type AccountStanding = { accountRole: UserRole; isTwoStepOn: boolean };

/**
 * The request facts the rate limits and the sessions list need (the client's address, its
 * User-Agent header); the service knows nothing else about HTTP.
 */
type ClientContext = {
  clientAddress: string;
  userAgent?: string | null;
  /** The device cookie the browser sent, if any (accounts.limits.ts). */
  deviceToken?: string | null;
};

/**
 * A new session: its token, the user, and a new device cookie's value, which lets this browser's
 * later sign-ins pass the account's delay (accounts.limits.ts).
 */
type SessionGrant = { token: string; user: UserView; deviceToken: string };

/**
 * A right password: a session, or, when two-step sign-in is on, a signed challenge that
 * `loginWithCode` takes with a code.
 */
export type LoginOutcome =
  ({ twoStepRequired: false } & SessionGrant) | { twoStepRequired: true; challenge: string };

/** What a challenge carries: who, until when, and its own id (its codes are counted by it). */
const ChallengePayloadSchema = z.object({
  userId: z.uuid(),
  expiresAt: z.number(),
  id: z.string(),
});

/** What a device cookie carries: whose sign-ins it vouches for, and its own id. */
const DevicePayloadSchema = z.object({ userId: z.uuid(), id: z.string() });

/** A signed payload's fields, or null when it is not JSON of that shape. */
function parseSigned<Payload>(schema: z.ZodType<Payload>, payload: string | null): Payload | null {
  if (!payload) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type PublicProfile = {
  _id: string;
  name: string;
  role: UserRole;
  createdAt: Date;
  /** Whether an admin checked their identity ("Verified seller"); never who nor how. */
  isVerified: boolean;
};

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
    phone: user.phone,
    phoneProvedAt: user.phoneProvedAt?.toISOString() ?? null,
    role: user.role,
    status: user.status,
    createdAt: user.createdAt.toISOString(),
    verifiedAt: user.verifiedAt?.toISOString() ?? null,
    emailProvedAt: user.emailProvedAt?.toISOString() ?? null,
    isTwoStepOn: user.totpEnabledAt !== null,
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

/** The account with a (proved) phone number, deleted or not; undefined when there is none. */
async function findUserByPhone(
  db: Pick<Database, 'select'>,
  phone: string,
): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone));
  return user;
}

/** The account an e-mail address or a phone number signs in to. */
function findUserBySignInName(db: Pick<Database, 'select'>, name: SignInName) {
  return name.phone === undefined
    ? findUserByEmail(db, name.email)
    : findUserByPhone(db, name.phone);
}

/** What the sign-in limits count an account's attempts by: its e-mail or its number. */
function signInKey(name: SignInName): string {
  return name.phone ?? name.email;
}

/**
 * A registration: signed in at once with an e-mail address alone; with a phone number, once the
 * code sent to it is typed (`confirmSignup`).
 */
type SignupOutcome = ({ codeSent: false } & SessionGrant) | { codeSent: true; proof: string };

/**
 * What people do with their own account (accounts.api.ts and the account pages): sign up, sign
 * in and out, reset a forgotten password, and see a profile. Admin work on accounts is in
 * accounts.admin.service.ts; the admin bootstrap in accounts.bootstrap.ts.
 */
export function createAccountsService({
  db,
  clock,
  mail,
  links,
  limits,
  notices,
  emailProof,
  signer,
  adminTwoStep,
  phoneCodes,
}: {
  db: Database;
  clock: Clock;
  mail: MailService;
  /** The reset link, in its recipient's language. */
  links: MailLinks;
  /** The sign-in limits, shared with the account security service (accounts.limits.ts). */
  limits: AuthLimits;
  /** Tells the owner when a reset link changed their password. */
  notices: AccountNotices;
  /** Sends a new account the link that proves its address. */
  emailProof: Pick<EmailProof, 'sendFirstProofLink'>;
  /** Signs the challenge between a right password and its two-step code. */
  signer: Signer;
  /** ADMIN_2FA: whether admins must turn two-step sign-in on before using the admin panel. */
  adminTwoStep: AdminTwoStep;
  /** The codes sent by SMS that prove a number (accounts.phone-codes.ts). */
  phoneCodes: PhoneCodes;
}) {
  // Every request that carries a session runs this: prepared once, it is not built again each
  // time (a third of its cost on the embedded database).
  const viewerOfSession = db
    .select({
      sessionId: sessions.id,
      id: users.id,
      name: users.name,
      email: users.email,
      accountRole: users.role,
      locale: users.locale,
      totpEnabledAt: users.totpEnabledAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.status, 'Active'),
      ),
    )
    .prepare('viewer_of_session');

  async function startSession(user: UserRow, client: ClientContext): Promise<SessionGrant> {
    const token = newToken();
    const now = clock();
    await db.insert(sessions).values({
      userId: user.id,
      tokenHash: hashToken(token),
      userAgent: client.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) || null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    });
    // Housekeeping on the user's own (indexed) rows, so expired sessions do not pile up.
    await db.delete(sessions).where(and(eq(sessions.userId, user.id), lt(sessions.expiresAt, now)));
    const device = { userId: user.id, id: newToken().slice(0, 22) };
    const deviceToken = await signer.sign(DEVICE_PURPOSE, JSON.stringify(device));
    return { token, user: toUserView(user), deviceToken };
  }

  /** Whose sign-ins a device cookie vouches for, and its id; null for none or a forged one. */
  async function readDevice(deviceToken: string | null | undefined) {
    if (!deviceToken) return null;
    return parseSigned(DevicePayloadSchema, await signer.verify(DEVICE_PURPOSE, deviceToken));
  }

  /**
   * Registers a buyer, seller or guest. The e-mail and the number are unique (an e-mail in any
   * case). With an e-mail alone, the account is made and signed in at once, and the link that
   * proves the address is e-mailed to it. With a phone number, a code is sent to it and nothing
   * is made until the code is typed (`confirmSignup`): nobody registers a number not theirs.
   */
  async function signup(input: SignupInput, client: ClientContext): Promise<SignupOutcome> {
    await limits.countSignup(client.clientAddress);
    const passwordHash = await hashPassword(input.password);
    const locale = input.locale ?? currentLocale();
    const taken = await findTaken(db, input);
    if (taken) throw new ConflictError(taken);
    if (input.phone) {
      const proof = await phoneCodes.issue({
        purpose: 'signup',
        phone: input.phone,
        userId: null,
        pending: {
          name: input.username,
          role: input.role,
          passwordHash,
          locale,
          email: input.email ?? null,
        },
        locale,
        clientAddress: client.clientAddress,
      });
      return { codeSent: true, proof };
    }
    const user = await createAccount({
      name: input.username,
      role: input.role,
      passwordHash,
      locale,
      email: input.email ?? null,
    });
    return { codeSent: false, ...(await startSession(user, client)) };
  }

  /** What of an e-mail and a number is already an account's, as the error to answer; or null. */
  async function findTaken(
    runner: Pick<Database, 'select'>,
    contact: { email?: string | null | undefined; phone?: string | null | undefined },
  ): Promise<string | null> {
    if (contact.phone && (await findUserByPhone(runner, contact.phone))) {
      return t('account.phoneTaken');
    }
    if (contact.email && (await findUserByEmail(runner, contact.email))) {
      return t('account.emailTaken');
    }
    return null;
  }

  /**
   * Makes the account of a registration, with its number proved when it came by a code (in the
   * code's transaction); the link that proves its e-mail, if any, goes with it.
   */
  async function createAccount(
    pending: PendingSignup,
    proved: { tx: Transaction; phone: string } | null = null,
  ): Promise<UserRow> {
    const now = clock();
    const write = async (tx: Transaction) => {
      const taken = await findTaken(tx, { email: pending.email, phone: proved?.phone });
      if (taken) throw new ConflictError(taken);
      const [made] = await tx
        .insert(users)
        .values({
          name: pending.name,
          email: pending.email,
          phone: proved?.phone ?? null,
          phoneProvedAt: proved ? now : null,
          role: pending.role,
          passwordHash: pending.passwordHash,
          // The language of the page they signed up on (the form says it; an API call may),
          // else the request's, until they choose another: their e-mails and SMS use it.
          locale: isLocale(pending.locale) ? pending.locale : currentLocale(),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!made) throw new ConflictError(t(proved ? 'account.phoneTaken' : 'account.emailTaken'));
      if (made.email) await emailProof.sendFirstProofLink(tx, { ...made, email: made.email });
      return made;
    };
    return proved ? write(proved.tx) : db.transaction(write);
  }

  /**
   * Finishes a registration by phone with the code sent to it: the account is made, its number
   * proved, and it is signed in. A number another account proved meanwhile answers 409.
   */
  async function confirmSignup(
    input: PhoneCodeInput,
    client: ClientContext,
  ): Promise<SessionGrant> {
    const proved = await phoneCodes.check(input.proof, input.code, ['signup']);
    const user = await db.transaction(async (tx) => {
      await phoneCodes.spend(tx, proved);
      if (!proved.pending) throw InvalidError.field('code', t('phoneCode.expired'));
      return createAccount(proved.pending, { tx, phone: proved.phone });
    });
    return startSession(user, client);
  }

  /**
   * Signs a user in with e-mail and password. A failure delays the account's next attempt
   * (after 5 free ones), unless the browser's device cookie vouches for it, and counts against
   * the client address's far higher ceiling (accounts.limits.ts); a blocked account is told so
   * only once the password is right. With two-step sign-in on, a right password answers a
   * challenge instead of a session.
   */
  async function login(input: LoginInput, client: ClientContext): Promise<LoginOutcome> {
    // Only a genuine device cookie makes the account be read before the limits: a burst of
    // guesses without one is refused without touching the database.
    const device = await readDevice(client.deviceToken);
    const vouchedFor = device ? await findUserBySignInName(db, input) : undefined;
    const attempt = await limits.beginPasswordAttempt({
      email: signInKey(input),
      clientAddress: client.clientAddress,
      deviceId: device && vouchedFor?.id === device.userId ? device.id : null,
    });
    const user = vouchedFor ?? (await findUserBySignInName(db, input));
    const isValid = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !isValid) throw new UnauthorizedError(t('account.invalidCredentials'));
    await attempt.succeeded();
    return afterFirstStep(user, client);
  }

  /**
   * After a right password (or a code sent by SMS): a session, or, with two-step sign-in on, a
   * challenge for its code. A blocked account is told so only now.
   */
  async function afterFirstStep(user: UserRow, client: ClientContext): Promise<LoginOutcome> {
    if (user.status !== 'Active') throw new ForbiddenError(t('account.blocked'));
    if (user.totpEnabledAt) {
      const payload = {
        userId: user.id,
        expiresAt: clock().getTime() + CHALLENGE_TTL_MS,
        id: newToken().slice(0, 16),
      };
      return {
        twoStepRequired: true,
        challenge: await signer.sign(CHALLENGE_PURPOSE, JSON.stringify(payload)),
      };
    }
    return { twoStepRequired: false, ...(await startSession(user, client)) };
  }

  /**
   * Sends a sign-in code by SMS to a number that is an active account's. The answer is the same
   * token either way (one that no code types, for a number without an account), so the form
   * does not tell who has an account.
   */
  async function requestLoginCode(phone: string, client: ClientContext): Promise<string> {
    const user = await findUserByPhone(db, phone);
    if (!user || user.status !== 'Active' || user.deletedAt) return newToken();
    return phoneCodes.issue({
      purpose: 'login',
      phone,
      userId: user.id,
      locale: user.locale,
      clientAddress: client.clientAddress,
    });
  }

  /**
   * Signs in with the code sent by SMS instead of a password: a session, or the two-step
   * challenge when two-step sign-in is on (the code stands for the password, not for both).
   */
  async function loginWithPhoneCode(
    input: PhoneCodeInput,
    client: ClientContext,
  ): Promise<LoginOutcome> {
    const proved = await phoneCodes.check(input.proof, input.code, ['login']);
    const user = await db.transaction(async (tx) => {
      await phoneCodes.spend(tx, proved);
      const [owner] = await tx
        .select()
        .from(users)
        .where(eq(users.id, proved.userId ?? ''));
      // A number moved to another account meanwhile signs in to none.
      if (owner?.phone !== proved.phone) throw InvalidError.field('code', t('phoneCode.expired'));
      return owner;
    });
    await limits.clearPasswordFailures(proved.phone);
    return afterFirstStep(user, client);
  }

  /**
   * The challenge's payload, or null when it is forged, expired, has used up its codes or
   * already signed in.
   */
  async function readChallenge(challenge: string) {
    const payload = parseSigned(
      ChallengePayloadSchema,
      await signer.verify(CHALLENGE_PURPOSE, challenge),
    );
    if (!payload || payload.expiresAt <= clock().getTime()) return null;
    if (await limits.isChallengeUsedUp(payload.id)) return null;
    return payload;
  }

  /**
   * The second step of signing in: the challenge from `login` with a code from the user's
   * authenticator app or one of their recovery codes (then used up). A challenge takes 5 wrong
   * codes and signs in once; an account's wrong codes delay its next ones as wrong passwords do.
   */
  async function loginWithCode(
    input: TwoStepLoginInput,
    client: ClientContext,
  ): Promise<SessionGrant> {
    const expired = () => InvalidError.field('challenge', t('twoStep.challengeExpired'));
    const challenge = await readChallenge(input.challenge);
    if (!challenge) throw expired();
    const attempt = await limits.beginChallengeCodeAttempt(challenge.userId, challenge.id);
    if (!attempt) throw expired();
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, challenge.userId), isNull(users.deletedAt)));
    if (!user?.totpEnabledAt) throw expired();
    if (user.status !== 'Active') throw new ForbiddenError(t('account.blocked'));
    if (!(await isValidSecondStep(db, user, input.code, clock()))) {
      throw InvalidError.field('code', t('twoStep.wrongCode'));
    }
    await attempt.succeeded();
    // Of two right codes sent with one challenge, at once or one after the other, one signs in.
    if (!(await limits.spendChallenge(challenge.id))) throw expired();
    return startSession(user, client);
  }

  /** Whether ADMIN_2FA=required holds this admin back until they turn two-step sign-in on. */
  function mustTurnOnTwoStep(account: AccountStanding): boolean {
    return adminTwoStep === 'required' && account.accountRole === 'admin' && !account.isTwoStepOn;
  }

  /**
   * The admin sign-in policy, in the one place every request's viewer comes from: an admin's
   * powers exist only in a session that satisfies it. Until then the admin acts as a guest,
   * the role with no power beyond one's own things, on every route, page and service.
   */
  function actingRoleOf(account: AccountStanding): UserRole {
    return mustTurnOnTwoStep(account) ? 'guest' : account.accountRole;
  }

  /** The signed-in user behind a session token, or null when it is unknown, expired or blocked. */
  async function getViewer(token: string): Promise<Viewer | null> {
    const now = clock();
    const [row] = await viewerOfSession.execute({ tokenHash: hashToken(token), now });
    if (!row) return null;
    // Written at most every 5 minutes: most requests only read.
    if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
    }
    const { totpEnabledAt, lastSeenAt: _lastSeenAt, accountRole, ...viewer } = row;
    const standing = { accountRole, isTwoStepOn: totpEnabledAt !== null };
    return { ...viewer, ...standing, role: actingRoleOf(standing) };
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
    client: ClientContext,
  ): Promise<{ proof: string | null }> {
    await limits.countResetRequest(signInKey(input), client.clientAddress);
    if (input.phone !== undefined) return { proof: await requestResetCode(input.phone, client) };
    const user = await findUserByEmail(db, input.email);
    if (!user?.email || user.status !== 'Active') return { proof: null };
    const email = user.email;
    // However many are asked for, one e-mail every few minutes: the link it has stays good.
    if (!(await limits.claimResetMail(user.id))) return { proof: null };
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
            to: email,
            kind: 'account',
            subject: t('reset.mailSubject', { brand }),
            // No name: whoever registered typed it, and anyone may ask for this e-mail.
            text: t('reset.mailBody', {
              brand,
              minutes: PASSWORD_RESET_TTL_MINUTES,
              link: links.link(`/reset-password?token=${token}`),
            }),
          },
          tx,
        );
      }),
    );
    return { proof: null };
  }

  /** A code by SMS in place of the e-mailed link; the same answer for a number of no account. */
  async function requestResetCode(phone: string, client: ClientContext): Promise<string> {
    const user = await findUserByPhone(db, phone);
    if (!user || user.status !== 'Active' || user.deletedAt) return newToken();
    return phoneCodes.issue({
      purpose: 'reset',
      phone,
      userId: user.id,
      locale: user.locale,
      clientAddress: client.clientAddress,
    });
  }

  /**
   * Sets a new password from a reset link. The link, and any other link sent to the account, is
   * used up; every session of the account ends; its sign-in lockout is lifted. Bad tokens count
   * against the client address, and are refused before any costly hashing.
   */
  async function resetPassword(input: PasswordReset, client: ClientContext): Promise<void> {
    const attempt = await limits.beginResetTokenAttempt(client.clientAddress);
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
    if (!pending) throw InvalidError.field('token', t('reset.invalidLink'));
    await attempt.succeeded();
    const passwordHash = await hashPassword(input.password);
    const now = clock();
    const user = await db.transaction(async (tx) => {
      // Claimed again inside the transaction: of two concurrent uses, one wins.
      const [reset] = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(isUsable)
        .returning({ userId: passwordResets.userId });
      if (!reset) throw InvalidError.field('token', t('reset.invalidLink'));
      return setNewPassword(tx, reset.userId, passwordHash);
    });
    await clearSignInFailures(user);
  }

  /**
   * The new password of a reset (by link or code): every other reset link of the account used
   * up, every session ended, its owner told.
   */
  async function setNewPassword(tx: Transaction, userId: string, passwordHash: string) {
    const now = clock();
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ email: users.email, phone: users.phone, locale: users.locale });
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await notices.tellAccountChanged(tx, user!, 'password');
    return user!;
  }

  /** A new password lifts the sign-in delay of the account's e-mail and number. */
  async function clearSignInFailures(user: { email: string | null; phone: string | null }) {
    if (user.email) await limits.clearPasswordFailures(user.email);
    if (user.phone) await limits.clearPasswordFailures(user.phone);
  }

  /**
   * Sets a new password with the code sent by SMS to the account's number: as a reset link
   * does, every session ends and the sign-in delay lifts.
   */
  async function resetPasswordWithCode(
    input: PhonePasswordReset,
    _client: ClientContext,
  ): Promise<void> {
    const proved = await phoneCodes.check(input.proof, input.code, ['reset']);
    const passwordHash = await hashPassword(input.password);
    const user = await db.transaction(async (tx) => {
      await phoneCodes.spend(tx, proved);
      const [owner] = await tx
        .select({ id: users.id, phone: users.phone })
        .from(users)
        .where(eq(users.id, proved.userId ?? ''))
        .for('update');
      if (owner?.phone !== proved.phone) throw InvalidError.field('code', t('phoneCode.expired'));
      return setNewPassword(tx, owner.id, passwordHash);
    });
    await clearSignInFailures(user);
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

  /** What anyone may see of a user: name, role, since when, verified. Never the e-mail. */
  async function getPublicProfile(id: string): Promise<PublicProfile> {
    const [user] = await db
      .select({
        _id: users.id,
        name: users.name,
        role: users.role,
        createdAt: users.createdAt,
        isVerified: sql<boolean>`${users.verifiedAt} is not null`,
      })
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
    confirmSignup,
    login,
    loginWithCode,
    requestLoginCode,
    loginWithPhoneCode,
    /** A new code in place of the one a token types, in the visitor's language. */
    resendPhoneCode: (proof: string, client: ClientContext) =>
      phoneCodes.resend(proof, client, currentLocale()),
    resetPasswordWithCode,
    mustTurnOnTwoStep,
    getViewer,
    setLocale,
    endSession,
    requestPasswordReset,
    resetPassword,
    getUser,
    getPublicProfile,
  };
}
