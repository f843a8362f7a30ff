import { randomUUID } from 'node:crypto';
import { rwAdmin } from '#lib/messages/rw.admin.ts';
import { rwPages } from '#lib/messages/rw.pages.ts';
import { rw as rwFrame } from '#lib/messages/rw.ts';
import { E2E_ADMIN } from './known-accounts.ts';
import { expect, test, waitForHydration, supplyAsNewSeller } from './fixtures.ts';

const rw = { ...rwFrame, ...rwPages };

test('an admin approves a seller’s supply in the Kinyarwanda panel; visitors find it published', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 8);
  const others = await browser.newContext({ baseURL });
  const title = `Inzu y'ibyumba bitatu i Kanombe ${tag}`;
  const id = await supplyAsNewSeller(others.request, baseURL ?? '', {
    title,
    type: 'House',
    status: 'Rent',
    price: '350000',
    location: `Kanombe${tag}`,
  });
  await others.close();

  const login = await page.context().request.post('/api/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.status()).toBe(200);
  await page.goto(`/rw/admin-panel/supplied-property/${id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'rw');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The panel's menu (behind the Menu button on a phone) is in Kinyarwanda too.
  await expect(
    page.getByRole('navigation', { name: rwAdmin['admin.nav.label'], includeHidden: true }),
  ).toBeAttached();
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
