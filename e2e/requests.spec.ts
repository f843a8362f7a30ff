import { randomUUID } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, viewDetailsLink, waitForHydration } from './fixtures.ts';

type Account = { name: string; email: string; password: string };

function newBuyer(testInfo: TestInfo): Account {
  return {
    name: `E2E buyer ${testInfo.project.name}`,
    email: `buyer-${randomUUID()}@e2e.inzu.rw`,
    password: 'a-long-enough-password',
  };
}

async function logIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await waitForHydration(page);
  await page.getByLabel('Email or phone number').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful! Redirecting...')).toBeVisible();
}

/** A real photo as a phone would send it: a small JPEG. */
async function jpegPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#2f855a' } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

test('a buyer posts a request, sees the form reset after 5 s, finds it in their list, closes and deletes it', async ({
  page,
  request,
}, testInfo) => {
  const buyer = newBuyer(testInfo);
  const signup = await request.post('/api/signup', {
    data: { ...buyer, username: buyer.name, role: 'buyer', confirmPassword: buyer.password },
  });
  expect(signup.status()).toBe(201);

  const title = `Family house ${testInfo.project.name} ${randomUUID().slice(0, 8)}`;
  const description =
    'Looking for a quiet family house near a good school, with a garden for the kids.';

  await page.goto(`/login?next=${encodeURIComponent('/create-request-property')}`);
  await logIn(page, buyer);
  await expect(page).toHaveURL('/create-request-property');
  await expect(page.getByRole('heading', { level: 1, name: 'REQUEST PROPERTY' })).toBeVisible();
  await waitForHydration(page);

  const titleField = page.getByLabel('Property Title');
  const submit = page.getByRole('button', { name: 'Submit', exact: true });
  await expect(page.getByLabel('Bedrooms')).toHaveAttribute('placeholder', 'Minimum');
  await expect(page.getByLabel('Bedrooms')).toHaveAttribute('type', 'text');

  // The title is missing: the server names the field, and the line under the form says what to do.
  await page.getByLabel('Budget Price').fill('45000000');
  await page.getByLabel('District').selectOption('Kicukiro');
  await page.getByLabel('Sector').selectOption('Gikondo');
  await page.getByLabel('Street, building or landmark (optional)').fill('Near Sonatubes');
  await submit.click();
  await expect(page.locator('#field-title-error')).toHaveText('Property Title is required');
  await expect(titleField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toHaveText(
    'Check the marked fields, then send the form again.',
  );
  await expect(page.getByRole('group', { name: 'Please fix the following:' })).toBeFocused();

  // Words in a number field get a field error saying what to type, not a generic failure.
  await page.getByLabel('Budget Price').fill('500,000 per month');
  await titleField.fill('A budget in words');
  await submit.click();
  await expect(page.locator('#field-price-error')).toHaveText(
    'Enter an amount in RWF, digits only',
  );
  await expect(page.locator('#field-title-error')).toHaveCount(0);
  await page.getByLabel('Budget Price').fill('45000000');

  // Complete it, with a photo and a feature added, one added and removed again.
  await titleField.fill(title);
  // An empty name stands for the account's name, shown as the placeholder.
  await expect(page.getByLabel('Your name')).toHaveAttribute('placeholder', buyer.name);
  await page.getByLabel('Your name').fill('Aline Uwase');
  await page.getByLabel('Contact', { exact: true }).fill('0788123456');
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Bedrooms').fill('3');
  await page.getByLabel('Bathrooms').fill('2');
  await page.getByLabel('Toilets').fill('2');
  await page.getByLabel('Area (sqm)').fill('150');
  await page.getByLabel('Type').selectOption('House');
  const featureInput = page.getByPlaceholder('e.g. Parking');
  await featureInput.fill('Parking');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await featureInput.fill('Swimming pool');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await featureInput.fill('   ');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const added = page.getByRole('list', { name: 'Added features' });
  await expect(added.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove Swimming pool' }).click();
  await expect(added.getByRole('listitem')).toHaveCount(1);
  await expect(added).toContainText('Parking');
  await page.getByLabel('Photos').setInputFiles({
    name: 'house.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpegPhoto(),
  });
  await expect(page.getByRole('list', { name: 'Chosen photos' })).toBeVisible();

  // The answer (only the post itself, not the reload after it) is held back a moment, so the
  // submitting state can be seen.
  await page.route(
    '**/create-request-property.data*',
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    },
    { times: 1 },
  );
  await submit.click();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  const success = page.getByText('Your request has been submitted successfully!');
  await expect(success).toBeVisible();
  await expect(submit).toBeEnabled();
  await expect(page.getByRole('status')).toContainText('Sellers can see it now.');
  // What was sent stays with the message, then the form starts again after the spec's 5
  // seconds; the message stays until the next submission.
  await expect(titleField).toHaveValue(title);
  await expect(titleField).toHaveValue('', { timeout: 7000 });
  await expect(success).toBeVisible();
  await expect(page.getByLabel('Budget Price')).toHaveValue('');
  await expect(page.getByLabel('Description')).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Added features' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Chosen photos' })).toHaveCount(0);

  // The list, narrowed to the buyer's own requests through the filter form.
  await page.goto('/property-requested');
  await expect(page.getByRole('heading', { level: 1, name: 'Requested Properties' })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel('Only my requests').check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/[?&]mine=true/);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('RWF 45,000,000');
  await expect(card).toContainText('Kicukiro');
  await expect(card).toContainText(
    'Looking for a quiet family house near a good school, with a...',
  );
  await expect(card.getByRole('img', { name: `Photo of ${title}` })).toBeVisible();

  await viewDetailsLink(page, title).click();
  await expect(page).toHaveURL(/\/requested-property-detail\/[0-9a-f-]{36}$/);
  const detailUrl = page.url();
  const main = page.locator('#main');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(main).toContainText('RWF 45,000,000');
  await expect(main).toContainText('Kicukiro');
  await expect(main).toContainText(description);
  await expect(main).toContainText('Aline Uwase');
  await expect(main.getByRole('link', { name: '0788123456' })).toHaveAttribute(
    'href',
    'tel:+250788123456',
  );
  await expect(main).toContainText('150 sqm');
  await expect(main.getByRole('region', { name: 'Features' })).toContainText('Parking');
  await expect(main).not.toContainText('Swimming pool');
  const photo = main.getByRole('img', { name: `Photo of ${title}` });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('src', /^\/media\/.+\.webp$/);
  // Decoded, not just present (the photo may still be arriving).
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  // The buyer closes the request: the page says so, and the list too.
  const manage = page.getByRole('region', { name: 'Manage your request' });
  await manage.getByRole('button', { name: 'Close request' }).click();
  await expect(manage.getByText('Your request is closed.')).toBeVisible();
  await expect(main.locator('header')).toContainText('Request status: Closed');
  await expect(manage.getByRole('button', { name: 'Reopen' })).toBeVisible();

  await page.goto('/property-requested?mine=true');
  await expect(page.getByRole('article').filter({ hasText: title })).toContainText('Closed');

  // Deleting asks first, then goes back to the list; the request is gone for good.
  await page.goto(detailUrl);
  await waitForHydration(page);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL('/property-requested');
  await page.goto('/property-requested?mine=true');
  await expect(page.getByRole('article').filter({ hasText: title })).toHaveCount(0);
  const gone = await page.goto(detailUrl);
  expect(gone?.status()).toBe(404);
  await expect(page.getByText('Property not found.')).toBeVisible();
  const malformed = await page.goto('/requested-property-detail/not-a-uuid');
  expect(malformed?.status()).toBe(404);
  await expect(page.getByText('Property not found.')).toBeVisible();
});
