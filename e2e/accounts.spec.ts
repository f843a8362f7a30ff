import { randomUUID } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { E2E_ADMIN } from './known-accounts.ts';
import { expect, openAccountMenu, test, waitForHydration } from './fixtures.ts';

type Account = { name: string; email: string; password: string };

function newAccount(testInfo: TestInfo, role: string): Account {
  return {
    name: `E2E ${role} ${testInfo.project.name}`,
    email: `${role}-${randomUUID()}@e2e.inzu.rw`,
    password: 'a-long-enough-password',
  };
}

/** The role choices of the registration form, in the words they show. */
const ROLE_CHOICE = {
  seller: 'I want to sell or let property',
  buyer: 'I am looking to buy or rent',
  guest: 'Just browsing',
} as const;

/** Fills and sends the registration form; `role` null leaves the role unchosen. */
async function register(page: Page, account: Account, role: keyof typeof ROLE_CHOICE | null) {
  await page.goto('/register');
  await waitForHydration(page);
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  if (role) await page.getByRole('radio', { name: ROLE_CHOICE[role] }).check();
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('button', { name: 'Register' }).click();
}

async function logIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await waitForHydration(page);
  await page.getByLabel('Email or phone number').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful! Redirecting...')).toBeVisible();
}

/** The logged-in strip: 'Welcome', the name, the e-mail and the role, and Logout. */
async function expectStrip(page: Page, account: Account, role: string) {
  // It sits behind the account's button, which shows the name (the initial on a phone).
  const strip = await openAccountMenu(page, account.name);
  await expect(strip).toContainText('Welcome');
  await expect(strip).toContainText(account.name);
  await expect(strip).toContainText(account.email);
  // The role by its name (shown in capitals): 'Seller' for the stored 'seller'.
  await expect(strip).toContainText(role.charAt(0).toUpperCase() + role.slice(1));
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }),
  ).toHaveCount(0);
  const stored = await page.evaluate(() => localStorage.getItem('user'));
  expect(JSON.parse(stored ?? 'null')).toEqual({
    username: account.name,
    email: account.email,
    role,
  });
}

/** Logout, from the account menu that expectStrip left open. */
async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\?loggedOut/);
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Signed-in account' })).toHaveCount(0);
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Register', exact: true }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
}

for (const { role, landing, heading } of [
  { role: 'seller', landing: '/supplied-property', heading: 'Supplied Properties' },
  { role: 'buyer', landing: '/property-requested', heading: 'Requested Properties' },
] as const) {
  test(`a ${role} registers, signs in, lands on ${landing}, sees the strip and logs out`, async ({
    page,
  }, testInfo) => {
    const account = newAccount(testInfo, role);
    // The role is chosen in plain words; the form posts the spec's value.
    await register(page, account, role);
    await expect(page.getByText('Registration successful! Redirecting...')).toBeVisible();
    // Registration signs in; after 2 s /login sends the new user on to their page.
    await expect(page).toHaveURL(landing);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectStrip(page, account, role);
    await logOut(page);

    await logIn(page, account);
    await expect(page).toHaveURL(landing);
    await expectStrip(page, account, role);
    await logOut(page);
  });
}

test('the bootstrap admin signs in to /admin-panel and logs out from its top bar', async ({
  page,
}) => {
  await page.goto('/login');
  await logIn(page, E2E_ADMIN);
  await expect(page).toHaveURL('/admin-panel');
  await expect(page.getByRole('heading', { name: 'Welcome, Administrator!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  for (const stat of [
    'Total Properties',
    'Active Rentals',
    'Registered Users',
    'Pending Approvals',
  ]) {
    await expect(page.getByText(stat, { exact: true })).toBeVisible();
  }
  // Logout sits in the top bar's profile menu.
  await page.locator('summary', { hasText: E2E_ADMIN.name }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\?loggedOut/);
  await expect(page.getByText('Logged out successfully')).toBeVisible();
});

test('a signed-out visit to /admin-panel signs in first and comes back', async ({ page }) => {
  await page.goto('/admin-panel');
  await expect(page).toHaveURL('/login?next=%2Fadmin-panel');
  await logIn(page, E2E_ADMIN);
  await expect(page).toHaveURL('/admin-panel');
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
});

test('the header Supply Property link goes through /login and back to the form', async ({
  page,
  request,
}, testInfo) => {
  const account = newAccount(testInfo, 'seller');
  const signup = await request.post('/api/signup', {
    data: { ...account, username: account.name, role: 'seller', confirmPassword: account.password },
  });
  expect(signup.status()).toBe(201);

  await page.goto('/');
  await waitForHydration(page);
  if (testInfo.project.name === 'phone') await page.getByLabel('Menu', { exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Supply Property' })
    .click();
  await expect(page).toHaveURL('/login?next=%2Fcreate-supply-property');
  await logIn(page, account);
  await expect(page).toHaveURL('/create-supply-property');
  await expect(page.getByRole('heading', { name: 'SUPPLY PROPERTY' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});

test('a buyer is not let into the admin panel', async ({ page, request }, testInfo) => {
  const account = newAccount(testInfo, 'buyer');
  await request.post('/api/signup', {
    data: { ...account, username: account.name, role: 'buyer', confirmPassword: account.password },
  });
  await page.goto('/login');
  await logIn(page, account);
  await expect(page).toHaveURL('/property-requested');
  await page.goto('/admin-panel');
  await expect(page).toHaveURL('/login?next=%2Fadmin-panel');
  await expect(page.getByText(`You are signed in as ${account.name} (buyer)`)).toBeVisible();
});

test('sign-in and registration failures show the server message', async ({ page }, testInfo) => {
  await page.goto('/login');
  await waitForHydration(page);
  await page.getByLabel('Email or phone number').fill(`nobody-${randomUUID()}@e2e.inzu.rw`);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL('/login');

  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');

  // No role chosen: the server names what it accepts beside the choices.
  const account = newAccount(testInfo, 'guest');
  await register(page, account, null);
  const roles = page.getByRole('group', { name: 'Role' });
  await expect(roles.getByText('must be buyer, seller or guest')).toBeVisible();
  await expect(roles).toHaveAccessibleDescription(
    'e.g. buyer, seller, guest must be buyer, seller or guest',
  );
  // The error summary takes the focus and names the field by its legend.
  const summary = page.getByRole('group', { name: 'Please fix the following:' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText('Role: must be buyer, seller or guest');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page).toHaveURL('/register');
});

test('forgot password answers the same for any address', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await waitForHydration(page);
  await page.getByLabel('Email or phone number').fill(E2E_ADMIN.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists for that email/)).toBeVisible();
});

test('an admin marks a listing sold from its page, and visitors see it', async ({
  page,
  fixtures,
}, testInfo) => {
  // Each project takes its own listing, so the two run side by side safely.
  const listing = fixtures.properties.all.at(testInfo.project.name === 'phone' ? -1 : -2)!;
  await page.goto(`/login?next=${encodeURIComponent(`/property/${listing.id}`)}`);
  await logIn(page, E2E_ADMIN);
  await expect(page).toHaveURL(`/property/${listing.id}`);

  const manage = page.getByRole('region', { name: 'Manage your listing' });
  await manage.getByLabel('Availability').selectOption('Sold');
  await manage.getByRole('button', { name: 'Save' }).click();
  await expect(manage.getByText('Listing marked Sold.')).toBeVisible();
  await expect(page.locator('header').getByText('Sold', { exact: true })).toBeVisible();

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`/property/${listing.id}`);
  await expect(visitor.getByRole('region', { name: 'Manage your listing' })).toHaveCount(0);
  await expect(visitor.locator('main header').getByText('Sold', { exact: true })).toBeVisible();
  await visitor.close();

  await manage.getByLabel('Availability').selectOption('Available');
  await manage.getByRole('button', { name: 'Save' }).click();
  await expect(manage.getByText('Listing marked Available.')).toBeVisible();
});

test.describe('the registration role', () => {
  test('is a choice in plain words, made from the keyboard, over the spec hint', async ({
    page,
  }) => {
    await page.goto('/register');
    await waitForHydration(page);
    const roles = page.getByRole('group', { name: 'Role' });
    await expect(roles).toHaveAccessibleDescription('e.g. buyer, seller, guest');
    const choices = roles.getByRole('radio');
    await expect(choices).toHaveCount(3);
    for (const [value, name] of Object.entries(ROLE_CHOICE)) {
      const choice = roles.getByRole('radio', { name });
      await expect(choice).toHaveAttribute('value', value);
      // The whole row is the target, at least 44 px high.
      const row = await roles
        .locator('label')
        .filter({ has: page.getByRole('radio', { name }) })
        .boundingBox();
      expect(row?.height).toBeGreaterThanOrEqual(44);
    }
    await roles.getByRole('radio', { name: ROLE_CHOICE.seller }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(roles.getByRole('radio', { name: ROLE_CHOICE.buyer })).toBeChecked();
    await expect(roles.getByRole('radio', { name: ROLE_CHOICE.buyer })).toBeFocused();
  });

  test('registers a seller without JavaScript', async ({ browser }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const account = newAccount(testInfo, 'seller');
    await page.goto('/register');
    await page.getByLabel('Full Name').fill(account.name);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('radio', { name: ROLE_CHOICE.seller }).check();
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Registration successful! Redirecting...')).toBeVisible();
    // The refresh tag goes on to /login, which sends the new seller to their page.
    await expect(page).toHaveURL('/supplied-property', { timeout: 10_000 });
    await context.close();
  });
});
