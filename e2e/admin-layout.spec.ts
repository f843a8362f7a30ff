import { E2E_ADMIN } from './known-accounts.ts';
import { expect, isPhone, test, waitForHydration } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  const login = await page.context().request.post('/api/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.ok()).toBe(true);
});

test('the sidebar reaches every section, behind the Menu button on a phone', async ({
  page,
}, testInfo) => {
  await page.goto('/admin-panel');
  await waitForHydration(page);
  const sidebar = page.getByRole('navigation', { name: 'Admin panel' });
  if (isPhone(testInfo)) {
    await expect(sidebar).toBeHidden();
    await page.getByRole('link', { name: 'Menu' }).click();
  }
  await expect(sidebar).toBeVisible();
  for (const name of ['Dashboard', 'Properties', 'Users', 'Messages', 'Settings']) {
    await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await sidebar.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page).toHaveURL('/admin-panel/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByText('Rental trends, user growth and moderation')).toBeVisible();
  // On a phone the menu closes once a page is chosen.
  if (isPhone(testInfo)) await expect(sidebar).toBeHidden();
});

test('the phone menu opens without JavaScript too', async ({ browser }, testInfo) => {
  test.skip(!isPhone(testInfo), 'the sidebar is always shown on a wide screen');
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  await context.request.post('/api/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  const page = await context.newPage();
  await page.goto('/admin-panel/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await page.getByRole('link', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin panel' })).toBeVisible();
  await context.close();
});

test('Profile Settings in the top bar opens the admin’s own profile', async ({ page }) => {
  await page.goto('/admin-panel/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await page.locator('summary', { hasText: E2E_ADMIN.name }).click();
  await page.getByRole('link', { name: 'Profile Settings' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(
    E2E_ADMIN.email,
  );
});

test('the audit log shows admin actions with who and what', async ({ page, baseURL }) => {
  // An admin action to find: a FAQ added and deleted through the API.
  const question = `Audit question ${test.info().project.name}`;
  const created = await page.context().request.post('/api/faqs', {
    data: { question, answer: 'An answer.' },
    // A cookie-authenticated write must say it comes from this site.
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  await page.goto('/admin-panel/audit-log?targetType=faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: question });
  // The action and the kind of item by their labels, not the names stored.
  await expect(row.first()).toContainText('FAQ added');
  await expect(row.first()).not.toContainText('faq.create');
  await expect(row.first()).toContainText(E2E_ADMIN.name);
});
