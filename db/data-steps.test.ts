import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import { runDataSteps } from './data-steps.ts';
import { assets, dataSteps, photoHashes, properties, propertyRequests } from './schema.ts';
import { createAsset, createProperty, createPropertyRequest, createUser } from '#seed/factories.ts';
import { placeCentre } from '#lib/place-centres.ts';
import { createTestDatabase } from './testing.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** Rows as they stood before places were picked from lists: a location text, no district. */
const unplaced = { district: null, sector: null };

describe('the places-from-location data step', () => {
  it('fills the district and sector of existing rows from each kind of free text, once', async () => {
    const { db } = database;
    const owner = await createUser(db);
    const texts = {
      districtAndCity: 'Kicukiro, Kigali',
      lowerCase: 'kicukiro kigali rwanda',
      sectorAndDistrict: 'Kimironko, Gasabo',
      sectorAlone: 'Nyamirambo',
      cellAlone: 'Nyarutarama',
      otherTown: 'Gisenyi, Rubavu',
      cityOnly: 'Kigali',
      nothing: 'Near the big market',
    };
    const ids = Object.fromEntries(
      await Promise.all(
        Object.entries(texts).map(async ([name, location]) => [
          name,
          (await createProperty(db, owner.id, { location, ...unplaced })).id,
        ]),
      ),
    ) as Record<keyof typeof texts, string>;
    const asset = await createAsset(db, owner.id, { location: 'Remera, Kigali', ...unplaced });
    const request = await createPropertyRequest(db, owner.id, {
      location: 'Kanombe',
      ...unplaced,
    });
    // The step ran when the database was made; forget that, as a database from before would.
    await db.delete(dataSteps).where(eq(dataSteps.name, 'places-from-location'));

    await runDataSteps(db);

    const placeOf = async (id: string) => {
      const [row] = await db
        .select({ district: properties.district, sector: properties.sector })
        .from(properties)
        .where(eq(properties.id, id));
      return row;
    };
    expect(await placeOf(ids.districtAndCity)).toEqual({ district: 'Kicukiro', sector: null });
    expect(await placeOf(ids.lowerCase)).toEqual({ district: 'Kicukiro', sector: null });
    expect(await placeOf(ids.sectorAndDistrict)).toEqual({
      district: 'Gasabo',
      sector: 'Kimironko',
    });
    expect(await placeOf(ids.sectorAlone)).toEqual({
      district: 'Nyarugenge',
      sector: 'Nyamirambo',
    });
    expect(await placeOf(ids.cellAlone)).toEqual({ district: 'Gasabo', sector: 'Remera' });
    expect(await placeOf(ids.otherTown)).toEqual({ district: 'Rubavu', sector: 'Gisenyi' });
    expect(await placeOf(ids.cityOnly)).toEqual({ district: null, sector: null });
    expect(await placeOf(ids.nothing)).toEqual({ district: null, sector: null });
    const [assetRow] = await db.select().from(assets).where(eq(assets.id, asset.id));
    expect(assetRow).toMatchObject({ district: 'Gasabo', sector: 'Remera' });
    const [requestRow] = await db
      .select()
      .from(propertyRequests)
      .where(eq(propertyRequests.id, request.id));
    expect(requestRow).toMatchObject({ district: 'Kicukiro', sector: 'Kanombe' });

    // Done once: a row written later without a place is left as it is.
    const later = await createProperty(db, owner.id, { location: 'Kimironko', ...unplaced });
    await runDataSteps(db);
    expect(await placeOf(later.id)).toEqual({ district: null, sector: null });
  });
});

describe('the photo-hashes data step', () => {
  it('indexes the hashes the photos carry, of undeleted listings only, once', async () => {
    const { db } = database;
    const owner = await createUser(db);
    const photo = (key: string, hash?: string) => ({
      key,
      width: 1200,
      height: 800,
      placeholder: 'data:image/webp;base64,',
      ...(hash ? { hash } : {}),
    });
    const house = await createProperty(db, owner.id, {
      photos: [photo('a1', 'f0e1d2c3b4a59687'), photo('a2')],
    });
    const deleted = await createProperty(db, owner.id, {
      photos: [photo('b1', '0123456789abcdef')],
      deletedAt: new Date(),
    });
    const car = await createAsset(db, owner.id, { photos: [photo('c1', '8000000000000001')] });
    await db.delete(dataSteps).where(eq(dataSteps.name, 'photo-hashes'));

    await runDataSteps(db);
    await runDataSteps(db);

    const rows = await db.select().from(photoHashes);
    const hex = (hash: bigint) => BigInt.asUintN(64, hash).toString(16).padStart(16, '0');
    expect(
      rows
        .filter((row) => [house.id, deleted.id, car.id].includes(row.listingId))
        .map((row) => [row.listingId, row.listingKind, row.photoKey, hex(row.hash)])
        .sort(),
    ).toEqual(
      [
        [house.id, 'property', 'a1', 'f0e1d2c3b4a59687'],
        [car.id, 'asset', 'c1', '8000000000000001'],
      ].sort(),
    );
  });
});

describe('the sector-points data step', () => {
  it("gives rows from before points were kept their sector's centre, or their district's", async () => {
    const { db } = database;
    const owner = await createUser(db);
    const before = { locationPrecision: null, publicLatitude: null, publicLongitude: null };
    const inSector = await createProperty(db, owner.id, {
      district: 'Gasabo',
      sector: 'Kimironko',
      ...before,
    });
    const inDistrict = await createAsset(db, owner.id, {
      district: 'Kicukiro',
      sector: null,
      ...before,
    });
    const nowhere = await createProperty(db, owner.id, { district: null, sector: null, ...before });
    const request = await createPropertyRequest(db, owner.id, {
      district: 'Nyarugenge',
      sector: 'Nyamirambo',
      ...before,
    });
    await db.delete(dataSteps).where(eq(dataSteps.name, 'sector-points'));

    await runDataSteps(db);

    const pointOf = async (table: typeof properties | typeof assets, id: string) => {
      const [row] = await db
        .select({
          locationPrecision: table.locationPrecision,
          latitude: table.publicLatitude,
          longitude: table.publicLongitude,
        })
        .from(table)
        .where(eq(table.id, id));
      return row;
    };
    expect(await pointOf(properties, inSector.id)).toEqual({
      locationPrecision: 'sector',
      ...placeCentre('Gasabo', 'Kimironko'),
    });
    expect(await pointOf(assets, inDistrict.id)).toEqual({
      locationPrecision: 'sector',
      ...placeCentre('Kicukiro', null),
    });
    expect(await pointOf(properties, nowhere.id)).toEqual({
      locationPrecision: null,
      latitude: null,
      longitude: null,
    });
    const [requestRow] = await db
      .select({ latitude: propertyRequests.publicLatitude })
      .from(propertyRequests)
      .where(eq(propertyRequests.id, request.id));
    expect(requestRow!.latitude).toBe(placeCentre('Nyarugenge', 'Nyamirambo')!.latitude);
  });
});
