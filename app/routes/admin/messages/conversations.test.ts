/**
 * The admin's conversations page: the lister filter offers the owners whose listings have
 * conversations, and narrows the list to one of them through the page's address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '#seed/factories.ts';
import { ForbiddenError } from '#lib/errors.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';

const ROUTE = 'routes/admin/messages/conversations';

type PageData = {
  owners: { id: string; name: string }[];
  ownerId: string;
  origin: string;
  page: { items: { id: string; ownerId: string; viewerSide: string; phone: string }[] };
};

let test: TestApp;
let admin: Viewer;
let grace: Viewer;
let eric: Viewer;
let quiet: Viewer;
let deletedOnly: Viewer;

/** A signed-out visitor asks about one of the seller's listings; answers the conversation id. */
async function askAbout(seller: Viewer): Promise<string> {
  const listing = await createProperty(test.database.db, seller.id, {
    title: `${seller.name}'s house`,
  });
  const { id } = await test.app.services.inquiries.createInquiry(
    {
      listingId: listing.id,
      name: 'Diane Mukamana',
      email: 'diane@example.rw',
      phone: '0788123456',
      role: 'buyer',
      message: 'Is it still free?',
      agree: true,
    },
    null,
  );
  return id;
}

beforeAll(async () => {
  test = await createTestApp();
  const seller = (name: string) => createSignedInUser(test.database, { role: 'seller', name });
  admin = viewerOf(await createSignedInUser(test.database, { role: 'admin' }));
  grace = viewerOf(await seller('Grace Uwase'));
  eric = viewerOf(await seller('Eric Mugisha'));
  quiet = viewerOf(await seller('Quiet Seller'));
  deletedOnly = viewerOf(await seller('Deleted Conversations'));
  await askAbout(grace);
  await askAbout(grace);
  await askAbout(eric);
  await createProperty(test.database.db, quiet.id);
  await test.app.services.inquiries.deleteInquiry(await askAbout(deletedOnly), admin);
});

afterAll(async () => {
  await test.close();
});

async function openPage(url: string): Promise<PageData> {
  const answer = await requestPage(test, url, { viewer: admin });
  expect(answer.status).toBe(200);
  return answer.loaderData[ROUTE] as PageData;
}

describe('the lister filter', () => {
  it('offers each owner with conversations once, by name', async () => {
    const { owners } = await openPage('/admin-panel/inquiries');
    expect(owners).toEqual([
      { id: eric.id, name: 'Eric Mugisha' },
      { id: grace.id, name: 'Grace Uwase' },
    ]);
  });

  it('narrows the list to the chosen owner, and a bad id in the address shows all', async () => {
    const narrowed = await openPage(`/admin-panel/inquiries?ownerId=${grace.id}&listingId=`);
    expect(narrowed.ownerId).toBe(grace.id);
    expect(narrowed.page.items).toHaveLength(2);
    expect(narrowed.page.items.every((item) => item.ownerId === grace.id)).toBe(true);

    const all = await openPage('/admin-panel/inquiries?ownerId=not-an-id');
    expect(all.ownerId).toBe('');
    expect(all.page.items).toHaveLength(3);
  });

  it('is for admins only', async () => {
    await expect(test.app.services.inquiries.listConversationOwners(grace)).rejects.toThrow(
      ForbiddenError,
    );
  });
});

describe('Call and WhatsApp on each card', () => {
  it('have what they need: the visitor’s phone for the owner side, and the site’s origin', async () => {
    const { page, origin } = await openPage('/admin-panel/inquiries');
    expect(origin).toBe('http://localhost');
    expect(page.items.every((item) => item.viewerSide === 'owner' && item.phone)).toBe(true);

    const own = await requestPage(test, '/inquiries', { viewer: grace });
    expect(own.loaderData['routes/inquiries/inquiries']).toMatchObject({
      origin: 'http://localhost',
    });
  });
});
