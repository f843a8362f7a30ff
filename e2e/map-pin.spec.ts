import { randomUUID } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { expect, hasNoHorizontalScroll, test, waitForHydration } from './fixtures.ts';

const KIGALI_HEIGHTS_LINK = 'https://www.google.com/maps/place/Kigali+Heights/@-1.9528,30.0926,17z';
const SHORT_LINK = 'https://maps.app.goo.gl/8Xk2pQyZ3mN4vB5c6';

/** A new seller, signed in through the API, on the supply form. */
async function openSupplyFormAsNewSeller(page: Page, testInfo: TestInfo) {
  const account = {
    username: `E2E pin ${testInfo.project.name}`,
    email: `pin-${randomUUID()}@e2e.inzu.rw`,
    password: 'a-long-enough-password',
  };
  const signup = await page.context().request.post('/api/signup', {
    data: { ...account, role: 'seller', confirmPassword: account.password },
  });
  expect(signup.status()).toBe(201);
  await page.goto('/create-supply-property');
  await expect(page).toHaveURL('/create-supply-property');
  await waitForHydration(page);
}

test('a seller pastes a Google Maps link, sees its numbers, and finds the pin on the supply', async ({
  page,
}, testInfo) => {
  await openSupplyFormAsNewSeller(page, testInfo);
  const title = `Flat by Kigali Heights ${randomUUID().slice(0, 8)}`;
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByLabel('Price (RWF)').fill('650000');
  await page.getByLabel('District').selectOption('Gasabo');
  await page.getByLabel('Sector').selectOption('Kimihurura');

  const points = page.getByRole('group', { name: 'Where exactly is it? (optional)' });
  await expect(points.getByRole('button', { name: 'Use my current location' })).toBeVisible();
  const link = points.getByLabel('Google Maps or OpenStreetMap link');
  await link.fill(KIGALI_HEIGHTS_LINK);
  // Read in the browser at once: the numbers are filled and the link field is emptied.
  await expect(points.getByLabel('Latitude')).toHaveValue('-1.9528');
  await expect(points.getByLabel('Longitude')).toHaveValue('30.0926');
  await expect(link).toHaveValue('');
  await expect(points.getByRole('status')).toHaveText('The place was read from your link.');
  // Approximate unless the seller chooses otherwise.
  await expect(points.getByLabel(/^A circle of about 300 m around it/)).toBeChecked();
  await points.getByLabel('The exact pin').check();
  expect(await hasNoHorizontalScroll(page)).toBe(true);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('supplied submitted successfully!')).toBeVisible();
  await page.getByRole('status').getByRole('link', { name: 'See your supply' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The supply's page shows the point: the server's map, and links to open it elsewhere.
  await expect(page.getByRole('heading', { level: 2, name: 'Location' })).toBeVisible();
  const map = page.getByRole('img', { name: /with a pin on the exact place$/ });
  await expect(map).toHaveAttribute('src', /lat=-1\.9528&lng=30\.0926&precision=exact/);
  await map.scrollIntoViewIfNeeded();
  await expect.poll(() => map.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(640);
  await expect(page.getByText('The pin shows the exact place.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open in Google Maps' })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/search/?api=1&query=-1.9528,30.0926',
  );
  await expect(page.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
    'href',
    /mlat=-1\.9528&mlon=30\.0926/,
  );

  // Its edit form starts from the point the seller set.
  await page.goto(`${new URL(page.url()).pathname}/edit`);
  await waitForHydration(page);
  const editPoints = page.getByRole('group', { name: 'Where exactly is it? (optional)' });
  await expect(editPoints.getByLabel('Latitude')).toHaveValue('-1.9528');
  await expect(editPoints.getByLabel('Longitude')).toHaveValue('30.0926');
  await expect(editPoints.getByLabel('The exact pin')).toBeChecked();
});

test('a short maps.app.goo.gl link asks for the full address; the map places the pin without tiles', async ({
  page,
}, testInfo) => {
  // No tile server in the test: the pin must work over the empty background.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  await openSupplyFormAsNewSeller(page, testInfo);
  const points = page.getByRole('group', { name: 'Where exactly is it? (optional)' });

  const link = points.getByLabel('Google Maps or OpenStreetMap link');
  await link.fill(SHORT_LINK);
  await expect(page.locator('#field-mapLink-error')).toHaveText(
    'A short link cannot be read here: open it, then copy the full address from your browser and paste it here',
  );
  await expect(link).toHaveValue(SHORT_LINK);
  await expect(points.getByLabel('Latitude')).toHaveValue('');

  await points.getByRole('button', { name: 'Place the pin on a map' }).click();
  const map = points.getByRole('region', { name: 'Map to place the pin' });
  await expect(map).toBeVisible();
  await expect(
    points.getByText('The map background could not be loaded; the pin still works.'),
  ).toBeVisible();
  await map.click({ position: { x: 60, y: 60 } });
  await expect(points.getByLabel('Latitude')).toHaveValue(/^-1\.9\d*$/);
  await expect(points.getByLabel('Longitude')).toHaveValue(/^30\.\d+$/);
  expect(await hasNoHorizontalScroll(page)).toBe(true);
});
