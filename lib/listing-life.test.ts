import { describe, expect, it } from 'vitest';
import { lifeColumns } from './listing-life.ts';

const NOW = new Date('2031-01-01T00:00:00Z');
const EARLIER = new Date('2030-10-01T00:00:00Z');
const listed = { moderation: 'Approved', availability: 'Available', expiredAt: null } as const;

describe('lifeColumns', () => {
  it('starts a lifetime when a listing becomes published, created so or approved', () => {
    const renewed = { confirmedAt: NOW, expiryWarnedAt: null, expiredAt: null };
    expect(lifeColumns(null, { moderation: 'Approved' }, NOW)).toEqual(renewed);
    expect(
      lifeColumns({ ...listed, moderation: 'Pending' }, { moderation: 'Approved' }, NOW),
    ).toEqual(renewed);
  });

  it('leaves a published listing edited or approved again as it is', () => {
    expect(lifeColumns(listed, { moderation: 'Approved' }, NOW)).toEqual({});
    expect(lifeColumns(listed, {}, NOW)).toEqual({});
    expect(lifeColumns(null, { moderation: 'Pending' }, NOW)).toEqual({});
  });

  it('dates each change of availability', () => {
    expect(lifeColumns(listed, { availability: 'Sold' }, NOW)).toEqual({
      availabilityChangedAt: NOW,
    });
    expect(lifeColumns(listed, { availability: 'Available' }, NOW)).toEqual({});
  });

  it('brings back, with a new lifetime, a listing that left the lists sold and is available again', () => {
    const soldAndGone = { ...listed, availability: 'Rented', expiredAt: EARLIER } as const;
    expect(lifeColumns(soldAndGone, { availability: 'Available' }, NOW)).toEqual({
      availabilityChangedAt: NOW,
      confirmedAt: NOW,
      expiryWarnedAt: null,
      expiredAt: null,
    });
  });
});
