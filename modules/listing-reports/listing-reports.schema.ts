import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';
import {
  LISTING_REPORTS_PAGE_SIZE,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_NOTE_MAX_LENGTH,
} from '#lib/limits.ts';
import { listAnswerSchema, listQuerySchema } from '#lib/list-query.ts';
import {
  REPORT_NOT_COUNTED_REASONS,
  REPORT_OUTCOMES,
  REPORT_REASONS,
  REPORT_STATUSES,
} from '#lib/listing.ts';

/** Control characters (NUL above all); tabs and newlines pass. */
const isPrintable = (value: string) =>
  ![...value].some((char) => {
    const code = char.charCodeAt(0);
    return (code < 32 && char !== '\t' && char !== '\n' && char !== '\r') || code === 127;
  });

/**
 * A visitor's report of a listing: why, and in their words (required when the reason is
 * 'other'). The same schema serves the API and the listing page's form.
 */
export const ReportInputSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: () => t('listingReports.reasonRequired') }),
    details: z
      .string()
      .trim()
      .max(REPORT_DETAILS_MAX_LENGTH, {
        error: () => t('validation.tooLong', { max: REPORT_DETAILS_MAX_LENGTH }),
      })
      .refine(isPrintable, { error: () => t('validation.controlCharacters') })
      .optional()
      .default(''),
  })
  .check(
    z.refine((input) => input.reason !== 'other' || input.details !== '', {
      path: ['details'],
      error: () => t('listingReports.detailsRequired'),
    }),
  );
export type ReportInput = z.infer<typeof ReportInputSchema>;

/** A report as its reporter gets it back. */
const ReportViewSchema = z.object({
  _id: z.uuid(),
  listingId: z.uuid(),
  listingKind: z.enum(['property', 'asset']),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.iso.datetime(),
});
export type ReportView = z.infer<typeof ReportViewSchema>;

export const ReportAnswerSchema = z.object({ message: z.string(), report: ReportViewSchema });

/** The admin's list: open reports (the default) or closed ones. */
export const ListingReportListQuerySchema = listQuerySchema(LISTING_REPORTS_PAGE_SIZE, {
  status: z.enum(REPORT_STATUSES, { error: () => t('listingReports.badStatus') }).default('open'),
});
export type ListingReportListQuery = z.infer<typeof ListingReportListQuerySchema>;

/**
 * One report as admins see it, with its listing, how many reports of it are open, and whether it
 * counted toward hiding the listing (decided when it was made) or why not.
 */
const AdminReportViewSchema = ReportViewSchema.extend({
  outcome: z.enum(REPORT_OUTCOMES).nullable(),
  closedAt: z.iso.datetime().nullable(),
  /** The signed-in reporter; null for a visitor. */
  reporter: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  countsTowardHiding: z.boolean().meta({
    description:
      'Whether this report counts toward hiding its listing (three that count, open, hide it)',
  }),
  notCountedReason: z
    .enum(REPORT_NOT_COUNTED_REASONS)
    .nullable()
    .meta({
      description:
        'Why it does not count; null when it does. visitor: not signed in; newAccount: an ' +
        'account an admin has not verified, younger than REPORT_MIN_ACCOUNT_DAYS; ' +
        'dismissedBefore: an admin dismissed an earlier report of this listing by the same ' +
        'account (or, unverified, from the same address); sameAddress: another unverified ' +
        'reporter’s open report from the same address already counts',
    }),
  isReporterVerified: z.boolean().meta({
    description:
      'Whether an admin had verified the reporter when they reported: counted from any address',
  }),
  /** The listing; null when it no longer exists. */
  listing: z
    .object({
      title: z.string(),
      type: z.string(),
      isHidden: z.boolean(),
      isDeleted: z.boolean(),
      ownerId: z.uuid(),
      ownerName: z.string(),
      ownerStatus: z.enum(['Active', 'Blocked']),
    })
    .nullable(),
  /** Open reports of the same listing, this one included when open. */
  openReports: z.number().int(),
});
export type AdminReportView = z.infer<typeof AdminReportViewSchema>;

export const ListingReportListAnswerSchema = listAnswerSchema(AdminReportViewSchema);

export const ReportedListingParamsSchema = z.object({
  listingId: z.uuid({ error: () => t('api.invalidId') }),
});

/** An admin's decision on a reported listing: nothing wrong, hide it, or block its owner. */
export const ReportDecisionSchema = z.object({
  outcome: z.enum(REPORT_OUTCOMES, { error: () => t('listingReports.outcomeRequired') }),
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX_LENGTH, {
      error: () => t('validation.tooLong', { max: REPORT_NOTE_MAX_LENGTH }),
    })
    .optional(),
});
export type ReportDecision = z.infer<typeof ReportDecisionSchema>;
