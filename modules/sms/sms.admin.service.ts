import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { countUpTo, LIST_COUNT_CAP } from '#db/counting.ts';
import { smsOutbox } from '#db/schema.ts';
import { assertAdmin, type Actor } from '#lib/account.ts';
import { parseOrThrow } from '#lib/form-result.ts';
import type { Page } from '#lib/pagination.ts';
import { toAccountPhone } from '#lib/phone.ts';
import { SmsListQuerySchema, type AdminSmsView, type SmsListQuery } from './sms.admin.schema.ts';

export type SmsAdminService = ReturnType<typeof createSmsAdminService>;

/** The admins' view of the SMS outbox: what left, to whom, at what cost, and how it arrived. */
export function createSmsAdminService({ db }: { db: Database }) {
  function filtersOf(query: SmsListQuery): SQL | undefined {
    const phone = query.phone ? toAccountPhone(query.phone) : null;
    return and(
      query.status ? eq(smsOutbox.status, query.status) : undefined,
      query.kind ? eq(smsOutbox.kind, query.kind) : undefined,
      phone ? eq(smsOutbox.recipient, phone) : undefined,
    );
  }

  /**
   * A page of SMS, newest first. The body of an account SMS (a sign-in or proof code) is left in
   * the database: the query itself reads null in its place.
   */
  async function listMessages(
    query: Partial<SmsListQuery>,
    actor: Actor,
  ): Promise<Page<AdminSmsView>> {
    assertAdmin(actor);
    const parsed = parseOrThrow(SmsListQuerySchema, query);
    const where = filtersOf(parsed);
    const [rows, count] = await Promise.all([
      db
        .select({
          id: smsOutbox.id,
          createdAt: smsOutbox.createdAt,
          recipient: smsOutbox.recipient,
          userId: smsOutbox.userId,
          kind: smsOutbox.kind,
          status: smsOutbox.status,
          body: sql<
            string | null
          >`case when ${smsOutbox.kind} = 'account' then null else ${smsOutbox.body} end`,
          parts: smsOutbox.parts,
          cost: smsOutbox.cost,
          providerMessageId: smsOutbox.providerMessageId,
          failure: smsOutbox.failure,
          sentAt: smsOutbox.sentAt,
          reportedAt: smsOutbox.reportedAt,
        })
        .from(smsOutbox)
        .where(where)
        .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
        .limit(parsed.pageSize)
        .offset((parsed.page - 1) * parsed.pageSize),
      countUpTo(db, where ? sql`${smsOutbox} where ${where}` : sql`${smsOutbox}`, LIST_COUNT_CAP),
    ]);
    return {
      items: rows.map(({ id, createdAt, sentAt, reportedAt, body, kind, ...row }) => ({
        ...row,
        _id: id,
        kind,
        body: kind === 'account' ? null : body,
        isBodyHidden: kind === 'account',
        createdAt: createdAt.toISOString(),
        sentAt: sentAt?.toISOString() ?? null,
        reportedAt: reportedAt?.toISOString() ?? null,
      })),
      page: parsed.page,
      pageSize: parsed.pageSize,
      ...count,
    };
  }

  return { listMessages };
}
