import type { Page } from '@playwright/test';
import {
  assetUrl,
  detailsUrl,
  expect,
  propertyUrl,
  test,
  UNKNOWN_ID,
  waitForHydration,
} from './fixtures.ts';

/** '95,000,000' for 95000000: how prices read on the page after 'RWF'. */
const grouped = (amount: number) => amount.toLocaleString('en-US');

/** The value shown beside a fact's label (a dt/dd pair). */
const factValue = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');

test.describe('property detail', () => {
  test('shows breadcrumb, price, facts and features', async ({ page, fixtures }) => {
    const property = fixtures.properties.kicukiro;
    const response = await page.goto(propertyUrl(property.id));
    expect(response?.status()).toBe(200);

    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(breadcrumb).toContainText(property.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(property.title);
    await expect(page.getByText(`RWF ${grouped(property.price)}`, { exact: true })).toBeVisible();
    await expect(page.getByText(property.location, { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: `Photo of ${property.title}` })).toBeVisible();

    await expect(factValue(page, 'Type')).toHaveText('House');
    await expect(factValue(page, 'Status')).toHaveText('For Sale');
    await expect(factValue(page, 'Bedrooms')).toHaveText('4');
    await expect(factValue(page, 'Bathrooms')).toHaveText('3');
    await expect(factValue(page, 'Toilets')).toHaveText('4');
    await expect(factValue(page, 'Area')).toHaveText('320 sqm');
    await expect(factValue(page, 'Owner')).toHaveText(fixtures.seller.name);

    const features = page.getByRole('region', { name: 'Features' });
    await expect(features.getByRole('listitem')).toHaveText(property.features);
    await expect(page.getByText('No features available for this property.')).toBeHidden();
  });

  test('says when a property has no features', async ({ page, fixtures }) => {
    await page.goto(propertyUrl(fixtures.properties.nyarutarama.id));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      fixtures.properties.nyarutarama.title,
    );
    await expect(page.getByText('No features available for this property.')).toBeVisible();
  });

  test('the served HTML carries Open Graph tags with an absolute image URL', async ({
    request,
    fixtures,
    baseURL,
  }) => {
    const property = fixtures.properties.kicukiro;
    const response = await request.get(propertyUrl(property.id));
    expect(response.status()).toBe(200);
    const html = await response.text();
    const meta = (name: string) =>
      new RegExp(`<meta property="${name}" content="([^"]*)"`).exec(html)?.[1];

    expect(meta('og:title')).toBe(property.title);
    expect(meta('og:price:amount')).toBe(String(property.price));
    expect(meta('og:price:currency')).toBe('RWF');
    const image = meta('og:image');
    expect(image).toMatch(new RegExp(`^${baseURL}/media/[0-9a-f]+-\\d+\\.webp$`));
    const photo = await request.get(image!);
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toBe('image/webp');
  });

  test('an absent property answers 404 with "Property not found"', async ({ page }) => {
    const response = await page.goto(propertyUrl(UNKNOWN_ID));
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Property not found', { exact: true })).toBeVisible();
  });

  test('listings awaiting approval, or with a malformed id, are not found', async ({
    request,
    fixtures,
  }) => {
    for (const [url, text] of [
      [propertyUrl(fixtures.pending.property.id), 'Property not found'],
      [assetUrl(fixtures.pending.asset.id), 'Asset not found'],
      [detailsUrl(fixtures.pending.property.id), 'Listing not found.'],
      [propertyUrl('not-a-uuid'), 'Property not found'],
    ] as const) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(404);
      const html = await response.text();
      expect(html, url).toContain(text);
      expect(html, url).not.toContain(fixtures.pending.property.title);
      expect(html, url).not.toContain(fixtures.pending.asset.title);
    }
  });
});

test.describe('asset detail', () => {
  test('shows the section of its kind and leads back to the kind list', async ({
    page,
    fixtures,
  }) => {
    const car = fixtures.assets.car;
    await page.goto(assetUrl(car.id));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(car.title);
    await expect(page.getByText(`RWF ${grouped(car.price)}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Vehicle details' })).toBeVisible();
    await expect(factValue(page, 'Transmission')).toHaveText('Automatic');
    await expect(factValue(page, 'Fuel')).toHaveText('Diesel');
    await expect(factValue(page, 'Certified')).toHaveText('Yes');

    await waitForHydration(page);
    await page.getByRole('link', { name: 'Back to Listings' }).click();
    await expect(page).toHaveURL('/asset-property/Car');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Car Listings');
  });

  test('land shows its size; an item without a location shows the fallback', async ({
    page,
    fixtures,
  }) => {
    await page.goto(assetUrl(fixtures.assets.land.id));
    await expect(page.getByRole('heading', { name: 'Land details' })).toBeVisible();
    await expect(factValue(page, 'Size')).toHaveText('600 sqm');

    await page.goto(assetUrl(fixtures.assets.other.id));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fixtures.assets.other.title);
    await expect(page.getByText('Kigali,Rwanda', { exact: true })).toBeVisible();
  });

  test('an absent asset answers 404', async ({ page }) => {
    const response = await page.goto(assetUrl(UNKNOWN_ID));
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Asset not found', { exact: true })).toBeVisible();
  });
});

test.describe('/details/{id}', () => {
  test('ends on the property page of a property id', async ({ page, fixtures }) => {
    const property = fixtures.properties.hotel;
    await page.goto(detailsUrl(property.id));
    await expect(page).toHaveURL(propertyUrl(property.id));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(property.title);
  });

  test('ends on the asset page of an asset id', async ({ page, fixtures }) => {
    await page.goto(detailsUrl(fixtures.assets.clothes.id));
    await expect(page).toHaveURL(assetUrl(fixtures.assets.clothes.id));
    await expect(page.getByRole('heading', { name: 'Clothes details' })).toBeVisible();
  });

  test('says "Listing not found." for an unknown id', async ({ page }) => {
    const response = await page.goto(detailsUrl(UNKNOWN_ID));
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Listing not found.', { exact: true })).toBeVisible();
  });
});
