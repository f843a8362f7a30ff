import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createPropertyRequest, createUser } from '#seed/factories.ts';
import { ConflictError, ForbiddenError } from '#lib/errors.ts';
import { countCatalogueChanges, createTestApp, type TestApp } from '#server/testing.ts';

describe('user management and the catalogue change', () => {
  let test: TestApp;
  let admin: { id: string; role: 'admin' };

  beforeAll(async () => {
    test = await createTestApp();
    admin = { id: (await createUser(test.database.db, { role: 'admin' })).id, role: 'admin' };
  });

  afterAll(async () => {
    await test.close();
  });

  it('announces it when the deleted user had listings, which are withdrawn', async () => {
    const seller = await createUser(test.database.db, { role: 'seller' });
    await createProperty(test.database.db, seller.id);
    const changes = countCatalogueChanges(test);

    await test.app.services.accountsAdmin.deleteUser(seller.id, admin);

    expect(changes.count).toBe(1);
    changes.stop();
  });

  it('announces nothing for a user with no listing (wanted-ads are not in the catalogue)', async () => {
    const buyer = await createUser(test.database.db, { role: 'buyer' });
    await createPropertyRequest(test.database.db, buyer.id);
    const changes = countCatalogueChanges(test);

    expect(await test.app.services.accountsAdmin.deleteUser(buyer.id, admin)).toEqual({
      properties: 0,
      assets: 0,
      requests: 1,
    });

    expect(changes.count).toBe(0);
    changes.stop();
  });

  it('announces nothing when the deletion is refused', async () => {
    const seller = await createUser(test.database.db, { role: 'seller' });
    await createProperty(test.database.db, seller.id);
    const changes = countCatalogueChanges(test);

    await expect(
      test.app.services.accountsAdmin.deleteUser(admin.id, admin),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      test.app.services.accountsAdmin.deleteUser(seller.id, { id: seller.id, role: 'seller' }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    // The last active admin stays: refused inside the transaction, which rolls back.
    await createProperty(test.database.db, admin.id);
    await expect(
      test.app.services.accountsAdmin.deleteUser(admin.id, { id: randomUUID(), role: 'admin' }),
    ).rejects.toBeInstanceOf(ConflictError);

    expect(changes.count).toBe(0);
    changes.stop();
  });

  it('announces a verification given or taken away, and a new name, not a new e-mail alone', async () => {
    const seller = await createUser(test.database.db, { role: 'seller', name: 'Aline Uwase' });
    const { accountsAdmin } = test.app.services;
    const changes = countCatalogueChanges(test);

    await accountsAdmin.verifyUser(seller.id, { checkedIdentity: true }, admin);
    expect(changes.count).toBe(1);
    await accountsAdmin.unverifyUser(seller.id, admin);
    expect(changes.count).toBe(2);
    await expect(accountsAdmin.unverifyUser(seller.id, admin)).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(changes.count).toBe(2);

    const email = `renamed-${randomUUID()}@example.rw`;
    await accountsAdmin.updateUserInfo(seller.id, { name: 'Aline Uwase', email }, admin);
    expect(changes.count).toBe(2);
    await accountsAdmin.updateUserInfo(seller.id, { name: 'Aline Mukamana', email }, admin);
    expect(changes.count).toBe(3);
    changes.stop();
  });
});
