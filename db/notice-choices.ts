import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from './client.ts';
import type { pushChoices, smsChoices } from './schema.ts';
import type { Clock } from '#lib/clock.ts';
import { SMS_CHOICE_DEFAULTS, SMS_NOTICE_KINDS, type SmsNoticeKind } from '#lib/sms.ts';

/** Each kind of notice, on or off for one person on one channel. */
export type NoticeChoices = Record<SmsNoticeKind, boolean>;

/**
 * The choices of one channel (SMS, push) that offers every kind of notice: a row per kind a
 * person set, the default (SMS_CHOICE_DEFAULTS, the same on every channel) for the others.
 */
export function createNoticeChoices({
  db,
  clock,
  table,
}: {
  db: Database;
  clock: Clock;
  table: typeof smsChoices | typeof pushChoices;
}) {
  /** Each kind and whether it reaches the user on this channel. */
  async function get(userId: string, runner: Database | Transaction = db): Promise<NoticeChoices> {
    const rows = await runner
      .select({ kind: table.kind, isOn: table.isOn })
      .from(table)
      .where(eq(table.userId, userId));
    const choices = { ...SMS_CHOICE_DEFAULTS };
    for (const row of rows) choices[row.kind] = row.isOn;
    return choices;
  }

  /** Sets the kinds given, on or off; the others keep their choice. Answers every kind. */
  async function set(userId: string, input: Partial<NoticeChoices>): Promise<NoticeChoices> {
    const now = clock();
    const rows = SMS_NOTICE_KINDS.filter((kind) => input[kind] !== undefined).map((kind) => ({
      userId,
      kind,
      isOn: input[kind]!,
      updatedAt: now,
    }));
    if (rows.length > 0) {
      await db
        .insert(table)
        .values(rows)
        .onConflictDoUpdate({
          target: [table.userId, table.kind],
          set: { isOn: sql`excluded.is_on`, updatedAt: now },
        });
    }
    return get(userId);
  }

  return { get, set };
}
