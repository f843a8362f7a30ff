import type { Availability } from './listing.ts';

type Moderation = 'Pending' | 'Approved' | 'Rejected';

/** What of a listing row its life after publishing depends on. */
type LifeState = {
  moderation: Moderation;
  availability: Availability;
  expiredAt: Date | null;
};

/** The life columns a write sets (only those that change). */
type LifeColumns = {
  confirmedAt?: Date;
  expiryWarnedAt?: null;
  expiredAt?: null;
  availabilityChangedAt?: Date;
};

/**
 * The expiry columns a write of a listing must also set, from the row before (null: a new one)
 * and the moderation and availability the write gives it: becoming published (approved) or
 * coming back to Available after it left the lists as Sold or Rented starts a new lifetime
 * (`confirmedAt`, the warning and the expiry cleared); any change of availability is dated, for
 * the rule that takes sold and rented listings off the lists after a while.
 */
export function lifeColumns(
  before: LifeState | null,
  next: { moderation?: Moderation; availability?: Availability },
  now: Date,
): LifeColumns {
  const columns: LifeColumns = {};
  const renewed = { confirmedAt: now, expiryWarnedAt: null, expiredAt: null } as const;
  if (next.moderation === 'Approved' && before?.moderation !== 'Approved') {
    Object.assign(columns, renewed);
  }
  const availabilityBefore = before?.availability ?? 'Available';
  if (next.availability !== undefined && next.availability !== availabilityBefore) {
    columns.availabilityChangedAt = now;
    if (next.availability === 'Available' && before?.expiredAt) Object.assign(columns, renewed);
  }
  return columns;
}
