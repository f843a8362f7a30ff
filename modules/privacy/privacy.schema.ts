import { z } from 'zod';
import { CheckboxSchema } from '#lib/form-fields.ts';
import { t } from '#lib/i18n.all.ts';
import { PASSWORD_MAX_LENGTH } from '#lib/limits.ts';

/** The current password, which deleting one's own account asks again. */
const CurrentPasswordSchema = z
  .string({ error: () => t('validation.required', { field: t('account.password') }) })
  .min(1, { error: () => t('validation.required', { field: t('account.password') }) })
  .max(PASSWORD_MAX_LENGTH, {
    error: () => t('validation.tooLong', { max: PASSWORD_MAX_LENGTH }),
  });

/** `DELETE /api/me`: the current password. */
export const DeleteAccountInputSchema = z.object({ password: CurrentPasswordSchema });

export type DeleteAccountInput = z.infer<typeof DeleteAccountInputSchema>;

/** The account page's delete form: the password and the box saying it cannot be undone. */
export const DeleteAccountFormSchema = z.object({
  password: CurrentPasswordSchema,
  isUnderstood: CheckboxSchema.refine((value) => value, {
    error: () => t('privacy.confirmRequired'),
  }),
});

/** A row of the user's own (a listing, a request): its columns as JSON, internals left out. */
const RowSchema = z.record(z.string(), z.unknown());

const ExportMessageSchema = z.object({
  from: z.enum(['visitor', 'owner']),
  body: z.string(),
  createdAt: z.string(),
});

const ExportConversationSchema = z.object({
  id: z.uuid(),
  side: z.enum(['visitor', 'owner']),
  listingId: z.uuid(),
  listingKind: z.enum(['property', 'asset']),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.string(),
  isAgreedToEmails: z.boolean(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  messages: z.array(ExportMessageSchema),
});

/**
 * Everything the marketplace keeps about a user, as `GET /api/me/export` answers it (Law No
 * 058/2021, access and portability). Never a password hash, two-step secret or token hash.
 */
export const PrivacyExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.uuid(),
    name: z.string(),
    email: z.string().nullable(),
    /** Their proved mobile number, and when it was proved. */
    phone: z.string().nullable(),
    phoneProvedAt: z.string().nullable(),
    role: z.string(),
    status: z.string(),
    locale: z.string().nullable(),
    isTwoStepOn: z.boolean(),
    verifiedAt: z.string().nullable(),
    /** When they proved their e-mail address by the link sent to it. */
    emailProvedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  listings: z.object({ properties: z.array(RowSchema), assets: z.array(RowSchema) }),
  requests: z.array(RowSchema),
  conversations: z.array(ExportConversationSchema),
  favourites: z.array(
    z.object({
      listingId: z.uuid(),
      listingKind: z.enum(['property', 'asset']),
      knownPrice: z.number(),
      createdAt: z.string(),
    }),
  ),
  savedSearches: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      filters: z.record(z.string(), z.unknown()),
      frequency: z.string(),
      createdAt: z.string(),
    }),
  ),
  notifications: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      message: z.string(),
      kind: z.string(),
      link: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  consents: z.object({
    emailOptOuts: z.array(z.object({ kind: z.string(), since: z.string() })),
    newsletter: z.object({ isSubscribed: z.boolean(), since: z.string().nullable() }),
    inquiryEmailAgreements: z.array(
      z.object({ inquiryId: z.uuid(), isAgreedToEmails: z.boolean(), createdAt: z.string() }),
    ),
  }),
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      lastSeenAt: z.string(),
      expiresAt: z.string(),
      userAgent: z.string().nullable(),
      isCurrent: z.boolean(),
    }),
  ),
});

export type PrivacyExport = z.infer<typeof PrivacyExportSchema>;
