import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './known-accounts.ts';
import { expect, isPhone, test, waitForHydration } from './fixtures.ts';

/** A Rwandan MTN number of this run's own: the demo phone shows it by its last three digits. */
function newMtnNumber(): string {
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return `078${digits}`;
}

/** The payer approves the prompt waiting for `phone` on the demo phone page. */
async function approveOnDemoPhone(page: Page, phone: string) {
  const phonePage = await page.context().newPage();
  await phonePage.goto('/payments-simulator/phone');
  const prompt = phonePage.getByRole('listitem').filter({ hasText: phone.slice(-3) });
  await prompt.getByRole('button', { name: 'Approve' }).click();
  await expect(phonePage.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await phonePage.close();
}

/** Pays on the pay page now shown: the number typed, then the prompt approved on the phone. */
async function payByMobileMoney(page: Page, phone: string) {
  await waitForHydration(page);
  await page.getByLabel('Mobile Money number').fill(phone);
  await page.getByRole('button', { name: /^Pay RWF/ }).click();
  await expect(page.getByRole('heading', { name: 'Confirm on your phone…' })).toBeVisible();
  await approveOnDemoPhone(page, phone);
  // The waiting page asks again by itself: no reload.
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
}

test('a seller pays the listing fee and a boost by Mobile Money, and an admin refunds the boost', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(!isPhone(testInfo), 'one journey on a phone: it changes the prices');
  const admin = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const adminLogin = await admin.request.post('/api/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(adminLogin.status()).toBe(200);
  // The API takes a bearer token; the admin's pages, the session cookie the login set.
  const asAdmin = { authorization: `Bearer ${(await adminLogin.json()).token}` };
  // A fee for commissioners' assets only: the other journeys' supplies stay free.
  const prices = await (
    await admin.request.get('/api/settings/prices', { headers: asAdmin })
  ).json();
  const saved = await admin.request.put('/api/settings/prices', {
    headers: asAdmin,
    data: { ...prices, listingFeeAssetCommissioner: 3000 },
  });
  expect(saved.status()).toBe(200);

  // The seller supplies a car as a commissioner: it waits for its fee.
  const password = 'a-long-enough-password';
  const signup = await page.context().request.post('/api/signup', {
    data: {
      username: 'Claudine Uwimana',
      email: `payer-${randomUUID()}@e2e.inzu.rw`,
      password,
      confirmPassword: password,
      role: 'seller',
    },
  });
  expect(signup.status()).toBe(201);
  const title = `Toyota RAV4 ${randomUUID().slice(0, 6)}`;
  const supplied = await page.context().request.post('/api/supply-property', {
    headers: { authorization: `Bearer ${(await signup.json()).token}` },
    data: {
      title,
      type: 'Car',
      price: '18000000',
      status: 'Sale',
      location: 'Kicukiro, Kigali',
      listedBy: 'commissioner',
      commission: '300000',
    },
  });
  expect(supplied.status()).toBe(201);
  const supplyId = (await supplied.json()).data._id as string;

  const phone = newMtnNumber();
  await page.goto(`/supply-property-detail/${supplyId}`);
  await expect(page.getByText('Awaiting payment')).toBeVisible();
  await page.getByRole('link', { name: 'Pay the listing fee' }).click();
  await expect(page.getByText('RWF 3,000', { exact: true })).toBeVisible();
  await payByMobileMoney(page, phone);
  await expect(page.getByText('Your listing is now waiting for review.')).toBeVisible();

  // Paid, it reaches the review queue; the admin publishes it.
  const approved = await admin.request.put(`/api/supply-property/${supplyId}/approve`, {
    headers: asAdmin,
  });
  expect(approved.status()).toBe(200);

  // The seller boosts it for 7 days from its page.
  await page.goto(`/supply-property-detail/${supplyId}`);
  await page.getByRole('link', { name: /^7 days/ }).click();
  await expect(page.getByRole('heading', { name: '7-day boost' })).toBeVisible();
  await payByMobileMoney(page, phone);
  await expect(page.getByText('Your listing is now featured.')).toBeVisible();

  // The admin finds the boost by the payer's number and refunds it, ending the boost.
  const adminPage = await admin.newPage();
  await adminPage.goto(`/admin-panel/transactions?q=${phone}`);
  const rows = adminPage.getByRole('row').filter({ hasText: title });
  await expect(rows).toHaveCount(2);
  await rows.filter({ hasText: 'Boost' }).getByRole('link').click();
  await expect(adminPage.getByRole('heading', { name: /^Payment #/ })).toBeVisible();
  await waitForHydration(adminPage);
  await adminPage.getByLabel('Reason').fill('The seller sold the car the same day');
  await adminPage.getByLabel('End the boost now').check();
  await adminPage.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(adminPage.getByText('Refunded.', { exact: true })).toBeVisible();
  await adminPage.reload();
  await expect(adminPage.getByText('Refunded', { exact: true }).first()).toBeVisible();

  await admin.request.put('/api/settings/prices', { headers: asAdmin, data: prices });
  await admin.close();
});
