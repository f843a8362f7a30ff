import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { properties } from '#db/schema.ts';
import { createProperty, createUser, propertyValues } from '#seed/factories.ts';
import type { Actor } from '#lib/account.ts';
import { ForbiddenError, NotFoundError } from '#lib/errors.ts';
import { countCatalogueChanges, createTestApp, type TestApp } from '#server/testing.ts';

let test: TestApp;
let owner: Actor;
let stranger: Actor;

beforeAll(async () => {
  test = await createTestApp();
  owner = { id: (await createUser(test.database.db, { role: 'seller' })).id, role: 'seller' };
  stranger = { id: (await createUser(test.database.db, { role: 'seller' })).id, role: 'seller' };
});

afterAll(async () => {
  await test.close();
});

describe('catalogue.property.setAvailability and the catalogue change', () => {
  it('announces a property marked sold, once its row is written', async () => {
    const property = await createProperty(test.database.db, owner.id);
    const changes = countCatalogueChanges(test);

    await test.app.services.catalogue.property.setAvailability(property.id, 'Sold', owner);

    expect(changes.count).toBe(1);
    expect(
      (await test.app.services.catalogue.property.getPublished(property.id)).availability,
    ).toBe('Sold');
    changes.stop();
  });

  it('announces nothing when the change is refused', async () => {
    const property = await createProperty(test.database.db, owner.id);
    const changes = countCatalogueChanges(test);
    const { catalogue } = test.app.services;

    await expect(
      catalogue.property.setAvailability(property.id, 'Rented', stranger),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      catalogue.property.setAvailability(randomUUID(), 'Rented', owner),
    ).rejects.toBeInstanceOf(NotFoundError);

    expect(changes.count).toBe(0);
    changes.stop();
  });
});

describe("a published property's details", () => {
  it('are read once for every visitor until the catalogue changes', async () => {
    const property = await createProperty(test.database.db, owner.id, { price: 300_000 });
    const { catalogue, catalogueEvents } = test.app.services;
    const first = await catalogue.property.getPublished(property.id);
    const similar = await catalogue.property.listSimilar(first);
    expect(await catalogue.property.getPublished(property.id)).toBe(first);
    expect(await catalogue.property.listSimilar(first)).toBe(similar);

    await test.database.db
      .update(properties)
      .set({ price: 320_000 })
      .where(eq(properties.id, property.id));
    expect((await catalogue.property.getPublished(property.id)).price).toBe(300_000);

    catalogueEvents.changed();
    expect((await catalogue.property.getPublished(property.id)).price).toBe(320_000);
    expect(await catalogue.property.listSimilar(first)).not.toBe(similar);
  });
});

type Sent = string | { text: string; values?: unknown[] };
/**
 * Runs `work`, answering the SQL (with its parameters) it sent to the database: PGlite's
 * client takes the text and parameters, node-postgres's pool a query object and parameters.
 */
async function captureQueries(work: () => Promise<unknown>) {
  const executed: { text: string; params: unknown[] }[] = [];
  // The driver's client under Drizzle (PGlite, or node-postgres's pool).
  const client = Reflect.get(test.database.db, '$client') as {
    query: (sent: Sent, ...rest: unknown[]) => Promise<unknown>;
  };
  const query = client.query;
  client.query = (sent, ...rest) => {
    const params = (rest[0] as unknown[] | undefined) ?? [];
    executed.push(
      typeof sent === 'string'
        ? { text: sent, params }
        : { text: sent.text, params: sent.values ?? params },
    );
    return query.call(client, sent, ...rest);
  };
  try {
    await work();
  } finally {
    client.query = query;
  }
  return executed;
}

/** The plan PostgreSQL picks for a query sent by the services, with its parameters. */
async function planOf({ text, params }: { text: string; params: unknown[] }): Promise<string> {
  const { rows } = await test.database.sql.executeSql(`explain ${text}`, params);
  return rows.map((row) => String(row['QUERY PLAN'])).join('\n');
}

describe('catalogue.property.listSimilar at scale', () => {
  it('reads the nearest prices in the filters index order, not every like listing', async () => {
    const { db } = test.database;
    const sale = { type: 'House', offer: 'Sale', district: 'Nyarugenge' } as const;
    await db
      .insert(properties)
      .values(
        Array.from({ length: 2_000 }, (_, index) =>
          propertyValues(owner.id, { ...sale, price: 80_000_000 + index * 10_000 }),
        ),
      );
    await test.database.sql.executeSql('analyze properties');
    const listing = await createProperty(db, owner.id, { ...sale, price: 90_000_000 });
    const view = await test.app.services.catalogue.property.getPublished(listing.id);

    const queries = await captureQueries(() =>
      test.app.services.catalogue.property.listSimilar(view),
    );

    expect(queries).toHaveLength(2);
    for (const query of queries) {
      const plan = await planOf(query);
      expect(plan).toContain('Index Scan');
      expect(plan).not.toMatch(/Sort|Bitmap Heap Scan/);
    }
  });
});

describe('catalogue.property.listPublished at scale', () => {
  it('reads a filtered page by price in the filters index order, ties and all', async () => {
    const { db } = test.database;
    // Prices as sellers set them: round figures, so many listings share each one.
    const rent = {
      type: 'House',
      offer: 'Rent',
      district: 'Kicukiro',
      pricePeriod: 'month',
    } as const;
    await db.insert(properties).values(
      Array.from({ length: 2_000 }, (_, index) =>
        propertyValues(owner.id, {
          ...rent,
          price: 300_000 + (index % 10) * 100_000,
          bedrooms: 1 + (index % 5),
        }),
      ),
    );
    await test.database.sql.executeSql('analyze properties');

    const queries = await captureQueries(() =>
      test.app.services.catalogue.property.listPublished({
        type: 'House',
        offer: 'Rent',
        district: 'Kicukiro',
        bedrooms: 3,
        maxPrice: 2_000_000,
        sort: 'price_asc',
      }),
    );

    const page = queries.find(({ text }) => /order by/i.test(text));
    expect(page).toBeDefined();
    const plan = await planOf(page!);
    expect(plan).toContain('Index Scan using properties_published_filters_idx');
    expect(plan).not.toMatch(/Sort|Bitmap Heap Scan/);
  });
});

describe('catalogue.property.searchPublished', () => {
  it('pages headline matches first and counts every match on every page', async () => {
    const db = test.database.db;
    const titled = [];
    for (let index = 0; index < 3; index++) {
      titled.push(await createProperty(db, owner.id, { title: `Quarzite villa ${index}` }));
    }
    const described = [];
    for (let index = 0; index < 3; index++) {
      described.push(
        await createProperty(db, owner.id, {
          title: `Hillside home ${index}`,
          description: 'Floors of quarzite stone.',
        }),
      );
    }
    const newestFirst = (rows: { id: string }[]) => rows.map((row) => row.id).reverse();
    const expected = [...newestFirst(titled), ...newestFirst(described)];
    const { catalogue } = test.app.services;

    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      pages.push(await catalogue.property.searchPublished('quarzite', { page, pageSize: 2 }));
    }

    expect(pages.flatMap((found) => found.items.map((item) => item._id))).toEqual(expected);
    // Page 3 starts past every headline match: its count is read on its own.
    for (const found of pages) expect(found).toMatchObject({ total: 6, isTotalCapped: false });
  });

  it('reads the others newest first when no headline holds every word, few or many', async () => {
    const db = test.database.db;
    await createProperty(db, owner.id, { title: 'Zirconia villa' });
    await db.insert(properties).values(
      Array.from({ length: 205 }, (_, index) =>
        propertyValues(owner.id, {
          title: `Lakeview home ${index}`,
          description: 'Zirconia tiles.',
        }),
      ),
    );
    const newest = await db
      .select({ id: properties.id })
      .from(properties)
      .where(sql`${properties.description} = 'Zirconia tiles.'`)
      .orderBy(desc(properties.createdAt), asc(properties.id))
      .limit(12);
    const { catalogue } = test.app.services;

    // Each word is in some headline, both in none: more than the cap match, outside them.
    const pages = [];
    for (const page of [1, 2]) {
      pages.push(await catalogue.property.searchPublished('zirconia lakeview', { page }));
    }
    expect(pages.flatMap((found) => found.items.map((item) => item._id))).toEqual(
      newest.map((row) => row.id),
    );
    for (const found of pages) expect(found).toMatchObject({ total: 200, isTotalCapped: true });

    // A rare combination of common words: found whole, and counted.
    const rare = await createProperty(db, owner.id, {
      title: 'Lakeview cottage',
      description: 'Zirconia floors.',
    });
    const few = await catalogue.property.searchPublished('lakeview cottage zirconia');
    expect(few.items.map((item) => item._id)).toEqual([rare.id]);
    expect(few).toMatchObject({ total: 1, isTotalCapped: false });
  });
});
