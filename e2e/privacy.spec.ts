/**
 * People's data (Law No 058/2021): a new user downloads everything kept about them, deletes
 * their account with their password, is signed out and can no longer sign in.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, waitForHydration } from './fixtures.ts';

test('a new user downloads their data, deletes the account and can no longer sign in', async ({
  page,
}, testInfo) => {
  const account = {
    name: `E2E privacy ${testInfo.project.name}`,
    email: `privacy-${randomUUID()}@e2e.inzu.rw`,
    password: 'a-long-enough-password',
  };
  await page.goto('/register');
  await waitForHydration(page);
  // The form that collects personal data names the privacy notice.
  await expect(page.getByRole('main').getByRole('link', { name: 'Privacy notice' })).toBeVisible();
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('radio', { name: 'I am looking to buy or rent' }).check();
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL('/property-requested');

  // The privacy notice, from the footer, leads to the account's data page.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
  await expect(page.getByText('National Cyber Security Authority (NCSA)')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Your data and account' }).click();
  await expect(page).toHaveURL('/account/data');
  await waitForHydration(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^inzu-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ name: account.name, email: account.email, role: 'buyer' });
  for (const section of [
    'listings',
    'requests',
    'conversations',
    'favourites',
    'savedSearches',
    'notifications',
    'consents',
    'sessions',
  ]) {
    expect(data).toHaveProperty(section);
  }
  expect(data.sessions.some((session: { isCurrent: boolean }) => session.isCurrent)).toBe(true);
  expect(JSON.stringify(data)).not.toContain('$argon2');

  // The confirmation step: the password again and the box ticked.
  await page.getByText('Delete my account', { exact: true }).click();
  await page.getByLabel('Your current password').fill('not my password');
  await page.getByLabel('I understand this cannot be undone').check();
  await page.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByText('The password is not right.').first()).toBeVisible();

  await page.getByLabel('Your current password').fill(account.password);
  await page.getByLabel('I understand this cannot be undone').check();
  await page.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page).toHaveURL('/?accountDeleted');
  await expect(
    page.getByText('Your account has been deleted and you are signed out.'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Signed-in account' })).toHaveCount(0);

  await page.goto('/login');
  await waitForHydration(page);
  await page.getByLabel('Email or phone number').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
});
