import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { countUpTo, LIST_COUNT_CAP } from '#db/counting.ts';
import { auditLog, users } from '#db/schema.ts';
import type { Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import type { Page } from '#lib/pagination.ts';
import type { AuditAction, AuditEntry, AuditListQuery, AuditTargetType } from './audit.schema.ts';

export type AuditService = ReturnType<typeof createAuditService>;

/** What an admin did: `action` is one of AUDIT_ACTIONS, such as `property.delete`. */
export type AuditRecord = {
  actor: Actor;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId?: string | null;
  before?: object | null;
  after?: object | null;
};

/** A JSON copy of a value: dates become ISO strings, undefined fields disappear. */
function toJson(value: object | null | undefined): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

export function createAuditService({ db, clock }: { db: Database; clock: Clock }) {
  /**
   * Records an admin action. Pass the transaction when the action runs in one, so that the
   * entry is written (or rolled back) with the change it describes.
   */
  async function record(entry: AuditRecord, executor: Pick<Database, 'insert'> = db) {
    await executor.insert(auditLog).values({
      actorId: entry.actor.id,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      before: toJson(entry.before),
      after: toJson(entry.after),
      createdAt: clock(),
    });
  }

  /** A page of the audit log, newest first, with the acting admin's name. */
  async function listEntries(query: AuditListQuery): Promise<Page<AuditEntry>> {
    const where = query.targetType ? eq(auditLog.targetType, query.targetType) : undefined;
    const [rows, count] = await Promise.all([
      db
        .select({ entry: auditLog, actorName: users.name })
        .from(auditLog)
        .innerJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      countUpTo(db, where ? sql`${auditLog} where ${where}` : sql`${auditLog}`, LIST_COUNT_CAP),
    ]);
    return {
      items: rows.map(({ entry, actorName }) => ({
        _id: entry.id,
        actorId: entry.actorId,
        actorName,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        before: entry.before,
        after: entry.after,
        createdAt: entry.createdAt.toISOString(),
      })),
      page: query.page,
      pageSize: query.pageSize,
      ...count,
    };
  }

  return { record, listEntries };
}
