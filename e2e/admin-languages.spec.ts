import { randomUUID } from 'node:crypto';
import { rwAdmin } from '#lib/messages/rw.admin.ts';
import { rw } from '#lib/messages/rw.ts';
import { E2E_ADMIN } from './known-accounts.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

test('an admin approves a seller’s supply in the Kinyarwanda panel; visitors find it published', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 8);
  const others = await browser.newContext({ baseURL });
  const seller = { email: `ugurisha-${tag}@e2e.inzu.rw`, password: 'a-long-enough-password' };
  const signup = await others.request.post('/api/signup', {
    data: {
      ...seller,
      username: `Ugurisha ${tag}`,
      role: 'seller',
      confirmPassword: seller.password,
    },
  });
  expect(signup.status()).toBe(201);
  const title = `Inzu y'ibyumba bitatu i Kanombe ${tag}`;
  const supplied = await others.request.post('/api/supply-property', {
    headers: { authorization: `Bearer ${(await signup.json()).token}` },
    data: { title, type: 'House', status: 'Rent', price: '350000', location: `Kanombe${tag}` },
  });
  expect(supplied.status()).toBe(201);
  const id = (await supplied.json()).data._id as string;
  await others.close();

  const login = await page.context().request.post('/api/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.status()).toBe(200);
  await page.goto(`/rw/admin-panel/supplied-property/${id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'rw');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('navigation', { name: rwAdmin['admin.nav.label'] })).toBeAttached();
  await waitForHydration(page);
  await page.getByRole('button', { name: rwAdmin['adminReview.approve'], exact: true }).click();
  await expect(page.getByText(rwAdmin['adminReview.approved'])).toBeVisible();

  // Published: its Kinyarwanda page is open to everyone.
  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/rw/property/${id}`);
  await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(visitorPage.getByRole('region', { name: rw['inquiry.title'] })).toBeVisible();
  await visitor.close();
});
