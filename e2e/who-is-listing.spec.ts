import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN } from './known-accounts.ts';
import { expect, propertyUrl, test } from './fixtures.ts';

const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

/** An admin's bearer header, for the API calls that set a journey up. */
async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${(await login.json()).token}` };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('"Owner only" leaves out the listings of agents and commissioners', async ({
    page,
    request,
    fixtures,
  }) => {
    const headers = await adminHeaders(request);
    const title = `Agent's house ${randomUUID().slice(0, 8)}`;
    const created = await request.post('/api/create-property', {
      headers,
      data: {
        title,
        type: 'House',
        status: 'Rent',
        district: 'Kicukiro',
        sector: 'Gikondo',
        area: '150',
        bedrooms: '3',
        bathrooms: '2',
        toilets: '2',
        price: '400000',
        owner: 'Kigali Homes Agency',
        contact: '0788000222',
        description: 'Listed by an agency.',
        listedBy: 'agent',
        commission: '100000',
      },
    });
    expect(created.status()).toBe(201);
    const id = (await created.json()).data._id as string;
    try {
      await page.goto('/get-properties/type/House');
      const agentCard = card(page, title);
      await expect(agentCard).toBeVisible();
      // Owner listings carry a small "Owner" badge; an agent's does not.
      await expect(agentCard.getByText('Owner', { exact: true })).toHaveCount(0);
      const ownerCard = card(page, fixtures.properties.kicukiro.title);
      await expect(ownerCard.getByText('Owner', { exact: true })).toBeVisible();

      await page.getByText('Filter and sort').click();
      await page.getByLabel('Owner only').check();
      await page.getByRole('button', { name: 'Apply' }).click();

      await expect(page).toHaveURL(/listedBy=owner/);
      await expect(card(page, fixtures.properties.kicukiro.title)).toBeVisible();
      await expect(card(page, title)).toHaveCount(0);
      await expect(page.getByLabel('Owner only')).toBeChecked();

      // The agent's page says who lists it and what they charge.
      await page.goto(propertyUrl(id));
      await expect(page.getByText('Listed by an agent')).toBeVisible();
      await expect(page.getByText('Commission: RWF 100,000')).toBeVisible();
    } finally {
      const deleted = await request.delete(`/api/delete-property/${id}`, { headers });
      expect(deleted.status()).toBe(200);
    }
  });
});

test('a listing page says who lists it and shows the safety tips beside the inquiry form', async ({
  page,
  fixtures,
}) => {
  await page.goto(propertyUrl(fixtures.properties.kicukiro.id));
  await expect(page.getByText('Listed by the owner')).toBeVisible();

  const tips = page.getByRole('region', { name: 'Stay safe' });
  await expect(tips).toBeVisible();
  await expect(tips.getByRole('listitem')).toHaveText([
    'Never pay before you have seen the place and met the owner.',
    "Check a plot's or house's UPI with the land office before paying.",
    'Meet in daylight, in a public place, and bring someone with you.',
  ]);
  // Right above the Request Information form.
  const next = page.locator('section[aria-labelledby="safety-heading"] + section');
  await expect(next.getByRole('heading', { name: 'Request Information' })).toBeVisible();
});
