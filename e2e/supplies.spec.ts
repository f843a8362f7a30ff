import { randomUUID } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, waitForHydration } from './fixtures.ts';

/** A seller account made through the API; the page's context keeps its session cookie. */
async function signInAsNewSeller(page: Page, testInfo: TestInfo) {
  const account = {
    username: `E2E supplier ${testInfo.project.name}`,
    email: `supplier-${randomUUID()}@e2e.inzu.rw`,
    password: 'a-long-enough-password',
  };
  const signup = await page.context().request.post('/api/signup', {
    data: { ...account, role: 'seller', confirmPassword: account.password },
  });
  expect(signup.status()).toBe(201);
  await page.goto('/create-supply-property');
  await expect(page).toHaveURL('/create-supply-property');
  return account;
}

/** A phone photo: a real JPEG, as a camera would send it. */
function phonePhoto() {
  return sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 120, b: 90 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

test('a seller supplies a house with a photo and features, and finds it Pending in their list', async ({
  page,
}, testInfo) => {
  await signInAsNewSeller(page, testInfo);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'SUPPLY PROPERTY' })).toBeVisible();
  const title = `Garden house in Kanombe ${randomUUID().slice(0, 8)}`;

  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Type').selectOption('House');
  await page.getByLabel('Status').selectOption('Sale');
  await page.getByLabel('Price (RWF)').fill('85000000');
  await page.getByLabel('District').selectOption('Kicukiro');
  await page.getByLabel('Sector').selectOption('Kanombe');
  await page.getByLabel('Location', { exact: true }).fill('KK 15 Rd');
  await page.getByLabel('Contact', { exact: true }).fill('0788123456');
  await page
    .getByLabel('Description', { exact: true })
    .fill('Four bedrooms, a garden and a quiet street.');
  await page.getByLabel('Bedrooms').fill('4');
  await page.getByLabel('Area (sqm)').fill('300');

  const feature = page.getByRole('textbox', { name: 'Features' });
  for (const name of ['Garden', '   ', 'Parking', 'Solar water heater']) {
    await feature.fill(name);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
  }
  const added = page.getByRole('list', { name: 'Added features' });
  await expect(added.getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Remove Parking' }).click();
  await expect(added.getByRole('listitem')).toHaveCount(2);

  await page.getByLabel('Photos').setInputFiles({
    name: 'IMG_2041.jpg',
    mimeType: 'image/jpeg',
    buffer: await phonePhoto(),
  });
  await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('img')).toHaveCount(1);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('supplied submitted successfully!')).toBeVisible();
  // The form starts again empty; the message stays and says what happens next.
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
  await expect(added).toHaveCount(0);
  await expect(page.getByRole('status')).toContainText(
    'An administrator reviews it before it is published; you will be told',
  );
  await expect(
    page.getByRole('status').getByRole('link', { name: 'Supplied Properties' }),
  ).toHaveAttribute('href', '/supplied-property');
  // The message opens the new supply, which says it waits for review (not "Listed … ago"; its
  // "Listed by the owner" says who is listing).
  await page.getByRole('status').getByRole('link', { name: 'See your supply' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/^Sent for review/)).toBeVisible();
  await expect(page.getByText(/^Listed (?!by )/)).toHaveCount(0);
  await page.goto('/supplied-property');
  await expect(page).toHaveURL('/supplied-property');
  await expect(page.getByRole('heading', { level: 1, name: 'Supplied Properties' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toContainText('Pending');
  await card.getByRole('link', { name: 'View Details' }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('RWF 85,000,000').first()).toBeVisible();
  await expect(page.getByText('Solar water heater')).toBeVisible();
  await expect(page.getByText('Parking', { exact: true })).toHaveCount(0);
  await expect(page.locator('main img[srcset*=".webp"]').first()).toBeVisible();
  // Not published yet: visitors cannot open it.
  const visitor = await page.context().browser()!.newPage();
  const response = await visitor.goto(`/property/${page.url().split('/').at(-1)}`);
  expect(response?.status()).toBe(404);
  await visitor.close();
});

test('the supply form shows the fields of the chosen type', async ({ page }, testInfo) => {
  await signInAsNewSeller(page, testInfo);
  await waitForHydration(page);
  await expect(page.getByLabel('Bedrooms')).toBeVisible();
  await expect(page.getByLabel('Transmission')).toBeHidden();
  await page.getByLabel('Type').selectOption('Car');
  await expect(page.getByLabel('Transmission')).toBeVisible();
  await expect(page.getByLabel('Certified')).toBeVisible();
  await expect(page.getByLabel('Bedrooms')).toBeHidden();
  await page.getByLabel('Type').selectOption('Land');
  await expect(page.getByLabel('Size', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Transmission')).toBeHidden();

  // A missing title is named beside the field.
  await page.getByLabel('Price (RWF)').fill('1000000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Something went wrong while submitting the request.')).toBeVisible();
  await expect(page.locator('#field-title-error')).toHaveText('Title is required');
});
