import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser } from '#db/seed/factories.ts';
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

describe('setPropertyAvailability and the catalogue change', () => {
  it('announces a property marked sold, once its row is written', async () => {
    const property = await createProperty(test.database.db, owner.id);
    const changes = countCatalogueChanges(test);

    await test.app.services.listings.setPropertyAvailability(property.id, 'Sold', owner);

    expect(changes.count).toBe(1);
    expect((await test.app.services.listings.getPublishedProperty(property.id)).availability).toBe(
      'Sold',
    );
    changes.stop();
  });

  it('announces nothing when the change is refused', async () => {
    const property = await createProperty(test.database.db, owner.id);
    const changes = countCatalogueChanges(test);
    const { listings } = test.app.services;

    await expect(
      listings.setPropertyAvailability(property.id, 'Rented', stranger),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      listings.setPropertyAvailability(randomUUID(), 'Rented', owner),
    ).rejects.toBeInstanceOf(NotFoundError);

    expect(changes.count).toBe(0);
    changes.stop();
  });
});
