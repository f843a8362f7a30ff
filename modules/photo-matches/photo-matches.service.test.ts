/** Duplicate photos: hashes kept with each listing's photos, matches across owners flagged. */
import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, photoHashes, photoMatches } from '#db/schema.ts';
import { AdminAssetInputSchema } from '#modules/admin-listings/admin-listings.schema.ts';
import { SupplyInputSchema, type SupplyView } from '#modules/supplies/supplies.schema.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

const BOARD = fs.readFileSync(new URL('../media/fixtures/circuit-board.jpg', import.meta.url));
const STAMP = fs.readFileSync(new URL('../media/fixtures/sample-stamp.jpg', import.meta.url));

let test: TestApp;
let first: SignedIn;
let second: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  test = await createTestApp();
  first = await createSignedInUser(test.database, { role: 'seller', name: 'First Seller' });
  second = await createSignedInUser(test.database, { role: 'seller', name: 'Second Seller' });
  admin = await createSignedInUser(test.database, { role: 'admin', name: 'Photo Admin' });
});

afterAll(async () => {
  await test.close();
});

const actorOf = ({ user }: SignedIn) => ({ id: user.id, role: user.role, name: user.name });

function supply(owner: SignedIn, title: string, photos: Buffer[], type = 'House') {
  return test.app.services.supplies.createSupply(
    SupplyInputSchema.parse({ title, type, price: '500000', location: 'Remera, Gasabo' }),
    photos,
    actorOf(owner),
  );
}

/** The photo a phone sends again after an app recompressed and resized it. */
const reencoded = (input: Buffer) =>
  sharp(input).resize({ width: 400 }).webp({ quality: 55 }).toBuffer();

async function adminNoticesAbout(listingId: string) {
  return test.database.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, admin.user.id),
        eq(notifications.link, `/admin-panel/supplied-property/${listingId}`),
      ),
    );
}

async function adminView(id: string): Promise<SupplyView> {
  const answer = await test.app.inject({
    method: 'GET',
    url: `/api/supply-property/${id}`,
    headers: admin.bearer,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().data;
}

describe('photo hashes', () => {
  it('are kept for every stored photo of a supply, as signed 64-bit numbers', async () => {
    const house = await supply(first, 'Hashed house', [BOARD, STAMP]);
    const rows = await test.database.db
      .select({ photoKey: photoHashes.photoKey, hex: sql<string>`to_hex(${photoHashes.hash})` })
      .from(photoHashes)
      .where(eq(photoHashes.listingId, house._id));
    expect(rows).toHaveLength(2);
    const stored = await test.database.db.execute<{ photos: { key: string; hash: string }[] }>(
      sql`select photos from properties where id = ${house._id}`,
    );
    for (const photo of stored.rows[0]!.photos) {
      const row = rows.find((candidate) => candidate.photoKey === photo.key)!;
      expect(row.hex.padStart(16, '0')).toBe(photo.hash);
    }
  });
});

describe('duplicate photos', () => {
  it('flags another owner’s supply with the same photo re-encoded, tells admins once, and shows the pair', async () => {
    const original = await supply(first, 'Board house original', [STAMP, BOARD]);
    const copy = await supply(second, 'Board house copy', [await reencoded(BOARD)]);

    // The first test's house shows the same board: it is matched too.
    const matches = await test.database.db
      .select()
      .from(photoMatches)
      .where(eq(photoMatches.listingId, copy._id));
    const withOriginal = matches.find((match) => match.matchedListingId === original._id);
    expect(withOriginal).toMatchObject({ listingKind: 'property', matchedListingKind: 'property' });
    expect(withOriginal!.distance).toBeLessThanOrEqual(3);
    expect(await adminNoticesAbout(copy._id)).toHaveLength(1);
    expect((await adminNoticesAbout(copy._id))[0]!.message).toContain('Board house original');

    const view = await adminView(copy._id);
    expect(view.photoMatches).toHaveLength(matches.length);
    expect(view.photoMatches!.find((match) => match.matched.id === original._id)).toMatchObject({
      photo: { src: copy.photos[0]!.src },
      matched: {
        id: original._id,
        kind: 'property',
        title: 'Board house original',
        ownerId: first.user.id,
        ownerName: 'First Seller',
        moderation: 'Pending',
        photo: { src: original.photos[1]!.src },
      },
    });

    // Written again with the same photos: still flagged, the admins are not told twice.
    await test.app.services.supplies.updateSupply(
      copy._id,
      { description: 'Now with a description' },
      [await reencoded(BOARD)],
      actorOf(second),
    );
    expect(await adminNoticesAbout(copy._id)).toHaveLength(1);
    expect((await adminView(copy._id)).photoMatches).toHaveLength(matches.length);

    // The list flags it for admins; its seller sees neither the flag nor the pairs.
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/supply-property?moderation=Pending',
      headers: admin.bearer,
    });
    const listed = list.json().data as SupplyView[];
    expect(listed.find((item) => item._id === copy._id)?.hasPhotoMatches).toBe(true);
    const own = await test.app.inject({
      method: 'GET',
      url: `/api/supply-property/${copy._id}`,
      headers: second.bearer,
    });
    expect(own.json().data.photoMatches).toBeUndefined();
  });

  it('does not flag an owner re-using their own photo, nor different photos', async () => {
    await supply(first, 'Stamp house one', [STAMP]);
    const again = await supply(first, 'Stamp house two', [await reencoded(STAMP)]);
    const other = await supply(second, 'Unrelated house', [
      await sharp({
        create: { width: 300, height: 200, channels: 3, background: '#3366aa' },
      })
        .composite([
          {
            input: await sharp({
              create: { width: 150, height: 100, channels: 3, background: '#ffcc00' },
            })
              .png()
              .toBuffer(),
            top: 20,
            left: 130,
          },
        ])
        .png()
        .toBuffer(),
    ]);
    for (const listing of [again, other]) {
      expect((await adminView(listing._id)).photoMatches).toEqual([]);
      expect(await adminNoticesAbout(listing._id)).toHaveLength(0);
    }
  });

  it('forgets matches with a listing once it is withdrawn, and follows new photos', async () => {
    const base = await sharp(BOARD).rotate(180).jpeg().toBuffer();
    const original = await supply(first, 'Turned board', [base], 'Car');
    const copy = await supply(second, 'Turned board copy', [await reencoded(base)], 'Car');
    expect((await adminView(copy._id)).photoMatches).toHaveLength(1);

    await test.app.services.supplies.withdrawSupply(original._id, actorOf(first));
    expect((await adminView(copy._id)).photoMatches).toEqual([]);
    // A withdrawn listing's photos are no longer matched by new writes either.
    const third = await supply(admin, 'Turned board third', [await reencoded(base)], 'Car');
    const thirdMatches = await test.database.db
      .select()
      .from(photoMatches)
      .where(eq(photoMatches.listingId, third._id));
    expect(thirdMatches.map((match) => match.matchedListingId)).toEqual([copy._id]);

    // New photos replace the old ones and their matches.
    await test.app.services.supplies.updateSupply(copy._id, {}, [STAMP], actorOf(second));
    const rows = await test.database.db
      .select()
      .from(photoMatches)
      .where(eq(photoMatches.listingId, copy._id));
    expect(rows.every((row) => row.matchedListingId !== third._id)).toBe(true);
  });

  it('hashes the photos of listings admins create, and matches them with sellers’ supplies', async () => {
    const base = await sharp(STAMP).flop().jpeg().toBuffer();
    const sellers = await supply(first, 'Mirrored stamp', [base], 'Land');
    const created = await test.app.services.adminListings.createAsset(
      AdminAssetInputSchema.parse({
        name: 'Admin land',
        type: 'Land',
        price: '100',
        status: 'Pending',
        owner: 'Inzu',
        contact: '0788000000',
        location: 'Remera, Gasabo',
      }),
      [await reencoded(base)],
      actorOf(admin),
    );
    const rows = await test.database.db
      .select()
      .from(photoMatches)
      .where(eq(photoMatches.listingId, created._id));
    expect(rows).toContainEqual(
      expect.objectContaining({ matchedListingId: sellers._id, matchedListingKind: 'asset' }),
    );
    // Admin-created listings are not supplies waiting for review: nobody is told.
    expect(await adminNoticesAbout(created._id)).toHaveLength(0);
  });
});
