import { and, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { containing, listNewestFirst, softDeleteWhere } from '#db/rows.ts';
import {
  favourites,
  inquiries,
  passwordResets,
  phoneCodes,
  propertyRequests,
  recoveryCodes,
  savedSearches,
  sessions,
  users,
} from '#db/schema.ts';
import { assertAdmin, type Actor, type UserStatus } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '#lib/errors.ts';
import { t } from '#lib/i18n.all.ts';
import { toAccountPhone } from '#lib/phone.ts';
import type { Page } from '#lib/pagination.ts';
import type { AuditRecord, AuditService } from '#modules/audit/audit.service.ts';
import type { MailService } from '#modules/mail/mail.service.ts';
import type { CatalogueEvents } from '#modules/catalogue/catalogue.events.ts';
import type { ListingWriter } from '#modules/catalogue/catalogue.writes.ts';
import type { AccountNotices } from './accounts.notices.ts';
import { parseOrThrow } from '#lib/form-result.ts';
import {
  UserVerificationInputSchema,
  type UserInfoInput,
  type UserListQuery,
  type UserView,
} from './accounts.schema.ts';
import { toUserView } from './accounts.service.ts';

type UserRow = typeof users.$inferSelect;

export type AccountsAdminService = ReturnType<typeof createAccountsAdminService>;

/**
 * User management for admins (the admin panel's users, accounts.admin.api.ts): list, read,
 * edit, block, promote and delete accounts. Every function re-checks that the actor is an
 * admin, since page actions reach it without the API's route check, and every change is
 * written to the audit log in the same transaction.
 */
export function createAccountsAdminService({
  db,
  clock,
  audit,
  mail,
  notices,
  catalogueEvents,
  writer,
}: {
  db: Database;
  clock: Clock;
  audit: AuditService;
  /** Keeps the e-mail choices of an account whose address changes. */
  mail: Pick<MailService, 'moveOptOuts'>;
  /** Tells an account's owner of a new address, or of two-step sign-in turned off. */
  notices: AccountNotices;
  /** Told when a rename or a verification changes what listings show of their owner. */
  catalogueEvents: CatalogueEvents;
  /** The one way a listing is written: a deleted account's listings are withdrawn by it. */
  writer: Pick<ListingWriter, 'withdrawOwnerListings'>;
}) {
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
    action: AuditRecord['action'],
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

  /**
   * A page of accounts for admins, newest first: by role, and by part of name or e-mail, or by
   * phone number written any common way.
   */
  async function listUsers(query: UserListQuery, actor: Actor): Promise<Page<UserView>> {
    assertAdmin(actor);
    const conditions: SQL[] = [isNull(users.deletedAt)];
    if (query.role) conditions.push(eq(users.role, query.role));
    if (query.q) {
      const pattern = containing(query.q);
      const phone = toAccountPhone(query.q);
      conditions.push(
        or(
          ilike(users.name, pattern),
          ilike(users.email, pattern),
          ...(phone ? [eq(users.phone, phone)] : []),
        )!,
      );
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

  /**
   * Blocks an account inside the caller's transaction (an admin's decision on a reported
   * listing): its sessions end and the change is audited; an account already blocked stays so.
   */
  async function blockUserIn(tx: Transaction, id: string, actor: Actor): Promise<void> {
    assertAdmin(actor);
    const before = await findLiveUser(tx, id, true);
    if (before.status === 'Blocked') return;
    if (before.id === actor.id) throw new ForbiddenError(t('users.cannotBlockSelf'));
    await assertAnotherActiveAdmin(tx, before);
    const after = await updateUser(tx, id, { status: 'Blocked', updatedAt: clock() });
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await auditUserChange(tx, actor, 'user.block', before, toUserView(after));
  }

  /**
   * Changes a user's name and e-mail; the e-mail stays unique whatever its case. A new name is
   * a catalogue change: visitors see it on the user's listings and profile.
   */
  async function updateUserInfo(id: string, input: UserInfoInput, actor: Actor): Promise<UserView> {
    assertAdmin(actor);
    const { view, isRenamed } = await db.transaction(async (tx) => {
      const before = await findLiveUser(tx, id, true);
      const email = input.email ?? null;
      // An account registered by phone may have no address; any other keeps one.
      if (email === null && !before.phone) {
        throw InvalidError.field('email', t('validation.email'));
      }
      if (email !== null) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, id)));
        if (taken) throw new ConflictError(t('account.emailTaken'));
      }
      const isNewAddress = before.email?.toLowerCase() !== email?.toLowerCase();
      const after = await updateUser(tx, id, {
        name: input.name,
        email,
        // A new address is nobody's proven one until its owner follows a link sent to it.
        ...(isNewAddress && { emailProvedAt: null }),
        updatedAt: clock(),
      });
      if (before.email && after.email) await mail.moveOptOuts(before.email, after.email, tx);
      // The old address hears of it: whoever owns the account learns where its mail now goes.
      if (isNewAddress) {
        await notices.tellAccountChanged(tx, before, 'email', { newEmail: after.email ?? '' });
      }
      await auditUserChange(tx, actor, 'user.update', before, toUserView(after));
      return { view: toUserView(after), isRenamed: before.name !== after.name };
    });
    if (isRenamed) catalogueEvents.changed();
    return view;
  }

  /**
   * Marks a user verified after an admin checked their identity (`checkedIdentity`): only when
   * and by whom are stored, never a document number. Audited; a verified user is a Conflict. The
   * badge shows on their listings: a catalogue change.
   */
  async function verifyUser(
    id: string,
    input: { checkedIdentity?: unknown },
    actor: Actor,
  ): Promise<UserView> {
    assertAdmin(actor);
    const { checkedIdentity } = parseOrThrow(UserVerificationInputSchema, input);
    const verified = await db.transaction(async (tx) => {
      const before = await findLiveUser(tx, id, true);
      if (before.verifiedAt) throw new ConflictError(t('users.alreadyVerified'));
      const now = clock();
      const after = await updateUser(tx, id, {
        verifiedAt: now,
        verifiedBy: actor.id,
        updatedAt: now,
      });
      await auditUserChange(tx, actor, 'user.verify', before, {
        ...toUserView(after),
        verifiedBy: actor.id,
        checkedIdentity,
      });
      return toUserView(after);
    });
    catalogueEvents.changed();
    return verified;
  }

  /** Takes a user's verification away (audited); a user who is not verified is a Conflict. */
  async function unverifyUser(id: string, actor: Actor): Promise<UserView> {
    assertAdmin(actor);
    const unverified = await db.transaction(async (tx) => {
      const before = await findLiveUser(tx, id, true);
      if (!before.verifiedAt) throw new ConflictError(t('users.notVerified'));
      const after = await updateUser(tx, id, {
        verifiedAt: null,
        verifiedBy: null,
        updatedAt: clock(),
      });
      await auditUserChange(tx, actor, 'user.unverify', before, toUserView(after));
      return toUserView(after);
    });
    catalogueEvents.changed();
    return unverified;
  }

  /**
   * Turns a user's two-step sign-in off, for an owner who lost their authenticator app and
   * recovery codes (or whose stolen session turned it on): its secret and recovery codes go,
   * every session of the account ends, the owner is told by e-mail, and the change is audited.
   * A user without two-step sign-in is a Conflict.
   */
  async function resetTwoStep(id: string, actor: Actor): Promise<UserView> {
    assertAdmin(actor);
    return db.transaction(async (tx) => {
      const before = await findLiveUser(tx, id, true);
      if (!before.totpEnabledAt) throw new ConflictError(t('twoStep.alreadyOff'));
      const after = await updateUser(tx, id, {
        totpSecret: null,
        totpEnabledAt: null,
        updatedAt: clock(),
      });
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, id));
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await notices.tellAccountChanged(tx, before, 'twoStepReset');
      await auditUserChange(tx, actor, 'user.twoStepReset', before, toUserView(after));
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
   * Anonymises an account: the row stays (listings and the audit log point at it) without name,
   * e-mail, password or two-step secret; its sessions, reset links, recovery codes, saved
   * listings and saved searches go, the conversations it started lose the visitor's name,
   * e-mail and phone, and its listings and property requests are withdrawn, all in one
   * transaction, audited as `action`. The last active admin stays. Withdrawn listings are a
   * catalogue change (requests are not part of the catalogue visitors search).
   */
  async function anonymiseAccount(
    id: string,
    actor: Actor,
    action: 'user.delete' | 'user.deleteSelf',
  ): Promise<{ properties: number; assets: number; requests: number }> {
    const withdrawn = await db.transaction(async (tx) => {
      const before = await findLiveUser(tx, id, true);
      await assertAnotherActiveAdmin(tx, before);
      const now = clock();
      const name = t('users.deletedName');
      const email = `deleted-${id}@deleted.invalid`;
      const after = await updateUser(tx, id, {
        name,
        email,
        emailProvedAt: null,
        // The number is freed: its owner may register it again, or give it to another account.
        phone: null,
        phoneProvedAt: null,
        passwordHash: null,
        totpSecret: null,
        totpEnabledAt: null,
        status: 'Blocked',
        deletedAt: now,
        updatedAt: now,
      });
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await tx.delete(passwordResets).where(eq(passwordResets.userId, id));
      await tx.delete(phoneCodes).where(eq(phoneCodes.userId, id));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, id));
      await tx.delete(favourites).where(eq(favourites.userId, id));
      await tx.delete(savedSearches).where(eq(savedSearches.userId, id));
      await tx.update(inquiries).set({ name, email, phone: '' }).where(eq(inquiries.senderId, id));
      const listings = await writer.withdrawOwnerListings(tx, id);
      const counts = {
        properties: listings.property,
        assets: listings.asset,
        requests: await softDeleteWhere(
          tx,
          propertyRequests,
          eq(propertyRequests.requesterId, id),
          now,
        ),
      };
      await auditUserChange(tx, actor, action, before, {
        ...toUserView(after),
        withdrawn: counts,
      });
      return counts;
    });
    return withdrawn;
  }

  /** An admin deletes someone else's account (anonymiseAccount); nobody deletes themself here. */
  async function deleteUser(
    id: string,
    actor: Actor,
  ): Promise<{ properties: number; assets: number; requests: number }> {
    assertAdmin(actor);
    if (id === actor.id) throw new ForbiddenError(t('users.cannotDeleteSelf'));
    return anonymiseAccount(id, actor, 'user.delete');
  }

  /**
   * A user deletes their own account, anonymised as an admin's delete would; the last active
   * admin cannot. The caller has checked their password.
   */
  async function deleteOwnAccount(actor: Actor): Promise<void> {
    await anonymiseAccount(actor.id, actor, 'user.deleteSelf');
  }

  return {
    listUsers,
    getUserForAdmin,
    toggleUserStatus,
    blockUserIn,
    updateUserInfo,
    promoteUser,
    verifyUser,
    unverifyUser,
    resetTwoStep,
    deleteUser,
    deleteOwnAccount,
  };
}
