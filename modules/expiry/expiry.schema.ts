import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';

/** The longest "still available" token: a listing id, its kind and two moments, signed. */
const TOKEN_MAX_LENGTH = 400;

/** The token of a "still available" link (`/listings/still-available?token=...`). */
export const StillAvailableTokenSchema = z.object({
  token: z
    .string({ error: () => t('expiry.invalidLink') })
    .trim()
    .min(1, { error: () => t('expiry.invalidLink') })
    .max(TOKEN_MAX_LENGTH, { error: () => t('expiry.invalidLink') }),
});

/** Where a listing stands in its life after publishing, as its owner sees it. */
export type ListingLife = {
  /** When it leaves the lists unless renewed (ISO); null when it is not listed. */
  listedUntil: string | null;
  /** When it left the lists (ISO); null while listed. */
  expiredAt: string | null;
  /** Whether it can be renewed now: published (approved, not hidden), listed or expired. */
  canRenew: boolean;
};

/** The answer to a renewal: its message ("Listed until ...") and the new date. */
export const RenewAnswerSchema = z.object({
  message: z.string(),
  listedUntil: z.iso.datetime(),
});
