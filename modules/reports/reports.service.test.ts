/**
 * The reports read the database by week (Kigali time) and compute medians in SQL: each test
 * builds its rows with the factories at chosen moments, in a period of its own, on one fresh
 * database, and reads them through a service whose clock it sets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { auditLog, inquiries, paymentLedger, payments } from '#db/schema.ts';
import { createAsset, createProperty, createUser } from '#seed/factories.ts';
import { ForbiddenError } from '#lib/errors.ts';
import { createTestDatabase } from '#db/testing.ts';
import { createCatalogueEvents } from '#modules/catalogue/catalogue.events.ts';
import { createReportsService, type ReportsService } from './reports.service.ts';

let database: DatabaseHandle;
let sellerId: string;
let adminId: string;
const admin = () => ({ id: adminId, role: 'admin' as const });

beforeAll(async () => {
  database = await createTestDatabase();
  sellerId = (await createUser(database.db, { role: 'seller' })).id;
  adminId = (await createUser(database.db, { role: 'admin', createdAt: new Date('2020-01-01') }))
    .id;
});

afterAll(async () => {
  await database.close();
});

/**
 * A reports service whose clock says `now` (`cacheSeconds` 0 reads the guide every time), made
 * when first used: the database is opened in `beforeAll`.
 */
function reportsAt(now: string, cacheSeconds = 0) {
  const catalogueEvents = createCatalogueEvents({
    onListenerError: (error) => {
      throw error;
    },
  });
  let service: ReportsService | undefined;
  const reports = () =>
    (service ??= createReportsService({
      db: database.db,
      clock: () => new Date(now),
      catalogueEvents,
      cacheSeconds,
    }));
  return {
    catalogueEvents,
    resolveRange: (...args: Parameters<ReportsService['resolveRange']>) =>
      reports().resolveRange(...args),
    getReport: (...args: Parameters<ReportsService['getReport']>) => reports().getReport(...args),
    getReportTable: (...args: Parameters<ReportsService['getReportTable']>) =>
      reports().getReportTable(...args),
    getPriceGuide: () => reports().getPriceGuide(),
    comparePrice: (...args: Parameters<ReportsService['comparePrice']>) =>
      reports().comparePrice(...args),
  };
}

/** A moment given in Kigali time (UTC+2). */
const kigali = (local: string) => new Date(`${local}+02:00`);

describe('resolveRange', () => {
  // Thursday 20 March 2025, noon in Kigali.
  const reports = reportsAt('2025-03-20T10:00:00Z');

  it('defaults to the last 12 weeks, this one included, up to today', () => {
    const range = reports.resolveRange({});
    expect(range.to).toBe('2025-03-20');
    expect(range.from).toBe('2024-12-30');
    expect(range.weeks).toHaveLength(12);
    expect(range.weeks[0]).toBe('2024-12-30');
    expect(range.weeks.at(-1)).toBe('2025-03-17');
  });

  it('takes a range as given, with every week it touches (weeks start on Monday)', () => {
    const range = reports.resolveRange({ from: '2025-01-08', to: '2025-01-21' });
    expect(range).toEqual({
      from: '2025-01-08',
      to: '2025-01-21',
      weeks: ['2025-01-06', '2025-01-13', '2025-01-20'],
    });
  });

  it('ends today at the latest, falls back when the start is after the end, caps at 2 years', () => {
    expect(reports.resolveRange({ to: '2026-01-01' }).to).toBe('2025-03-20');
    expect(reports.resolveRange({ from: '2025-03-25' })).toMatchObject({
      from: '2024-12-30',
      to: '2025-03-20',
    });
    const long = reports.resolveRange({ from: '2010-01-01', to: '2025-03-01' });
    expect(long.to).toBe('2025-03-01');
    // 731 days, both ends included (2024 has 29 February).
    expect(long.from).toBe('2023-03-02');
    expect(long.weeks.length).toBeLessThanOrEqual(106);
  });

  it('counts days in Kigali: 23:30 UTC is already the next day', () => {
    expect(reportsAt('2025-03-20T22:30:00Z').resolveRange({}).to).toBe('2025-03-21');
  });
});

describe('the weekly tables', () => {
  // Two weeks of January 2024: the weeks of Monday 8 and Monday 15.
  const reports = reportsAt('2024-03-01T10:00:00Z');
  const range = { from: '2024-01-08', to: '2024-01-21', weeks: ['2024-01-08', '2024-01-15'] };

  it('count published listings by the week they were listed, in Kigali time', async () => {
    const db = database.db;
    // Sunday 14 January, 23:30 in Kigali (21:30 UTC): the first week.
    await createProperty(db, sellerId, { createdAt: kigali('2024-01-14T23:30:00') });
    // Monday 15 January, 00:30 in Kigali (Sunday 22:30 UTC): the second week.
    await createProperty(db, sellerId, { createdAt: kigali('2024-01-15T00:30:00') });
    await createAsset(db, sellerId, { createdAt: kigali('2024-01-16T09:00:00') });
    await createAsset(db, sellerId, { createdAt: kigali('2024-01-17T09:00:00') });
    // Not published, or outside the range: not counted.
    await createProperty(db, sellerId, {
      moderation: 'Pending',
      createdAt: kigali('2024-01-09T09:00:00'),
    });
    await createProperty(db, sellerId, {
      deletedAt: new Date('2024-02-01'),
      createdAt: kigali('2024-01-09T09:00:00'),
    });
    await createProperty(db, sellerId, { createdAt: kigali('2024-01-22T00:00:00') });
    await createProperty(db, sellerId, { createdAt: kigali('2024-01-07T23:59:00') });

    const report = await reports.getReport(range, admin());
    expect(report.from).toBe('2024-01-08');
    expect(report.to).toBe('2024-01-21');
    expect(report.listings).toEqual([
      { week: '2024-01-08', properties: 1, assets: 0 },
      { week: '2024-01-15', properties: 1, assets: 2 },
    ]);
    expect(await reports.getReportTable('listings', range, admin())).toEqual(report.listings);
  });

  it('count inquiries made, about properties and about assets, not the deleted ones', async () => {
    const db = database.db;
    const house = await createProperty(db, sellerId, { createdAt: new Date('2023-12-01') });
    const car = await createAsset(db, sellerId, { createdAt: new Date('2023-12-01') });
    const inquiry = (createdAt: Date, listing: { propertyId: string } | { assetId: string }) => ({
      ...listing,
      ownerId: sellerId,
      name: 'Eric',
      email: 'eric@example.rw',
      phone: '0788123456',
      role: 'buyer' as const,
      message: 'Is it free?',
      createdAt,
      // A conversation answered later: its last message is newer than its first.
      lastMessageAt: new Date(createdAt.getTime() + 30 * 24 * 3600 * 1000),
    });
    await db
      .insert(inquiries)
      .values([
        inquiry(kigali('2024-01-08T08:00:00'), { propertyId: house.id }),
        inquiry(kigali('2024-01-10T08:00:00'), { propertyId: house.id }),
        inquiry(kigali('2024-01-19T08:00:00'), { assetId: car.id }),
        { ...inquiry(kigali('2024-01-19T08:00:00'), { assetId: car.id }), deletedAt: new Date() },
        inquiry(kigali('2024-01-25T08:00:00'), { propertyId: house.id }),
      ]);

    const report = await reports.getReport(range, admin());
    expect(report.inquiries).toEqual([
      { week: '2024-01-08', properties: 2, assets: 0 },
      { week: '2024-01-15', properties: 0, assets: 1 },
    ]);
  });

  it('count new accounts by role, leaving deleted ones out', async () => {
    const db = database.db;
    for (const [role, day] of [
      ['buyer', '2024-01-08'],
      ['buyer', '2024-01-09'],
      ['seller', '2024-01-16'],
      ['guest', '2024-01-21'],
      ['admin', '2024-01-15'],
    ] as const) {
      await createUser(db, { role, createdAt: kigali(`${day}T12:00:00`) });
    }
    await createUser(db, {
      role: 'buyer',
      createdAt: kigali('2024-01-09T12:00:00'),
      deletedAt: new Date(),
      status: 'Blocked',
    });

    const report = await reports.getReport(range, admin());
    expect(report.users).toEqual([
      { week: '2024-01-08', buyer: 2, seller: 0, guest: 0, admin: 0 },
      { week: '2024-01-15', buyer: 0, seller: 1, guest: 1, admin: 1 },
    ]);
  });

  it('count review decisions from the audit log: approvals from both screens, rejections', async () => {
    const entry = (action: string, local: string) => ({
      actorId: adminId,
      action,
      targetType: 'property',
      createdAt: kigali(local),
    });
    await database.db.insert(auditLog).values([
      entry('supply.approve', '2024-01-08T09:00:00'),
      entry('property.approve', '2024-01-09T09:00:00'),
      entry('supply.reject', '2024-01-09T10:00:00'),
      entry('asset.approve', '2024-01-17T09:00:00'),
      entry('supply.reject', '2024-01-18T09:00:00'),
      entry('supply.reject', '2024-01-18T10:00:00'),
      // Other actions, and decisions outside the range, do not count.
      entry('supply.update', '2024-01-10T09:00:00'),
      entry('property.delete', '2024-01-10T09:00:00'),
      entry('supply.approve', '2024-01-22T09:00:00'),
    ]);

    const report = await reports.getReport(range, admin());
    expect(report.supplies).toEqual([
      { week: '2024-01-08', approved: 2, rejected: 1 },
      { week: '2024-01-15', approved: 1, rejected: 2 },
    ]);
  });

  it('sum the revenue from the ledger by product and by network, refunds taken off', async () => {
    const db = database.db;
    const [payment] = await db
      .insert(payments)
      .values({
        payerId: sellerId,
        idempotencyKey: 'report-revenue',
        product: 'boost',
        boostDays: 7,
        listingKind: 'property',
        listingId: (await createProperty(db, sellerId)).id,
        listingTitle: 'House',
        amount: 15000,
        network: 'mtn',
        phone: '+250788123456',
        status: 'successful',
      })
      .returning();
    const line = (
      entry: 'charge' | 'refund',
      amount: number,
      product: 'boost' | 'listingFee',
      network: 'mtn' | 'airtel',
      local: string,
    ) => ({ paymentId: payment!.id, entry, amount, product, network, createdAt: kigali(local) });
    await db
      .insert(paymentLedger)
      .values([
        line('charge', 15000, 'boost', 'mtn', '2024-01-09T10:00:00'),
        line('charge', 10000, 'listingFee', 'airtel', '2024-01-14T23:30:00'),
        line('refund', -5000, 'boost', 'mtn', '2024-01-15T00:30:00'),
        line('charge', 99999, 'boost', 'mtn', '2024-01-22T00:00:00'),
      ]);

    const report = await reports.getReport(range, admin());
    expect(report.revenueByProduct).toEqual([
      { week: '2024-01-08', listingFee: 10000, boost: 15000 },
      { week: '2024-01-15', listingFee: 0, boost: -5000 },
    ]);
    expect(report.revenueByNetwork).toEqual([
      { week: '2024-01-08', mtn: 15000, airtel: 10000 },
      { week: '2024-01-15', mtn: -5000, airtel: 0 },
    ]);
    expect(await reports.getReportTable('revenueByNetwork', range, admin())).toEqual(
      report.revenueByNetwork,
    );
  });

  it('is for admins only', async () => {
    await expect(reports.getReport(range, { id: sellerId, role: 'seller' })).rejects.toThrow(
      ForbiddenError,
    );
    await expect(
      reports.getReportTable('users', range, { id: sellerId, role: 'buyer' }),
    ).rejects.toThrow(ForbiddenError);
  });
});

describe('asking prices in a report', () => {
  const reports = reportsAt('2022-12-31T10:00:00Z');
  const range = {
    from: '2022-06-01',
    to: '2022-06-30',
    weeks: ['2022-05-30', '2022-06-06', '2022-06-13', '2022-06-20', '2022-06-27'],
  };
  const at = kigali('2022-06-15T10:00:00');

  it('give medians of monthly rents and of sale prices per district, type and bedrooms', async () => {
    const db = database.db;
    const house = { type: 'House' as const, bedrooms: 3, location: 'Kicukiro, Kigali' };
    for (const price of [100_000, 200_000, 300_000, 400_000]) {
      await createProperty(db, sellerId, {
        ...house,
        price,
        offer: 'Rent',
        pricePeriod: 'month',
        createdAt: at,
      });
    }
    // A weekly rent and a hotel are not compared with monthly rents of houses.
    await createProperty(db, sellerId, {
      ...house,
      price: 9_000_000,
      offer: 'Rent',
      pricePeriod: 'week',
      createdAt: at,
    });
    await createProperty(db, sellerId, {
      ...house,
      type: 'Hotel',
      price: 50_000,
      offer: 'Rent',
      createdAt: at,
    });
    for (const price of [80_000_000, 120_000_000]) {
      await createProperty(db, sellerId, { ...house, price, offer: 'Sale', createdAt: at });
    }
    await createProperty(db, sellerId, {
      type: 'Apartment',
      bedrooms: 2,
      location: 'Remera, Gasabo',
      price: 700_000,
      offer: 'Rent',
      pricePeriod: 'month',
      createdAt: at,
    });
    // Listed outside the range: left out.
    await createProperty(db, sellerId, {
      ...house,
      price: 5_000_000,
      offer: 'Rent',
      pricePeriod: 'month',
      createdAt: kigali('2022-07-01T00:00:00'),
    });

    const report = await reports.getReport(range, admin());
    expect(report.prices).toEqual([
      {
        district: 'Gasabo',
        type: 'Apartment',
        bedrooms: 2,
        rentMedian: 700_000,
        rents: 1,
        saleMedian: null,
        sales: 0,
      },
      {
        district: 'Kicukiro',
        type: 'House',
        bedrooms: 3,
        rentMedian: 250_000,
        rents: 4,
        saleMedian: 100_000_000,
        sales: 2,
      },
    ]);
    expect(report.districts).toEqual([
      { district: 'Gasabo', rentMedian: 700_000, rents: 1, saleMedian: null, sales: 0 },
      { district: 'Kicukiro', rentMedian: 250_000, rents: 4, saleMedian: 100_000_000, sales: 2 },
    ]);
  });
});

describe('the price guide', () => {
  // The guide reads the 90 days before 1 June 2023.
  const now = '2023-06-01T10:00:00Z';
  const recent = new Date('2023-05-01T10:00:00Z');
  const kicukiroHouse = { type: 'House' as const, bedrooms: 3, location: 'Kicukiro, Kigali' };

  beforeAll(async () => {
    const db = database.db;
    // Five monthly rents of 3-bedroom houses in Kicukiro: a reliable median of 400,000.
    for (const price of [200_000, 300_000, 400_000, 500_000, 900_000]) {
      await createProperty(db, sellerId, {
        ...kicukiroHouse,
        price,
        offer: 'Rent',
        pricePeriod: 'month',
        createdAt: recent,
      });
    }
    // Four sale prices there: too few to show.
    for (const price of [60_000_000, 70_000_000, 80_000_000, 90_000_000]) {
      await createProperty(db, sellerId, {
        ...kicukiroHouse,
        price,
        offer: 'Sale',
        createdAt: recent,
      });
    }
    // A fifth sale, but 91 days old: outside the window.
    await createProperty(db, sellerId, {
      ...kicukiroHouse,
      price: 100_000_000,
      offer: 'Sale',
      createdAt: new Date('2023-03-02T09:00:00Z'),
    });
    // Four 2-bedroom apartments in Gasabo for rent: a group with no reliable figure at all.
    for (const price of [500_000, 600_000, 700_000, 800_000]) {
      await createProperty(db, sellerId, {
        type: 'Apartment',
        bedrooms: 2,
        location: 'Remera, Gasabo',
        price,
        offer: 'Rent',
        pricePeriod: 'month',
        createdAt: recent,
      });
    }
  });

  it('shows a median only where at least 5 listings of the last 90 days back it', async () => {
    const guide = await reportsAt(now).getPriceGuide();
    expect(guide.days).toBe(90);
    expect(guide.minListings).toBe(5);
    expect(guide.since).toBe('2023-03-03');
    expect(guide.rows).toEqual([
      {
        district: 'Kicukiro',
        type: 'House',
        bedrooms: 3,
        rentMedian: 400_000,
        rents: 5,
        saleMedian: null,
        sales: 4,
      },
    ]);
  });

  it('compares a monthly rent with the median of its group', async () => {
    const reports = reportsAt(now);
    const listing = {
      type: 'House',
      status: 'Rent' as const,
      pricePeriod: 'month' as const,
      district: 'Kicukiro',
      bedrooms: 3,
    };
    expect(await reports.comparePrice({ ...listing, price: 352_000 })).toEqual({
      offer: 'rent',
      position: 'below',
      percent: 12,
      median: 400_000,
      listings: 5,
      type: 'House',
      district: 'Kicukiro',
      bedrooms: 3,
      days: 90,
    });
    expect(await reports.comparePrice({ ...listing, price: 432_000 })).toMatchObject({
      position: 'above',
      percent: 8,
    });
    expect(await reports.comparePrice({ ...listing, price: 405_000 })).toMatchObject({
      position: 'about',
      percent: 0,
    });
  });

  it('says why it compares nothing: too few like listings, or nothing like to compare with', async () => {
    const reports = reportsAt(now);
    const base = {
      type: 'House',
      status: 'Rent' as const,
      pricePeriod: 'month' as const,
      district: 'Kicukiro',
      bedrooms: 3,
      price: 400_000,
    };
    const notCompared = (reason: string, district: string | null = 'Kicukiro') => ({
      position: 'none',
      reason,
      district,
    });
    // A sale (4 sales only), another bedroom count, district or type: too few like listings.
    expect(await reports.comparePrice({ ...base, status: 'Sale', pricePeriod: null })).toEqual(
      notCompared('fewListings'),
    );
    expect(await reports.comparePrice({ ...base, bedrooms: 4 })).toEqual(
      notCompared('fewListings'),
    );
    expect(await reports.comparePrice({ ...base, district: 'Gasabo' })).toEqual(
      notCompared('fewListings', 'Gasabo'),
    );
    expect(await reports.comparePrice({ ...base, type: 'Apartment' })).toEqual(
      notCompared('fewListings'),
    );
    // Never compared: a weekly rent, a listing without a district, a hotel.
    expect(await reports.comparePrice({ ...base, pricePeriod: 'week' })).toEqual(
      notCompared('period'),
    );
    expect(await reports.comparePrice({ ...base, district: null })).toEqual(
      notCompared('place', null),
    );
    expect(await reports.comparePrice({ ...base, type: 'Hotel' })).toEqual(notCompared('type'));
  });

  it('compares a sale price once five sales back the median', async () => {
    const reports = reportsAt(now);
    await createProperty(database.db, sellerId, {
      ...kicukiroHouse,
      price: 100_000_000,
      offer: 'Sale',
      createdAt: recent,
    });
    expect(
      await reports.comparePrice({
        type: 'House',
        status: 'Sale',
        pricePeriod: null,
        district: 'Kicukiro',
        bedrooms: 3,
        price: 88_000_000,
      }),
    ).toMatchObject({ offer: 'sale', position: 'above', percent: 10, median: 80_000_000 });
  });

  it('is kept for a while, and forgotten when the catalogue changes', async () => {
    const reports = reportsAt(now, 300);
    const before = await reports.getPriceGuide();
    expect(await reports.getPriceGuide()).toBe(before);
    for (const price of [500_000, 600_000, 700_000, 800_000, 900_000]) {
      await createProperty(database.db, sellerId, {
        type: 'House',
        bedrooms: 5,
        location: 'Kimihurura, Gasabo',
        price,
        offer: 'Rent',
        pricePeriod: 'month',
        createdAt: recent,
      });
    }
    expect((await reports.getPriceGuide()).rows).toEqual(before.rows);
    reports.catalogueEvents.changed();
    const after = await reports.getPriceGuide();
    expect(after.rows.find((row) => row.district === 'Gasabo')).toMatchObject({
      type: 'House',
      bedrooms: 5,
      rentMedian: 700_000,
    });
  });
});
