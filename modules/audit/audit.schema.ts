import { z } from 'zod';
import { MAX_PAGE, MAX_PAGE_SIZE } from '#lib/pagination.ts';

export const AuditListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  /** Only the entries about one kind of item (property, user, settings ...). */
  targetType: z.string().trim().max(40).optional(),
});

export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

/** One admin action as admins read it in the audit log. */
export const AuditEntrySchema = z.object({
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

export const AuditListAnswerSchema = z.object({
  data: z.array(AuditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  isTotalCapped: z.boolean(),
});
