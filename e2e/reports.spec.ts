import fs from 'node:fs';
import { E2E_ADMIN } from './known-accounts.ts';
import { expect, hasNoHorizontalScroll, test } from './fixtures.ts';

const LISTINGS = 'Listings published per week';

test('an admin reads the weekly reports and downloads one as CSV', async ({ page }) => {
  const login = await page.context().request.post('/api/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.ok()).toBe(true);
  await page.goto('/admin-panel/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  // Each chart is an image named by its title, followed by a table of its numbers.
  await expect(page.getByRole('img', { name: LISTINGS })).toBeVisible();
  const table = page.getByRole('table', { name: LISTINGS });
  await expect(table.getByRole('row')).toHaveCount(12 + 2);
  // The fixture catalogue was listed in the last hours: this week counts it.
  const thisWeek = table.getByRole('row').nth(12);
  await expect(thisWeek.getByRole('cell').last()).not.toHaveText('0');
  expect(await hasNoHorizontalScroll(page)).toBe(true);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download CSV: ${LISTINGS}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^inzu-listings-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const lines = fs
    .readFileSync(await file.path(), 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('week,properties,assets');
  expect(lines).toHaveLength(13);
  const [, properties, assets] = lines.at(-1)!.split(',').map(Number);
  expect(properties! + assets!).toBeGreaterThan(0);

  // A shorter range, through the form.
  const to = lines.at(-1)!.split(',')[0]!;
  await page.getByLabel('From').fill(to);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${to}`));
  await expect(page.getByRole('table', { name: LISTINGS }).getByRole('row')).toHaveCount(1 + 2);
});

test('the price guide is linked from the footer of every page', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Price guide' }).click();
  await expect(page).toHaveURL('/price-guide');
  await expect(page.getByRole('heading', { level: 1, name: 'Price guide' })).toBeVisible();
  await expect(page).toHaveTitle(/Price guide/);
});
