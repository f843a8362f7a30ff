import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { sessions, users } from '#db/schema.ts';
import type { Clock } from '#lib/clock.ts';
import { hashPassword } from './accounts.passwords.ts';
import type { UserView } from './accounts.schema.ts';
import { findUserByEmail, toUserView } from './accounts.service.ts';

/**
 * How the platform gets its administrators outside the admin panel: at start (ADMIN_EMAIL and
 * ADMIN_PASSWORD, or a generated first admin, server/start.ts) and from the shell
 * (`npm run create-admin`, accounts.cli.ts). No actor: whoever runs these owns the server.
 */
export function createAdminBootstrap({ db, clock }: { db: Database; clock: Clock }) {
  /**
   * Creates the admin account, or promotes and re-keys an existing one with that e-mail. The
   * existing account's sessions end: whoever held them did not prove they know the new password.
   */
  async function ensureAdmin(input: { email: string; password: string }): Promise<UserView> {
    const passwordHash = await hashPassword(input.password);
    const now = clock();
    const existing = await findUserByEmail(db, input.email);
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

  return { ensureAdmin, bootstrapAdmin };
}
