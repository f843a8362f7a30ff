import { randomUUID } from 'node:crypto';
import type { APIRequestContext, TestInfo } from '@playwright/test';
import { generate } from 'otplib';
import { expect, openAccountMenu, test, waitForHydration } from './fixtures.ts';

const PASSWORD = 'a-long-enough-password';

/** A new buyer, registered through the API (its own cookie jar: the page stays signed out). */
async function registerBuyer(request: APIRequestContext, testInfo: TestInfo) {
  const email = `two-step-${randomUUID()}@e2e.inzu.rw`;
  // Said as a browser would: after the first signup, this context carries a session cookie.
  const origin = new URL(testInfo.project.use.baseURL!).origin;
  const response = await request.post('/api/signup', {
    headers: { origin },
    data: {
      username: `E2E two-step ${testInfo.project.name}`,
      email,
      role: 'buyer',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(response.status()).toBe(201);
  return email;
}

test('a new user turns on two-step sign-in, signs out, and signs in with password and code', async ({
  page,
  request,
}, testInfo) => {
  const email = await registerBuyer(request, testInfo);
  await page.goto('/login');
  await waitForHydration(page);
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful! Redirecting...')).toBeVisible();

  await page.goto('/account/security');
  const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect(page.getByTestId('two-step-status')).toHaveText('Two-step sign-in is off.');
  // Turning it on asks for the password, so a stolen session alone cannot lock the owner out.
  await twoStep.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

  const secretBox = page.getByTestId('two-step-secret');
  await expect(secretBox).toBeVisible();
  // Shown in groups of 4 for typing; the app takes it without the spaces.
  const secret = (await secretBox.innerText()).replaceAll(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole('link', { name: 'Open in my authenticator app' })).toHaveAttribute(
    'href',
    /^otpauth:\/\/totp\//,
  );
  await twoStep.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page
    .getByLabel('Then enter the 6-digit code the app shows')
    .fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expect(page.getByTestId('two-step-status')).toContainText('Two-step sign-in is on');
  await expect(page.getByTestId('sessions')).toContainText('This device');

  const account = await openAccountMenu(page, `E2E two-step ${testInfo.project.name}`);
  await account.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\?loggedOut/);

  await waitForHydration(page);
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();

  const codeField = page.getByLabel('Enter the 6-digit code from your authenticator app');
  await codeField.fill('000000');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('That code is not right.').first()).toBeVisible();

  // The code that turned it on is spent (each code works once): the app's next one signs in.
  await codeField.fill(await generate({ secret, epoch: Date.now() / 1000 + 30 }));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('Login successful! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL(/\/property-requested/);
  const signedIn = await openAccountMenu(page, `E2E two-step ${testInfo.project.name}`);
  await expect(signedIn).toContainText(email);
});

test('a brute force on one account does not stop another account on the same address', async ({
  page,
  request,
}, testInfo) => {
  const attacked = await registerBuyer(request, testInfo);
  const neighbour = await registerBuyer(request, testInfo);
  const origin = new URL(testInfo.project.use.baseURL!).origin;

  const guess = (password: string) =>
    request.post('/api/login', { data: { email: attacked, password }, headers: { origin } });

  // Ten wrong passwords at once from this machine's address: 5 are free, then the account waits.
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 10; attempt++) {
    statuses.push((await guess(`guess-${attempt}`)).status());
  }
  expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
  expect(statuses.slice(6)).toContain(429);
  // Even the right password waits now.
  const waiting = await guess(PASSWORD);
  expect(waiting.status()).toBe(429);
  expect(Number(waiting.headers()['retry-after'])).toBeGreaterThan(0);

  // The attacker waits out the 2, 4 and 8 seconds: the account's next wait is 16 seconds.
  let checked = 6;
  while (checked < 9) {
    const response = await guess(`more-${checked}`);
    if (response.status() === 429) {
      await page.waitForTimeout(Number(response.headers()['retry-after']) * 1000);
    } else {
      expect(response.status()).toBe(401);
      checked += 1;
    }
  }

  // The attacked account is told when to try again ...
  await page.goto('/login');
  await waitForHydration(page);
  await page.getByLabel('Email or phone number').fill(attacked);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(
    page.getByText(/Too many failed attempts\. Please try again in \d+ seconds?\./),
  ).toBeVisible();

  // ... while another account on the same address signs in at once.
  await page.getByLabel('Email or phone number').fill(neighbour);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL(/\/property-requested/);
  const account = await openAccountMenu(page, `E2E two-step ${testInfo.project.name}`);
  await expect(account).toContainText(neighbour);
});
