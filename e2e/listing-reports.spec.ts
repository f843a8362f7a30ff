import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { E2E_ADMIN } from './known-accounts.ts';
import { expect, propertyUrl, supplyAsNewSeller, test, waitForHydration } from './fixtures.ts';

/** A new buyer in a browser context of their own, signed in by the sign-up's cookie. */
async function newBuyer(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  const password = 'a-long-enough-password';
  const tag = randomUUID().slice(0, 8);
  const signup = await context.request.post('/api/signup', {
    headers: { origin: baseURL },
    data: {
      username: `Reporter ${tag}`,
      email: `reporter-${tag}@e2e.inzu.rw`,
      password,
      confirmPassword: password,
      role: 'buyer',
    },
  });
  expect(signup.status()).toBe(201);
  return context;
}

/** Reports the listing on its page through "Report this listing". */
async function report(page: Page, id: string, reason: string, details?: string) {
  await page.goto(propertyUrl(id));
  await waitForHydration(page);
  await page.getByText('Report this listing').click();
  await page.getByRole('radio', { name: reason }).check();
  if (details) await page.getByRole('textbox', { name: 'Details' }).fill(details);
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(
    page.getByText('Thank you. An administrator will review this listing.'),
  ).toBeVisible();
}

test('three reports hide a listing, and an admin restores it', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const admin = await browser.newContext({ baseURL: origin });
  const login = await admin.request.post('/api/login', {
    headers: { origin },
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.status()).toBe(200);
  const asAdmin = { authorization: `Bearer ${(await login.json()).token}` };

  const title = `Reported house ${randomUUID().slice(0, 8)}`;
  // The seller signs up in a context of their own, so the admin's keeps the admin's session.
  const seller = await browser.newContext({ baseURL: origin });
  const id = await supplyAsNewSeller(seller.request, origin, {
    title,
    type: 'House',
    status: 'Rent',
    price: '380000',
    district: 'Gasabo',
    sector: 'Remera',
    contact: '0788123456',
  });
  const buyers: BrowserContext[] = [];
  try {
    const approved = await admin.request.put(`/api/supply-property/${id}/approve`, {
      headers: asAdmin,
    });
    expect(approved.status()).toBe(200);

    // A visitor (not signed in) and two signed-in buyers report it.
    await report(page, id, 'Scam or fraud');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    for (const [reason, details] of [
      ['Wrong price or details', undefined],
      ['Other', 'The same photos are on another listing.'],
    ] as const) {
      const buyer = await newBuyer(browser, origin);
      buyers.push(buyer);
      await report(await buyer.newPage(), id, reason, details);
    }

    // The third report hid it.
    await page.goto(propertyUrl(id));
    await expect(page.getByText('Property not found')).toBeVisible();

    const adminPage = await admin.newPage();
    await adminPage.goto('/admin-panel/reports/listings');
    await waitForHydration(adminPage);
    await expect(
      adminPage.getByRole('heading', { level: 1, name: 'Listing reports' }),
    ).toBeVisible();
    const card = adminPage.getByRole('listitem').filter({
      has: adminPage.getByRole('heading', { level: 2, name: title }),
    });
    await expect(card).toContainText('3 open reports');
    await expect(card).toContainText('Hidden');
    await expect(card).toContainText('Scam or fraud');
    await expect(card).toContainText('The same photos are on another listing.');
    await card.getByRole('button', { name: 'Dismiss and restore' }).click();
    await expect(
      adminPage.getByText('Reports dismissed: the listing is shown again.'),
    ).toBeVisible();

    await page.goto(propertyUrl(id));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await adminPage.goto('/admin-panel/reports/listings?status=closed');
    await expect(
      adminPage
        .getByRole('listitem')
        .filter({ has: adminPage.getByRole('heading', { level: 2, name: title }) }),
    ).toContainText('Dismissed');
  } finally {
    // The home page's newest listings are other journeys' fixtures: this house leaves again.
    const removed = await admin.request.delete(`/api/delete-property/${id}`, { headers: asAdmin });
    expect(removed.status()).toBe(200);
    for (const buyer of buyers) await buyer.close();
    await admin.close();
    await seller.close();
  }
});
