import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expect, openAccountMenu, test, waitForHydration } from './fixtures.ts';
import { E2E_PHONE_SELLER_PASSWORD, E2E_PHONE_SELLERS } from './known-accounts.ts';

const PASSWORD = 'a-long-enough-password';

/** An MTN number of this run, written the way people in Rwanda type it (0788 …). */
function newLocalNumber(): { typed: string; e164: string } {
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return {
    typed: `078${digits.slice(0, 1)} ${digits.slice(1, 4)} ${digits.slice(4)}`,
    e164: `+25078${digits}`,
  };
}

/**
 * The newest code the demo's SMS phone page shows for a number, once it is not `previous`: the
 * SMS leaves through a background job, so it is read until it is there.
 */
async function readCode(page: Page, e164: string, previous?: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const response = await page.request.get(
      `/sms-simulator/phone?number=${encodeURIComponent(e164)}`,
    );
    // The line browsers read the code from (`@host #123456`) ends every code's SMS, in any language.
    const found = /#(\d{6})\s*<\/pre>/.exec(await response.text())?.[1];
    expect(found).toBeDefined();
    expect(found).not.toBe(previous);
    code = found!;
  }).toPass();
  return code;
}

async function logOut(page: Page, name: string) {
  await openAccountMenu(page, name);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\?loggedOut/);
}

test('registers with a phone number alone, proves it by SMS, then signs in with it two ways', async ({
  page,
}, testInfo) => {
  const name = `E2E phone ${testInfo.project.name}`;
  const number = newLocalNumber();

  await page.goto('/register');
  await waitForHydration(page);
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Phone number').fill(number.typed);
  await page.getByRole('radio', { name: 'I want to sell or let property' }).check();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(/We sent a 6-digit code by SMS to \+250 78/)).toBeVisible();

  const code = await readCode(page, number.e164);
  await page.getByLabel('Code from the SMS').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Registration successful! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL('/supplied-property');
  const strip = await openAccountMenu(page, name);
  await expect(strip).toContainText(name);
  await page.keyboard.press('Escape');
  await logOut(page, name);

  // The number and the password, as the number is usually written.
  await waitForHydration(page);
  await page.getByLabel('Email or phone number').fill(number.typed);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL('/supplied-property');
  await logOut(page, name);

  // A code by SMS instead of the password.
  await waitForHydration(page);
  await page.getByText('Sign in with a code by SMS instead').click();
  await page.getByLabel('Phone number', { exact: true }).fill(number.typed);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(
    page.getByText(/is the number of an account, we sent it a 6-digit code/),
  ).toBeVisible();
  const loginCode = await readCode(page, number.e164, code);
  await page.getByLabel('Code from the SMS').fill(loginCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login successful! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL('/supplied-property');
});

test('a wrong code says how many tries are left and keeps the code step', async ({ page }) => {
  const number = newLocalNumber();
  await page.goto('/rw/register');
  await waitForHydration(page);
  await page.getByLabel('Amazina yombi').fill('Mukamana Claudine');
  await page.getByLabel('Nimero ya telefoni').fill(number.typed);
  await page.getByRole('radio').first().check();
  await page.getByLabel("Ijambo ry'ibanga", { exact: true }).fill(PASSWORD);
  await page.getByLabel(/Emeza ijambo ry'ibanga/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iyandikishe' }).click();
  const code = await readCode(page, number.e164);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.getByLabel('Kode yo muri SMS').fill(wrong);
  await page.getByRole('button', { name: 'Emeza', exact: true }).click();
  await expect(
    page.getByText(/Iyo kode si yo\. Usigaje kugerageza inshuro 4/).first(),
  ).toBeVisible();
  await page.getByLabel('Kode yo muri SMS').fill(code);
  await page.getByRole('button', { name: 'Emeza', exact: true }).click();
  await expect(page).toHaveURL(/\/rw\//);
  await expect(page.getByLabel('Kode yo muri SMS')).toHaveCount(0);
});

test('a seller registered by phone hears of a new inquiry by SMS, and its link opens the conversation', async ({
  page,
  fixtures,
}, testInfo) => {
  const project = testInfo.project.name === 'desktop' ? 'desktop' : 'phone';
  const seller = E2E_PHONE_SELLERS[project];
  const listingId = fixtures.phoneSellerListings[project];
  const tag = randomUUID().slice(0, 8);

  await page.goto(`/asset/${listingId}`);
  await waitForHydration(page);
  const form = page.getByRole('region', { name: 'Request Information' });
  await form.getByLabel('Name', { exact: true }).fill('Eric');
  await form.getByLabel('Email', { exact: true }).fill(`sms-${tag}@e2e.inzu.rw`);
  await form.getByLabel('Phone', { exact: true }).fill('0788765432');
  await form.getByLabel('Role', { exact: true }).selectOption('buyer');
  const question = `Is the table still for sale? (${tag})`;
  await form.getByLabel('Message', { exact: true }).fill(question);
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(form.getByText('Request information submitted successfully!')).toBeVisible();

  // The SMS on the seller's phone: the listing's name and the conversation's short link, and
  // never what the visitor typed.
  let path = '';
  await expect(async () => {
    const response = await page.request.get(
      `/sms-simulator/phone?number=${encodeURIComponent(seller.phone)}`,
    );
    const text = await response.text();
    const sms = /<pre>(Inzu: new inquiry about[^<]*)<\/pre>/.exec(text);
    expect(sms).not.toBeNull();
    expect(sms![1]).not.toContain(tag);
    const link = /https?:\/\/\S+\/s\/\w{7}$/.exec(sms![1]!)![0];
    path = new URL(link).pathname;
  }).toPass();

  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?next=/);
  await waitForHydration(page);
  await page.getByLabel('Email or phone number').fill(seller.typed);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PHONE_SELLER_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/inquiries\/[\w-]{36}$/);
  await expect(page.getByText(question)).toBeVisible();
});
