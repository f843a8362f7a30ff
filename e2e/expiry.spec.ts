/**
 * Listing expiry: the owner renews from the expiry e-mail's link without signing in, and an
 * expired listing comes back when its owner renews it from its page. e2e/serve.ts dates the
 * listings back (one set per project); the expiry sweep runs when the server starts.
 */
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { E2E_EXPIRY_PASSWORD, E2E_EXPIRY_SELLERS } from './known-accounts.ts';
import { assetUrl, expect, mailsTo, test, waitForHydration } from './fixtures.ts';

function sellerOf(testInfo: TestInfo) {
  return testInfo.project.name.startsWith('phone')
    ? { project: 'phone', ...E2E_EXPIRY_SELLERS.phone }
    : { project: 'desktop', ...E2E_EXPIRY_SELLERS.desktop };
}

/** The id in a listing's owner page address (`/supply-property-detail/<id>`). */
async function ownerPageId(page: Page, name: string): Promise<string> {
  const href = await page.getByRole('link', { name }).getAttribute('href');
  return href!.split('/').at(-1)!;
}

/** Signs the context in (its cookie); answers the session's token, for API calls. */
async function signIn(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/login', {
    data: { email, password: E2E_EXPIRY_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  return (await login.json()).token as string;
}

/** Listings that came back to the lists leave again: other journeys count what is listed. */
async function withdraw(request: APIRequestContext, token: string, id: string) {
  const withdrawn = await request.delete(`/api/supply-property/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(withdrawn.ok()).toBe(true);
}

test('the owner keeps a listing listed from the expiry e-mail’s link, without signing in', async ({
  page,
  playwright,
}, testInfo) => {
  const seller = sellerOf(testInfo);
  const title = `Brass floor lamp (${seller.project})`;
  await expect.poll(() => mailsTo(seller.email).length, { timeout: 20_000 }).toBe(1);
  const [mail] = mailsTo(seller.email);
  expect(mail!.text).toContain('Is your listing still available?');
  expect(mail!.text).toContain(title);
  const link = /https?:\/\/\S+\/listings\/still-available\?token=\S+/.exec(mail!.text)![0];

  // Opening the link changes nothing: it asks.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(
    page.getByRole('heading', { level: 1, name: `Is ${title} still available?` }),
  ).toBeVisible();
  const id = await ownerPageId(page, 'Sold or rented? Mark it on your listing page instead');
  await page.getByRole('button', { name: 'Yes, keep it listed' }).click();
  await expect(page.getByText(/^Listed until \d{1,2} \w{3} \d{4}$/)).toBeVisible();

  // Still on the lists, for 60 more days.
  await page.goto(assetUrl(id));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The same link again says so and renews nothing more.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(/^Listed until /)).toBeVisible();

  const owner = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await withdraw(owner, await signIn(owner, seller.email), id);
  await owner.dispose();
});

test('an expired listing is off the public pages, and its owner brings it back from its page', async ({
  page,
}, testInfo) => {
  const seller = sellerOf(testInfo);
  const title = `Walnut bookcase (${seller.project})`;
  const token = await signIn(page.context().request, seller.email);
  await page.goto('/supplied-property');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('Expired', { exact: true })).toBeVisible();
  const id = await card
    .getByRole('link', { name: title })
    .getAttribute('href')
    .then((href) => href!.split('/').at(-1)!);

  const visitor = await page.context().browser()!.newContext();
  const visitorPage = await visitor.newPage();
  expect((await visitorPage.goto(assetUrl(id)))!.status()).toBe(404);

  await page.goto(`/supply-property-detail/${id}`);
  const notice = page.getByRole('region', { name: 'How long it stays listed' });
  await expect(notice.getByText(/^Expired on /)).toBeVisible();
  await waitForHydration(page);
  await notice.getByRole('button', { name: 'Renew' }).click();
  await expect(notice.getByText(/^Listed until /).first()).toBeVisible();

  expect((await visitorPage.goto(assetUrl(id)))!.status()).toBe(200);
  await expect(visitorPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await visitor.close();

  await withdraw(page.context().request, token, id);
});
