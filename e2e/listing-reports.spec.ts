import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { E2E_ADMIN } from './known-accounts.ts';
import { expect, propertyUrl, supplyAsNewSeller, test, waitForHydration } from './fixtures.ts';

/**
 * A new buyer in a browser context of their own, signed in by the sign-up's cookie; with
 * `verifiedBy`, the admin verifies them (a report counts toward hiding only from an account an
 * admin verified or older than REPORT_MIN_ACCOUNT_DAYS, and every buyer here signs up today
 * from one address).
 */
async function newBuyer(
  browser: Browser,
  baseURL: string,
  verifiedBy?: { request: APIRequestContext; headers: Record<string, string> },
): Promise<BrowserContext> {
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
  if (verifiedBy) {
    const { user } = await signup.json();
    const verified = await verifiedBy.request.post(`/api/user/${user.id}/verification`, {
      headers: verifiedBy.headers,
      data: { checkedIdentity: true },
    });
    expect(verified.status()).toBe(200);
  }
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

test('a visitor and a new account do not hide a listing, three verified reporters do, and an admin restores it', async ({
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

    // A visitor (not signed in) and a buyer who signed up today report it: it stays.
    await report(page, id, 'Scam or fraud');
    const newcomer = await newBuyer(browser, origin);
    buyers.push(newcomer);
    await report(await newcomer.newPage(), id, 'Already rented or sold');
    await page.goto(propertyUrl(id));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // Three buyers the admin verified report it.
    for (const [reason, details] of [
      ['Wrong price or details', undefined],
      ['Duplicate', undefined],
      ['Other', 'The same photos are on another listing.'],
    ] as const) {
      const buyer = await newBuyer(browser, origin, { request: admin.request, headers: asAdmin });
      buyers.push(buyer);
      await report(await buyer.newPage(), id, reason, details);
    }

    // The third report that counts hid it.
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
    await expect(card).toContainText('5 open reports');
    await expect(card).toContainText('Hidden');
    await expect(card).toContainText('Scam or fraud');
    await expect(card).toContainText('The same photos are on another listing.');
    // Each report says whether it counted toward hiding the listing, or why not.
    await expect(card).toContainText('Not counted: visitor');
    await expect(card).toContainText('Not counted: account newer than 7 days');
    await expect(card.getByText('Counted toward hiding: verified reporter')).toHaveCount(3);
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
