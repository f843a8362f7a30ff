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

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByLabel('Type').selectOption('House');
  await page.getByLabel('Status').selectOption('Sale');
  await page.getByLabel('Price (RWF)').fill('85000000');
  await page.getByLabel('District').selectOption('Kicukiro');
  await page.getByLabel('Sector').selectOption('Kanombe');
  await page.getByLabel('Street, building or landmark (optional)').fill('KK 15 Rd');
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
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('');
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
  // Fields to blame: the line under the form says what to do, not that the submission failed
  // (the spec's failure text is for a failure of the server).
  await expect(page.getByRole('alert')).toHaveText(
    'Check the marked fields, then send the form again.',
  );
  await expect(page.locator('#field-title-error')).toHaveText('Title is required');
});

/**
 * A 12-megapixel camera photo of a few megabytes: soft shapes under a fine grain, which JPEG
 * cannot make small at full size.
 */
async function cameraPhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const shade = 128 + 60 * Math.sin(x / 50) * Math.cos(y / 70);
      for (let channel = 0; channel < 3; channel += 1) {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        const grain = ((seed >>> 16) % 32) - 16;
        pixels[(y * width + x) * 3 + channel] = Math.max(
          0,
          Math.min(255, shade + channel * 20 - 20 + grain),
        );
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

test('a large photo is shrunk in the browser and its upload shows its progress', async ({
  page,
}, testInfo) => {
  await signInAsNewSeller(page, testInfo);
  await waitForHydration(page);
  const original = await cameraPhoto();
  expect(original.length).toBeGreaterThan(2 * 1024 * 1024);

  await page
    .getByRole('textbox', { name: 'Title', exact: true })
    .fill(`Photo test ${randomUUID()}`);
  await page.getByLabel('Price (RWF)').fill('250000');
  await page.getByLabel('District').selectOption('Gasabo');
  await page.getByLabel('Sector').selectOption('Remera');
  const photos = page.getByLabel('Photos', { exact: true });
  await photos.setInputFiles({ name: 'DSC_0042.jpg', mimeType: 'image/jpeg', buffer: original });
  const chosen = page.getByRole('list', { name: 'Chosen photos' });
  await expect(chosen.getByRole('img', { name: 'DSC_0042.jpg' })).toBeVisible();

  // Once prepared, the input holds the shrunk copy: a JPEG of at most 2000 px on its longest
  // side, a fraction of the original's bytes.
  const sentFile = () =>
    photos.evaluate((input: HTMLInputElement) => {
      const file = input.files![0]!;
      return { name: file.name, type: file.type, size: file.size };
    });
  await expect
    .poll(async () => (await sentFile()).size, { timeout: 20_000 })
    .toBeLessThan(original.length / 2);
  expect(await sentFile()).toMatchObject({ name: 'DSC_0042.jpg', type: 'image/jpeg' });
  await expect(chosen.getByText('Preparing...')).toHaveCount(0);

  // On a slow connection, the photo says how far its upload has gone.
  const network = await page.context().newCDPSession(page);
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 150_000,
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(chosen.getByRole('progressbar', { name: 'Sending DSC_0042.jpg' })).toBeVisible();
  await expect(page.getByText('supplied submitted successfully!')).toBeVisible({ timeout: 20_000 });

  // The server received the shrunk photo: a listing records the size of the photo it was sent.
  const link = page.getByRole('status').getByRole('link', { name: 'See your supply' });
  const id = (await link.getAttribute('href'))!.split('/').at(-1);
  const supply = await page.context().request.get(`/api/supply-property/${id}`);
  const { data } = (await supply.json()) as { data: { photos: { width: number }[] } };
  expect(data.photos.map((photo) => photo.width)).toEqual([2000]);
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
});
