import { z } from 'zod';
import { AUDIT_LOG_PAGE_SIZE, AUDIT_TARGET_TYPE_MAX_LENGTH } from '#lib/limits.ts';
import { listAnswerSchema, listQuerySchema } from '#lib/list-query.ts';

/**
 * Every action the audit log records, `kind.verb`: the admin panel shows each by its label
 * (`admin.audit.action.*` in the admin catalogues), and an action missing here does not compile.
 */
export const AUDIT_ACTIONS = [
  'property.create',
  'property.update',
  'property.approve',
  'property.delete',
  'asset.create',
  'asset.update',
  'asset.approve',
  'asset.delete',
  'supply.update',
  'supply.approve',
  'supply.reject',
  'supply.delete',
  'request.delete',
  'listing.report.dismissed',
  'listing.report.hidden',
  'listing.report.blocked',
  'listing.restore',
  'user.update',
  'user.block',
  'user.unblock',
  'user.verify',
  'user.unverify',
  'user.twoStepReset',
  'user.promote',
  'user.delete',
  'user.deleteSelf',
  'user.message',
  'notification.create',
  'notification.update',
  'notification.delete',
  'message.update',
  'message.reply',
  'message.delete',
  'inquiry.delete',
  'settings.update',
  'support.update',
  'prices.update',
  'sms.update',
  'payment.refund',
  'payment.waive',
  'faq.create',
  'faq.delete',
  'ticket.reply',
  'ticket.note',
  'ticket.assign',
  'ticket.status',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of item an action is about (`admin.audit.kind.*`), the audit log's filter. */
export const AUDIT_TARGET_TYPES = [
  'property',
  'asset',
  'request',
  'user',
  'message',
  'inquiry',
  'notification',
  'faq',
  'settings',
  'payment',
  'ticket',
] as const;

export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

export function isAuditTargetType(value: string): value is AuditTargetType {
  return (AUDIT_TARGET_TYPES as readonly string[]).includes(value);
}

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
