import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { E2E_ADMIN } from './known-accounts.ts';
import { expect, test, UNKNOWN_ID, waitForHydration } from './fixtures.ts';

type Member = { context: BrowserContext; request: APIRequestContext; bearer: string; id: string };

/**
 * A new seller or buyer in a browser context of their own (their own cookies), signed up through
 * the API: the admin's page keeps the admin's session.
 */
async function newMember(
  browser: Browser,
  testInfo: TestInfo,
  role: 'seller' | 'buyer',
): Promise<Member> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const password = 'a-long-enough-password';
  const signup = await context.request.post('/api/signup', {
    data: {
      username: `E2E ${role} ${testInfo.project.name}`,
      email: `${role}-${randomUUID()}@e2e.inzu.rw`,
      password,
      confirmPassword: password,
      role,
    },
  });
  expect(signup.status()).toBe(201);
  const { token, user } = (await signup.json()) as { token: string; user: { _id: string } };
  return { context, request: context.request, bearer: `Bearer ${token}`, id: user._id };
}

/** A house the seller supplies through the API; answers its id. */
async function supplyHouse(seller: Member, title: string): Promise<string> {
  const response = await seller.request.post('/api/supply-property', {
    headers: { authorization: seller.bearer },
    data: {
      title,
      type: 'House',
      price: '64000000',
      location: 'Kibagabaga, Gasabo',
      contact: '0788555123',
      description: 'Three bedrooms with a view over the valley.',
      bedrooms: '3',
      features: ['Garden', 'Parking', 'Water tank', 'Solar'],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

/** Signs the page in as the bootstrap admin (the session cookie lands in the page's context). */
async function signInAsAdmin(page: Page) {
  const login = await page.context().request.post('/api/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.status()).toBe(200);
}

const uniqueTitle = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;

test('the admin approves a seller’s supply and visitors find it published', async ({
  page,
  browser,
}, testInfo) => {
  const seller = await newMember(browser, testInfo, 'seller');
  const title = uniqueTitle('Valley view house in Kibagabaga');
  const id = await supplyHouse(seller, title);
  await signInAsAdmin(page);

  await page.goto('/admin-panel/supplied-property');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Supplied Properties' })).toBeVisible();
  await expect(page.getByLabel('Review status', { exact: true })).toHaveValue('Pending');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toContainText('Pending');
  await expect(card).toContainText('Three bedrooms with a view over the valley.');

  // Like is kept in this browser only, and survives a reload.
  const like = card.getByRole('button', { name: /^(Like|Liked)/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('Liked');
  await page.reload();
  await waitForHydration(page);
  await expect(
    page
      .getByRole('article')
      .filter({ hasText: title })
      .getByRole('button', { name: /^Liked/ }),
  ).toHaveAttribute('aria-pressed', 'true');

  await page
    .getByRole('article')
    .filter({ hasText: title })
    .getByRole('link', { name: /^View/ })
    .click();
  await expect(page).toHaveURL(`/admin-panel/supplied-property/${id}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home');
  await expect(page.getByText('RWF 64,000,000').first()).toBeVisible();
  await expect(
    page.getByRole('link', { name: `E2E seller ${testInfo.project.name}` }),
  ).toHaveAttribute('href', `/admin-panel/users/${seller.id}`);
  // Features come three to a block.
  await expect(page.locator('#features-heading ~ div ul')).toHaveCount(2);

  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('Property approved successfully.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Review' })).toContainText('Approved');

  const visitor = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const visitorPage = await visitor.newPage();
  const published = await visitorPage.goto(`/property/${id}`);
  expect(published?.status()).toBe(200);
  await expect(visitorPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await visitorPage.goto('/get-properties/type/House');
  await expect(visitorPage.getByRole('heading', { level: 3, name: title })).toBeVisible();
  await visitor.close();
  await seller.context.close();
});

test('the admin rejects a supply with a reason, and the seller reads it', async ({
  page,
  browser,
}, testInfo) => {
  const seller = await newMember(browser, testInfo, 'seller');
  const title = uniqueTitle('Unclear plot in Rebero');
  const id = await supplyHouse(seller, title);
  const reason = 'The photos show another house. Please send photos of this one.';
  await signInAsAdmin(page);

  await page.goto(`/admin-panel/supplied-property/${id}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The reason is required: an empty one is refused, and the summary leads to the field.
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const summary = page.getByRole('group', { name: 'Please fix the following:' });
  await expect(summary).toBeFocused();
  await summary.getByRole('link', { name: /^Reason: / }).click();
  await expect(page.getByLabel('Reason', { exact: true })).toBeFocused();
  await page.getByLabel('Reason', { exact: true }).fill(reason);
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(page.getByText('Property rejected.')).toBeVisible();
  const review = page.getByRole('region', { name: 'Review' });
  await expect(review).toContainText('Rejected');
  await expect(review).toContainText(reason);
  await expect(page.getByLabel('Reason', { exact: true })).toHaveValue('');

  const sellerPage = await seller.context.newPage();
  await sellerPage.goto(`/supply-property-detail/${id}`);
  await expect(sellerPage.getByText('An admin rejected this supply.')).toBeVisible();
  await expect(sellerPage.getByText(reason)).toBeVisible();
  // Not published: visitors get a 404.
  const visitor = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  expect((await (await visitor.newPage()).goto(`/property/${id}`))?.status()).toBe(404);
  await visitor.close();

  // The Rejected filter lists it.
  await page.goto('/admin-panel/supplied-property?moderation=Rejected');
  await expect(page.getByRole('article').filter({ hasText: title })).toContainText('Rejected');
  await seller.context.close();
});

test('the admin deletes a buyer’s request after confirming', async ({
  page,
  browser,
}, testInfo) => {
  const buyer = await newMember(browser, testInfo, 'buyer');
  const title = uniqueTitle('Family house wanted in Kanombe');
  const posted = await buyer.request.post('/api/request-property', {
    headers: { authorization: buyer.bearer },
    data: {
      title,
      price: '300000',
      location: 'Kanombe, Kicukiro',
      requesterName: 'Aline Uwase',
      contact: '0788777000',
      description: 'Near the airport road.',
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const id = ((await posted.json()) as { data: { _id: string } }).data._id;
  await signInAsAdmin(page);

  await page.goto('/admin-panel/requested-property');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Requested Properties' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toContainText('RWF 300,000');
  await expect(card).toContainText('Kanombe, Kicukiro');
  await expect(card).toContainText('No image available');

  await card.getByRole('link', { name: /^View Details/ }).click();
  await expect(page).toHaveURL(`/admin-panel/requested-property/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Aline Uwase')).toBeVisible();
  await expect(page.getByText('0788777000')).toBeVisible();
  await page.goBack();
  await waitForHydration(page);

  // Cancelling the confirmation deletes nothing.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await card.getByRole('button', { name: /^Delete Request/ }).click();
  await expect(card).toBeVisible();

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this request?');
    void dialog.accept();
  });
  await card.getByRole('button', { name: /^Delete Request/ }).click();
  await expect(page.getByText('Property request deleted.')).toBeVisible();
  await expect(card).toHaveCount(0);

  const gone = await page.goto(`/admin-panel/requested-property/${id}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByText('Property not found.')).toBeVisible();
  const absent = await page.goto(`/admin-panel/supplied-property/${UNKNOWN_ID}`);
  expect(absent?.status()).toBe(404);
  await expect(page.getByText('Property not found.')).toBeVisible();
  await buyer.context.close();
});
