/** The admin property and asset forms and the manage tables' row buttons, as the server runs them. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { jpeg } from '#test/form-requests.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';

let test: TestApp;
let admin: Viewer;

beforeAll(async () => {
  test = await createTestApp();
  admin = viewerOf(await createSignedInUser(test.database, { role: 'admin' }));
});

afterAll(async () => {
  await test.close();
});

const manage = () => test.app.services.adminListings;

/** Every field of the admin property form, as the page posts them. */
function propertyForm(title: string) {
  return {
    title,
    type: 'Apartment',
    status: 'Rent',
    district: 'Gasabo',
    sector: 'Kacyiru',
    location: 'Near the embassies',
    address: 'KG 7 Ave',
    area: '120',
    price: '450,000',
    bedrooms: '2',
    bathrooms: '1',
    toilets: '2',
    owner: 'Inzu Ltd',
    contact: '0788123456',
    description: 'A bright apartment near the embassies.',
    features: ['Parking', 'Balcony'],
  };
}

async function findByTitle(title: string) {
  const page = await manage().listProperties({ page: 1, pageSize: 48 }, admin);
  return page.items.find((item) => item.title === title);
}

describe('the admin property form', () => {
  it('creates a published property with its photo and features', async () => {
    const title = `Kacyiru flat ${randomUUID().slice(0, 8)}`;
    const page = await requestPage(test, '/admin-panel/create-new-property', {
      viewer: admin,
      form: { ...propertyForm(title), photos: await jpeg() },
    });
    expect(page.actionData).toEqual({ ok: true, message: 'Property created successfully!' });
    const created = await findByTitle(title);
    expect(created).toMatchObject({
      price: 450_000,
      moderation: 'Approved',
      features: ['Parking', 'Balcony'],
    });
    expect(created?.photos).toHaveLength(1);
    // Published: a visitor finds it.
    const published = await test.app.services.catalogue.property.getPublished(created!._id);
    expect(published.title).toBe(title);
  });

  it('answers a price in words with what to type, and writes nothing', async () => {
    const title = `Words ${randomUUID().slice(0, 8)}`;
    const page = await requestPage(test, '/admin-panel/create-new-property', {
      viewer: admin,
      form: { ...propertyForm(title), price: '450,000 per month', bedrooms: 'two' },
    });
    expect(page.status).toBe(400);
    expect(page.actionData).toMatchObject({
      ok: false,
      fieldErrors: {
        price: 'Enter an amount in RWF, digits only',
        bedrooms: 'Enter a whole number from 0 to 1000',
      },
    });
    expect(await findByTitle(title)).toBeUndefined();
  });

  it('loads a property into the edit form and saves the change', async () => {
    const title = `To edit ${randomUUID().slice(0, 8)}`;
    await requestPage(test, '/admin-panel/create-new-property', {
      viewer: admin,
      form: propertyForm(title),
    });
    const { _id: id } = (await findByTitle(title))!;
    const url = `/admin-panel/create-new-property/${id}`;

    const form = await requestPage(test, url, { viewer: admin });
    expect(form.loaderData['admin-edit-property']).toMatchObject({ property: { _id: id, title } });

    const saved = await requestPage(test, url, {
      viewer: admin,
      form: { ...propertyForm(`${title} (renovated)`), status: 'Sale' },
    });
    expect(saved.actionData).toEqual({ ok: true, message: 'Property updated successfully!' });
    expect(await manage().getProperty(id, admin)).toMatchObject({
      title: `${title} (renovated)`,
      status: 'Sale',
    });
  });

  it('answers 404 for an edit of a property that does not exist', async () => {
    const page = await requestPage(test, `/admin-panel/create-new-property/${randomUUID()}`, {
      viewer: admin,
    });
    expect(page.status).toBe(404);
  });
});

describe('the manage table row buttons', () => {
  it('approves a pending property and deletes it', async () => {
    const title = `Pending ${randomUUID().slice(0, 8)}`;
    await requestPage(test, '/admin-panel/create-new-property', {
      viewer: admin,
      form: { ...propertyForm(title), status: 'Pending' },
    });
    const { _id: id, moderation } = (await findByTitle(title))!;
    expect(moderation).toBe('Pending');

    const approved = await requestPage(test, '/admin-panel/properties', {
      viewer: admin,
      form: { intent: 'approve', id },
    });
    expect(approved.actionData).toMatchObject({ ok: true, intent: 'approve' });
    expect((await manage().getProperty(id, admin)).moderation).toBe('Approved');

    const deleted = await requestPage(test, '/admin-panel/properties', {
      viewer: admin,
      form: { intent: 'delete', id },
    });
    expect(deleted.actionData).toMatchObject({ ok: true, intent: 'delete' });
    expect(await findByTitle(title)).toBeUndefined();
  });

  it("answers the spec's failure text when the property is gone", async () => {
    const page = await requestPage(test, '/admin-panel/properties', {
      viewer: admin,
      form: { intent: 'delete', id: randomUUID() },
    });
    expect(page.status).toBe(404);
    expect(page.actionData).toMatchObject({
      ok: false,
      message: 'Failed to delete the property. Please try again.',
    });
  });

  it('deletes an asset from the assets table', async () => {
    const asset = await manage().createAsset(
      {
        name: `Toyota RAV4 ${randomUUID().slice(0, 8)}`,
        type: 'Car',
        status: 'Sale',
        price: 18_000_000,
        location: 'Remera, Gasabo',
        owner: 'Inzu Ltd',
        contact: '0788123456',
        description: 'One owner, full service history.',
        features: [],
      },
      [],
      admin,
    );
    const page = await requestPage(test, '/admin-panel/assets', {
      viewer: admin,
      form: { intent: 'delete', id: asset._id },
    });
    expect(page.actionData).toMatchObject({ ok: true, message: 'Asset deleted.' });
  });
});
