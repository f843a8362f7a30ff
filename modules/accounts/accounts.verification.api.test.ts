/** Verified sellers: admins mark and unmark them; listings and profiles carry the badge. */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '#db/schema.ts';
import { createAsset, createProperty } from '#seed/factories.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let test: TestApp;
let admin: SignedIn;
let seller: SignedIn;
let buyer: SignedIn;

beforeAll(async () => {
  test = await createTestApp();
  admin = await createSignedInUser(test.database, { role: 'admin' });
  seller = await createSignedInUser(test.database, { role: 'seller', name: 'Checked Seller' });
  buyer = await createSignedInUser(test.database, { role: 'buyer' });
});

afterAll(async () => {
  await test.close();
});

const verify = (id: string, payload: object = { checkedIdentity: true }, headers = admin.bearer) =>
  test.app.inject({ method: 'POST', url: `/api/user/${id}/verification`, headers, payload });

const unverify = (id: string, headers = admin.bearer) =>
  test.app.inject({ method: 'DELETE', url: `/api/user/${id}/verification`, headers });

async function auditOf(targetId: string, action: string) {
  return test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)));
}

describe('verified sellers', () => {
  it('marks a seller verified (who and when, audited), badges their listings, then removes it', async () => {
    const house = await createProperty(test.database.db, seller.user.id, { title: 'Badge house' });
    const car = await createAsset(test.database.db, seller.user.id, { name: 'Badge car' });
    const propertyAnswer = async () =>
      (await test.app.inject({ method: 'GET', url: `/api/get-property/${house.id}` })).json();
    expect((await propertyAnswer()).property.ownerVerified).toBe(false);

    const marked = await verify(seller.user.id);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().user.verifiedAt).toEqual(expect.any(String));
    const [row] = await test.database.db.select().from(users).where(eq(users.id, seller.user.id));
    expect(row!.verifiedBy).toBe(admin.user.id);
    expect(row!.verifiedAt).toBeInstanceOf(Date);
    const [entry] = await auditOf(seller.user.id, 'user.verify');
    expect(entry).toMatchObject({ actorId: admin.user.id });
    expect(entry!.before).toMatchObject({ verifiedAt: null });
    expect(entry!.after).toMatchObject({ verifiedBy: admin.user.id, checkedIdentity: true });

    // The admin's user calls answer verifiedAt.
    const detail = await test.app.inject({
      method: 'GET',
      url: `/api/user/${seller.user.id}`,
      headers: admin.bearer,
    });
    expect(detail.json().user.verifiedAt).toBe(marked.json().user.verifiedAt);
    const list = await test.app.inject({
      method: 'GET',
      url: `/api/users?q=${encodeURIComponent('Checked Seller')}`,
      headers: admin.bearer,
    });
    expect(list.json().data[0].verifiedAt).toBe(marked.json().user.verifiedAt);

    expect((await propertyAnswer()).property.ownerVerified).toBe(true);
    // Every listing answer carries ownerVerified: one listing, lists, search.
    const services = test.app.services;
    expect((await services.catalogue.property.getPublished(house.id)).ownerVerified).toBe(true);
    expect((await services.catalogue.asset.getPublished(car.id)).ownerVerified).toBe(true);
    const page = await services.catalogue.property.listPublished({ ownerId: seller.user.id });
    expect(page.items.map((item) => item.ownerVerified)).toEqual([true]);
    const found = await services.catalogue.property.searchPublished('Badge');
    expect(found.items.find((item) => item._id === house.id)?.ownerVerified).toBe(true);
    expect((await services.accounts.getPublicProfile(seller.user.id)).isVerified).toBe(true);

    expect((await verify(seller.user.id)).statusCode).toBe(409);

    const removed = await unverify(seller.user.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().user.verifiedAt).toBeNull();
    const [after] = await test.database.db.select().from(users).where(eq(users.id, seller.user.id));
    expect(after).toMatchObject({ verifiedAt: null, verifiedBy: null });
    expect(await auditOf(seller.user.id, 'user.unverify')).toHaveLength(1);
    expect((await services.catalogue.property.getPublished(house.id)).ownerVerified).toBe(false);
    expect((await unverify(seller.user.id)).statusCode).toBe(409);
  });

  it('needs the identity check confirmed (400 naming checkedIdentity), and takes no ID number', async () => {
    for (const payload of [{}, { checkedIdentity: false }]) {
      const refused = await verify(buyer.user.id, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/^checkedIdentity: /);
    }
    const withNumber = await verify(buyer.user.id, {
      checkedIdentity: true,
      idNumber: '1199880012345678',
    });
    expect(withNumber.statusCode).toBe(200);
    const [entry] = await auditOf(buyer.user.id, 'user.verify');
    expect(JSON.stringify(entry)).not.toContain('1199880012345678');
    const [row] = await test.database.db.select().from(users).where(eq(users.id, buyer.user.id));
    expect(JSON.stringify(row)).not.toContain('1199880012345678');
  });

  it('answers 404 for a missing user and 400 for a bad id', async () => {
    expect((await verify(randomUUID())).statusCode).toBe(404);
    expect((await unverify(randomUUID())).statusCode).toBe(404);
    const bad = await verify('not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
  });

  it('is for admins only: 401 signed out, 403 for others', async () => {
    const signedOut = await test.app.inject({
      method: 'POST',
      url: `/api/user/${seller.user.id}/verification`,
      payload: { checkedIdentity: true },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(
      (await verify(seller.user.id, { checkedIdentity: true }, seller.bearer)).statusCode,
    ).toBe(403);
    expect((await unverify(seller.user.id, buyer.bearer)).statusCode).toBe(403);
    await expect(
      test.app.services.accountsAdmin.verifyUser(
        seller.user.id,
        { checkedIdentity: true },
        { id: seller.user.id, role: 'seller' },
      ),
    ).rejects.toMatchObject({ status: 403 });
  });
});
