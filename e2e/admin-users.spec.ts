import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { E2E_ADMIN } from './known-accounts.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

const PASSWORD = 'a-long-enough-password';

/** Signs the page's browser context in as the bootstrap admin (the session cookie). */
async function signInAsAdmin(page: Page) {
  const login = await page.context().request.post('/api/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.status()).toBe(200);
}

/** A new account, signed in in a browser context of its own. */
async function newSignedInUser(browser: Browser, role: 'buyer' | 'seller', label: string) {
  const context = await browser.newContext();
  const tag = randomUUID().slice(0, 8);
  const account = { username: `e2e ${label} ${tag}`, email: `${label}-${tag}@e2e.inzu.rw` };
  const signup = await context.request.post('/api/signup', {
    data: { ...account, role, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(signup.status()).toBe(201);
  const { user } = (await signup.json()) as { user: { _id: string } };
  return { context, id: user._id, ...account };
}

/** The users list narrowed to one account. */
async function openUserRow(page: Page, role: string, email: string) {
  await page.goto(`/admin-panel/users?role=${role}&q=${encodeURIComponent(email)}`);
  await waitForHydration(page);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

test('blocking a signed-in buyer ends their session at once; unblocking lets them back', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const buyer = await newSignedInUser(browser, 'buyer', 'blocked');
  const buyerPage = await buyer.context.newPage();
  await buyerPage.goto('/property-requested');
  await expect(buyerPage).toHaveURL('/property-requested');

  const row = await openUserRow(page, 'buyer', buyer.email);
  await expect(page.getByRole('link', { name: 'Buyers' })).toHaveAttribute('aria-current', 'page');
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Block ${buyer.username}` }).click();
  await expect(row.getByText('Blocked', { exact: true })).toBeVisible();

  await buyerPage.reload();
  await expect(buyerPage).toHaveURL('/login?next=%2Fproperty-requested');

  await row.getByRole('button', { name: `Unblock ${buyer.username}` }).click();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  // The browser still holds its dead session cookie: a cookie request says where it is from.
  const again = await buyer.context.request.post('/api/login', {
    headers: { origin: new URL(page.url()).origin },
    data: { email: buyer.email, password: PASSWORD },
  });
  expect(again.status()).toBe(200);
  await buyer.context.close();
});

test('an admin promotes a seller, edits a name and sends a message', async ({ page, browser }) => {
  await signInAsAdmin(page);
  const seller = await newSignedInUser(browser, 'seller', 'promoted');

  // Sellers is the default tab.
  await page.goto('/admin-panel/users');
  await expect(page.getByRole('link', { name: 'Sellers' })).toHaveAttribute('aria-current', 'page');
  const row = await openUserRow(page, 'seller', seller.email);

  // Send message: a prompt; cancelling sends nothing, a text is sent.
  const text = `Please add photos ${randomUUID().slice(0, 6)}`;
  page.once('dialog', (dialog) => dialog.dismiss());
  await row.getByRole('button', { name: `Send message ${seller.username}` }).click();
  await expect(row.getByText('Message sent.')).toHaveCount(0);
  page.once('dialog', async (dialog) => {
    expect(dialog.type()).toBe('prompt');
    await dialog.accept(text);
  });
  await row.getByRole('button', { name: `Send message ${seller.username}` }).click();
  await expect(row.getByText('Message sent.')).toBeVisible();
  const origin = new URL(page.url()).origin;
  const viaApi = await page.context().request.post(`/api/message/${seller.id}`, {
    headers: { 'content-type': 'text/plain', origin },
    data: 'And a floor plan, please.',
  });
  expect(await viaApi.json()).toEqual({ message: 'Message sent.' });

  // The profile: edit the name.
  await row.getByRole('link', { name: `View details ${seller.username}` }).click();
  await expect(page).toHaveURL(`/admin-panel/users/${seller.id}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'User Profile' })).toBeVisible();
  const newName = `Renamed Seller ${randomUUID().slice(0, 6)}`;
  await page.getByLabel('Name', { exact: true }).fill(newName);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User info updated!')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(newName);

  // Promote: the role reads admin and the button goes away.
  await expect(page.getByTestId('user-role')).toHaveText('Seller');
  await page.getByRole('button', { name: 'Promote to Admin' }).click();
  await expect(page.getByText('User promoted to admin')).toBeVisible();
  await expect(page.getByTestId('user-role')).toHaveText('Admin');
  await expect(page.getByRole('button', { name: 'Promote to Admin' })).toHaveCount(0);
  // The promoted user's old session ended: they sign in again to be an admin.
  const me = await seller.context.request.get('/api/me');
  expect(me.status()).toBe(401);
  await seller.context.close();

  await page.goto(`/admin-panel/users?role=admin&q=${encodeURIComponent(seller.email)}`);
  await expect(page.getByRole('row').filter({ hasText: newName })).toHaveCount(1);
});

test("the admin's own profile hides block and delete; an unknown user is a 404", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const me = (await (await page.context().request.get('/api/me')).json()) as {
    user: { _id: string };
  };
  await page.goto(`/admin-panel/users/${me.user._id}`);
  await expect(page.getByRole('heading', { name: 'User Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete User' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Block/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Promote to Admin' })).toHaveCount(0);

  const missing = await page.goto(`/admin-panel/users/${randomUUID()}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('User not found or failed to load.')).toBeVisible();
});

test('deleting a user asks first, then returns to the list without them', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const buyer = await newSignedInUser(browser, 'buyer', 'deleted');
  await buyer.context.close();
  await page.goto(`/admin-panel/users/${buyer.id}`);
  await waitForHydration(page);
  page.once('dialog', async (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this user?');
    await dialog.accept();
  });
  await page.getByRole('button', { name: 'Delete User' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/users\?deleted=1/);
  await expect(page.getByText('User deleted.')).toBeVisible();
  const gone = await page.goto(`/admin-panel/users/${buyer.id}`);
  expect(gone?.status()).toBe(404);
});
