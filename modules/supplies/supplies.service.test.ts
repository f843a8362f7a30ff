import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, properties } from '#db/schema.ts';
import { createUser } from '#seed/factories.ts';
import { ForbiddenError, NotFoundError } from '#lib/errors.ts';
import { PHOTO_WIDTHS } from '#lib/photos.ts';
import { countCatalogueChanges, createTestApp, type TestApp } from '#server/testing.ts';
import { SupplyInputSchema } from './supplies.schema.ts';

type Actor = { id: string; role: 'seller' | 'admin' | 'buyer'; name: string };

let pictureSeed = 0;

/** A real picture of one colour, a new colour each call: photos are stored by a pixel hash. */
function picture(width: number, height: number) {
  pictureSeed += 1;
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: {
        r: (pictureSeed * 43) % 256,
        g: (pictureSeed * 67) % 256,
        b: (pictureSeed * 131) % 256,
      },
    },
  });
}

const jpeg = (width: number, height: number) => picture(width, height).jpeg().toBuffer();
const png = (width: number, height: number) => picture(width, height).png().toBuffer();

/** A word no other listing holds (letters only, so search tokenises it as one word). */
function uniqueWord(): string {
  const letters = randomUUID()
    .replaceAll('-', '')
    .slice(0, 10)
    .replace(/[0-9a-f]/g, (digit) => String.fromCharCode(106 + parseInt(digit, 16)));
  return `zq${letters}`;
}

function uploadedFiles(app: TestApp): string[] {
  const dir = path.join(app.dataDir, 'uploads');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .sort();
}

async function countSupplyRows(app: TestApp): Promise<number> {
  const [propertyCount] = await app.database.db.select({ total: count() }).from(properties);
  const [assetCount] = await app.database.db.select({ total: count() }).from(assets);
  return propertyCount!.total + assetCount!.total;
}

let test: TestApp;
let seller: Actor;
let admin: Actor;

beforeAll(async () => {
  test = await createTestApp();
  const sellerRow = await createUser(test.database.db, { name: 'Eric Mugisha', role: 'seller' });
  const adminRow = await createUser(test.database.db, { name: 'Site Admin', role: 'admin' });
  seller = { id: sellerRow.id, role: 'seller', name: sellerRow.name };
  admin = { id: adminRow.id, role: 'admin', name: adminRow.name };
});

afterAll(async () => {
  await test.close();
});

function services() {
  return test.app.services;
}

describe('approveSupply publishes a supply in its catalogue', () => {
  it('puts an approved house, with its photos, in the property catalogue and in search', async () => {
    const word = uniqueWord();
    const supply = await services().supplies.createSupply(
      SupplyInputSchema.parse({
        title: `Villa ${word} in Nyarutarama`,
        type: 'House',
        price: '900000',
        location: 'Nyarutarama, Gasabo',
        bedrooms: '5',
        features: ['Pool', 'Garden'],
      }),
      [await jpeg(1600, 1200), await png(500, 400)],
      seller,
    );
    expect(supply).toMatchObject({ kind: 'property', moderation: 'Pending' });
    expect(supply.photos).toHaveLength(2);
    await expect(services().catalogue.property.getPublished(supply._id)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect((await services().search.searchCatalogue(word)).properties).toEqual([]);

    const approved = await services().supplies.approveSupply(supply._id, admin);

    expect(approved).toMatchObject({ _id: supply._id, moderation: 'Approved' });
    const published = await services().catalogue.property.getPublished(supply._id);
    expect(published).toMatchObject({
      _id: supply._id,
      title: `Villa ${word} in Nyarutarama`,
      type: 'House',
      bedrooms: 5,
      features: ['Pool', 'Garden'],
      ownerId: seller.id,
    });
    expect(published.photos).toEqual(supply.photos);
    expect(published.image).toBe(supply.image);
    for (const photo of published.photos) {
      const key = /^\/media\/([a-z0-9]+)-640\.webp$/.exec(photo.src)?.[1];
      for (const width of PHOTO_WIDTHS) {
        const file = path.join(test.dataDir, 'uploads', `${key}-${width}.webp`);
        expect(fs.existsSync(file), file).toBe(true);
      }
    }

    const houses = await services().catalogue.property.listPublished({
      type: 'House',
      pageSize: 48,
    });
    expect(houses.items.map((item) => item._id)).toContain(supply._id);
    const hotels = await services().catalogue.property.listPublished({ type: 'Hotel' });
    expect(hotels.items.map((item) => item._id)).not.toContain(supply._id);

    const found = await services().search.searchCatalogue(word);
    expect(found.properties.map((item) => item._id)).toEqual([supply._id]);
    expect(found.assets).toEqual([]);
  });

  it('puts an approved motorcycle in the asset catalogue, not among the properties', async () => {
    const word = uniqueWord();
    const supply = await services().supplies.createSupply(
      SupplyInputSchema.parse({
        title: `TVS ${word} 125`,
        type: 'Motorcycle',
        price: '1500000',
        status: 'Sale',
        location: 'Kimironko, Gasabo',
        fuel: 'Petrol',
        inspected: 'yes',
      }),
      [await jpeg(800, 600)],
      seller,
    );
    await expect(services().catalogue.asset.getPublished(supply._id)).rejects.toBeInstanceOf(
      NotFoundError,
    );

    await services().supplies.approveSupply(supply._id, admin);

    const published = await services().catalogue.asset.getPublished(supply._id);
    expect(published).toMatchObject({
      _id: supply._id,
      name: `TVS ${word} 125`,
      type: 'Motorcycle',
      status: 'Sale',
      fuel: 'Petrol',
      inspected: true,
      size: null,
    });
    expect(published.photos).toEqual(supply.photos);
    await expect(services().catalogue.property.getPublished(supply._id)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const motorcycles = await services().catalogue.asset.listPublished({
      type: 'Motorcycle',
      pageSize: 48,
    });
    expect(motorcycles.items.map((item) => item._id)).toContain(supply._id);
    const found = await services().search.searchCatalogue(word);
    expect(found.assets.map((item) => item._id)).toEqual([supply._id]);
    expect(found.properties).toEqual([]);
  });

  it('takes an edited supply off the catalogue until it is approved again', async () => {
    const supply = await services().supplies.createSupply(
      SupplyInputSchema.parse({
        title: 'Apartment in Kacyiru',
        type: 'Apartment',
        price: '600000',
        location: 'Kacyiru',
      }),
      [],
      seller,
    );
    await services().supplies.approveSupply(supply._id, admin);

    const edited = await services().supplies.updateSupply(
      supply._id,
      { title: 'Furnished apartment in Kacyiru' },
      [],
      seller,
    );

    expect(edited.moderation).toBe('Pending');
    await expect(services().catalogue.property.getPublished(supply._id)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await services().supplies.approveSupply(supply._id, admin);
    expect((await services().catalogue.property.getPublished(supply._id)).title).toBe(
      'Furnished apartment in Kacyiru',
    );
  });

  it('refuses a non-admin actor with 403, leaving the supply pending', async () => {
    const supply = await services().supplies.createSupply(
      SupplyInputSchema.parse({
        title: 'Hotel room',
        type: 'Hotel',
        price: '50000',
        location: 'Rubavu',
      }),
      [],
      seller,
    );

    for (const actor of [seller, { ...seller, id: randomUUID(), role: 'buyer' as const }]) {
      const refusal = services().supplies.approveSupply(supply._id, actor);
      await expect(refusal).rejects.toBeInstanceOf(ForbiddenError);
      await expect(refusal).rejects.toMatchObject({ status: 403 });
    }
    expect((await services().supplies.getSupply(supply._id, admin)).moderation).toBe('Pending');
  });

  it('answers 404 for an unknown or withdrawn supply', async () => {
    await expect(services().supplies.approveSupply(randomUUID(), admin)).rejects.toMatchObject({
      status: 404,
    });

    const supply = await services().supplies.createSupply(
      SupplyInputSchema.parse({
        title: 'Old sofa',
        type: 'Other',
        price: '80000',
        location: 'Huye',
      }),
      [],
      seller,
    );
    await services().supplies.withdrawSupply(supply._id, seller);
    await expect(services().supplies.approveSupply(supply._id, admin)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(services().catalogue.asset.getPublished(supply._id)).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('createSupply leaves nothing behind when the write fails', () => {
  for (const type of ['House', 'Car'] as const) {
    it(`removes the stored photos of a ${type} whose supplier is not a user (foreign key)`, async () => {
      const rows = await countSupplyRows(test);
      const before = uploadedFiles(test);
      const input = SupplyInputSchema.parse({
        title: 'Orphan check',
        type,
        price: '100000',
        location: 'Kigali',
      });

      await expect(
        services().supplies.createSupply(input, [await jpeg(900, 700), await png(300, 200)], {
          id: randomUUID(),
          role: 'seller',
          name: 'Nobody',
        }),
      ).rejects.toThrow();

      expect(await countSupplyRows(test)).toBe(rows);
      expect(uploadedFiles(test)).toEqual(before);
    });
  }

  it('keeps the files of a photo another supply already holds', async () => {
    const shared = await jpeg(700, 500);
    const kept = await services().supplies.createSupply(
      SupplyInputSchema.parse({ title: 'First', type: 'House', price: '1', location: 'Kigali' }),
      [shared],
      seller,
    );
    const before = uploadedFiles(test);

    await expect(
      services().supplies.createSupply(
        SupplyInputSchema.parse({ title: 'Second', type: 'House', price: '1', location: 'Kigali' }),
        [shared, await png(200, 200)],
        { id: randomUUID(), role: 'seller', name: 'Nobody' },
      ),
    ).rejects.toThrow();

    expect(uploadedFiles(test)).toEqual(before);
    const published = await services().supplies.getSupply(kept._id, seller);
    expect(published.photos).toEqual(kept.photos);
  });
});

describe('the catalogue change a supply makes', () => {
  async function pendingSupply(title: string) {
    return services().supplies.createSupply(
      SupplyInputSchema.parse({ title, type: 'House', price: '300000', location: 'Kanombe' }),
      [],
      seller,
    );
  }

  async function publishedSupply(title: string) {
    const supply = await pendingSupply(title);
    await services().supplies.approveSupply(supply._id, admin);
    return supply;
  }

  it('is announced by an approval, a rejection and a withdrawal of what visitors see, not by a new supply', async () => {
    const changes = countCatalogueChanges(test);
    const supply = await pendingSupply('House in Kanombe');
    expect(changes.count).toBe(0);

    await services().supplies.approveSupply(supply._id, admin);
    expect(changes.count).toBe(1);
    await services().supplies.rejectSupply(supply._id, 'Photos are missing', admin);
    expect(changes.count).toBe(2);
    // Rejected, it was off the pages already.
    await services().supplies.withdrawSupply(supply._id, seller);
    expect(changes.count).toBe(2);
    const published = await publishedSupply('Another house in Kanombe for sale');
    const before = changes.count;
    await services().supplies.withdrawSupply(published._id, seller);
    expect(changes.count).toBe(before + 1);
    changes.stop();
  });

  it('is announced by the edit of a published supply only', async () => {
    const published = await publishedSupply('Published house in Kanombe');
    const pending = await pendingSupply('Pending house in Kanombe');
    const changes = countCatalogueChanges(test);

    await services().supplies.updateSupply(pending._id, { price: 310_000 }, [], seller);
    expect(changes.count).toBe(0);
    await services().supplies.updateSupply(published._id, { price: 320_000 }, [], seller);
    expect(changes.count).toBe(1);
    changes.stop();
  });

  it('is not announced when a change is refused or rolled back', async () => {
    const published = await publishedSupply('Another house in Kanombe');
    const pending = await pendingSupply('Yet another house in Kanombe');
    const changes = countCatalogueChanges(test);

    await expect(services().supplies.approveSupply(pending._id, seller)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(
      services().supplies.withdrawSupply(published._id, { ...seller, id: randomUUID() }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    // Past the form's validation, the database's own check refuses a negative price, and the
    // transaction rolls back: the supply stays published as it was.
    await expect(
      services().supplies.updateSupply(published._id, { price: -1 }, [], admin),
    ).rejects.toThrow();

    expect(changes.count).toBe(0);
    const unchanged = await services().catalogue.property.getPublished(published._id);
    expect(unchanged.price).toBe(300_000);
    changes.stop();
  });
});
