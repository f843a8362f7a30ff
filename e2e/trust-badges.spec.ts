import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from './known-accounts.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

type Seller = { request: APIRequestContext; bearer: string; id: string; name: string };

const BOARD = fs.readFileSync(
  new URL('../modules/media/fixtures/circuit-board.jpg', import.meta.url),
);

/** A new seller in a browser context of their own, signed up through the API. */
async function newSeller(browser: Browser, testInfo: TestInfo, label: string): Promise<Seller> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const password = 'a-long-enough-password';
  const name = `E2E ${label} ${randomUUID().slice(0, 6)}`;
  const signup = await context.request.post('/api/signup', {
    data: {
      username: name,
      email: `${label}-${randomUUID()}@e2e.inzu.rw`,
      password,
      confirmPassword: password,
      role: 'seller',
    },
  });
  expect(signup.status()).toBe(201);
  const { token, user } = (await signup.json()) as { token: string; user: { _id: string } };
  return { request: context.request, bearer: `Bearer ${token}`, id: user._id, name };
}

/** A house the seller supplies through the API, with one photo when given; answers its id. */
async function supplyHouse(seller: Seller, title: string, photo?: Buffer): Promise<string> {
  const fields = {
    title,
    type: 'House',
    price: '48000000',
    location: 'Kagarama, Kicukiro',
    contact: '0788555321',
    description: 'Two bedrooms near the road.',
  };
  const response = await seller.request.post('/api/supply-property', {
    headers: { authorization: seller.bearer },
    ...(photo
      ? {
          multipart: {
            ...fields,
            photos: { name: 'house.jpg', mimeType: 'image/jpeg', buffer: photo },
          },
        }
      : { data: fields }),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

async function signInAsAdmin(page: Page) {
  const login = await page.context().request.post('/api/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.status()).toBe(200);
}

/** Withdraws a supply: published listings must not stay among the home page's newest. */
async function withdraw(seller: Seller, id: string) {
  const response = await seller.request.delete(`/api/supply-property/${id}`, {
    headers: { authorization: seller.bearer },
  });
  expect(response.status()).toBe(200);
}

test('an admin verifies a seller, and “Verified seller” shows on their listing and profile', async ({
  page,
  browser,
}, testInfo) => {
  const seller = await newSeller(browser, testInfo, 'verified');
  const title = `Checked house in Kagarama ${randomUUID().slice(0, 8)}`;
  const id = await supplyHouse(seller, title);
  await signInAsAdmin(page);
  try {
    const approved = await page.request.put(`/api/supply-property/${id}/approve`, {
      headers: { origin: testInfo.project.use.baseURL! },
    });
    expect(approved.status()).toBe(200);

    await page.goto(`/property/${id}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('Verified seller')).toHaveCount(0);

    await page.goto(`/admin-panel/users/${seller.id}`);
    await waitForHydration(page);
    const panel = page.getByRole('region', { name: 'Verified seller' });
    // Without the confirmation nothing changes, and the box says why.
    await panel.getByRole('button', { name: 'Mark as verified' }).click();
    await expect(
      panel.getByText('Confirm that you checked their identity document').first(),
    ).toBeVisible();
    await panel.getByLabel('I checked this person’s identity document').check();
    await panel.getByRole('button', { name: 'Mark as verified' }).click();
    await expect(panel.getByText('Marked as verified.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Remove verification' })).toBeVisible();

    await page.goto(`/property/${id}`);
    await expect(page.getByText('Verified seller', { exact: true })).toBeVisible();
    await page.goto(`/users/${seller.id}`);
    await expect(page.getByText('Verified seller', { exact: true }).first()).toBeVisible();

    await page.goto(`/admin-panel/users/${seller.id}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Remove verification' }).click();
    await expect(page.getByText('Verification removed.')).toBeVisible();
    await page.goto(`/property/${id}`);
    await expect(page.getByText('Verified seller', { exact: true })).toHaveCount(0);
  } finally {
    await withdraw(seller, id);
  }
});

test('a supply whose photo is another owner’s is flagged on the review page, side by side', async ({
  page,
  browser,
}, testInfo) => {
  const first = await newSeller(browser, testInfo, 'original');
  const second = await newSeller(browser, testInfo, 'copier');
  // The same photo, smaller and recompressed, as a copier would post it.
  const picture = BOARD;
  const originalTitle = `Original board house ${randomUUID().slice(0, 8)}`;
  const original = await supplyHouse(first, originalTitle, picture);
  const copyTitle = `Copied board house ${randomUUID().slice(0, 8)}`;
  const copy = await supplyHouse(
    second,
    copyTitle,
    await sharp(picture).resize({ width: 480 }).jpeg({ quality: 75 }).toBuffer(),
  );
  await signInAsAdmin(page);
  try {
    await page.goto(`/admin-panel/supplied-property/${copy}`);
    const flag = page.getByRole('region', { name: 'Photos match another owner’s listing' });
    await expect(flag).toBeVisible();
    // Other runs' copies of the same photo may be listed too: this run's pair is checked.
    const pair = flag.getByRole('listitem').filter({ hasText: `Other listing: ${originalTitle}` });
    await expect(pair).toBeVisible();
    await expect(pair.getByRole('link', { name: first.name })).toBeVisible();
    await expect(pair.getByRole('img')).toHaveCount(2);
    await expect(pair.getByRole('link', { name: /Open the other listing/ })).toHaveAttribute(
      'href',
      `/admin-panel/supplied-property/${original}`,
    );

    await page.goto('/admin-panel/supplied-property');
    const card = page.getByRole('article').filter({ hasText: copyTitle });
    await expect(card.getByText('Duplicate photos?')).toBeVisible();
  } finally {
    await withdraw(first, original);
    await withdraw(second, copy);
  }
});
