import { z } from 'zod';
import { AUDIT_LOG_PAGE_SIZE, AUDIT_TARGET_TYPE_MAX_LENGTH } from '#lib/limits.ts';
import { listAnswerSchema, listQuerySchema } from '#lib/list-query.ts';

export const AuditListQuerySchema = listQuerySchema(AUDIT_LOG_PAGE_SIZE, {
  /** Only the entries about one kind of item (property, user, settings ...). */
  targetType: z.string().trim().max(AUDIT_TARGET_TYPE_MAX_LENGTH).optional(),
});

export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

/** One admin action as admins read it in the audit log. */
const AuditEntrySchema = z.object({
  _id: z.uuid(),
  actorId: z.uuid(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.iso.datetime(),
});

export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditListAnswerSchema = listAnswerSchema(AuditEntrySchema);
