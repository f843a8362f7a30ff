import { randomUUID } from 'node:crypto';
import { E2E_ADMIN } from './known-accounts.ts';
import { expect, test, waitForHydration, supplyAsNewSeller } from './fixtures.ts';

test('a visitor saves a listing through signing in, and hears when its price drops', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 8);
  const others = await browser.newContext({ baseURL });
  const bearerOf = async (account: { email: string; password: string }) => {
    const login = await others.request.post('/api/login', {
      headers: { origin: baseURL ?? '' },
      data: { email: account.email, password: account.password },
    });
    expect(login.status()).toBe(200);
    return { authorization: `Bearer ${(await login.json()).token}` };
  };
  const buyer = { email: `saver-${tag}@e2e.inzu.rw`, password: 'a-long-enough-password' };
  const signup = await others.request.post('/api/signup', {
    data: { ...buyer, username: `Saver ${tag}`, role: 'buyer', confirmPassword: buyer.password },
  });
  expect(signup.status()).toBe(201);
  const title = `Saved villa ${tag}`;
  const id = await supplyAsNewSeller(others.request, baseURL ?? '', {
    title,
    type: 'House',
    status: 'Sale',
    price: '90000000',
    location: `Rebero${tag}`,
    contact: '0788123456',
  });
  const admin = await bearerOf(E2E_ADMIN);
  expect(
    (await others.request.put(`/api/supply-property/${id}/approve`, { headers: admin })).status(),
  ).toBe(200);

  // Signed out, Save goes through the login page and comes back with the listing saved.
  await page.goto(`/property/${id}`);
  await page.getByRole('link', { name: `Save ${title}` }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await waitForHydration(page);
  await page.getByLabel('Email or phone number').fill(buyer.email);
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(`/property/${id}`);
  await expect(
    page.getByRole('button', { name: `Remove ${title} from your saved listings` }),
  ).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/favourites');
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  // The price drops: the saver is told.
  const update = await others.request.put(`/api/update-property/${id}`, {
    headers: admin,
    data: { price: '85000000' },
  });
  expect(update.status()).toBe(200);
  await others.close();
  await expect
    .poll(
      async () => {
        await page.goto('/notifications');
        return page
          .getByRole('article')
          .filter({ hasText: `Price drop: ${title}` })
          .count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  await expect(page.getByRole('article').filter({ hasText: `Price drop: ${title}` })).toContainText(
    'now costs RWF 85,000,000 (was RWF 90,000,000)',
  );
});
