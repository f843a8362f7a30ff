import type { Page } from '@playwright/test';
import { expect, propertyUrl, test, waitForHydration } from './fixtures.ts';

const BUNGALOW = 'Hillside bungalow in Kimironko';

/** The map's region, named for screen readers. */
const mapRegion = (page: Page) => page.getByRole('region', { name: 'Map of the listings below' });

test('from a list, the map shows its listings without tiles; a marker opens its card, then the listing', async ({
  page,
  fixtures,
}) => {
  // The houses for rent: the bungalow alone.
  await page.goto('/get-properties/type/House?offer=Rent');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Map', exact: true }).click();
  await expect(page).toHaveURL(/\/map\?offer=Rent&type=House$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Map of listings: House');

  const map = mapRegion(page);
  // The test machines reach no tile server: the map says so, and draws its markers anyway.
  await expect(map.getByRole('status')).toHaveText('The background map is unavailable.');
  const marker = map.getByRole('button', { name: new RegExp(`^${BUNGALOW}, RWF 650,000`) });
  await expect(marker).toBeVisible();
  await expect(marker).toHaveText('650K');
  // The list below shows the same listing: the accessible view of the map.
  await expect(page.getByRole('heading', { level: 3, name: BUNGALOW })).toBeVisible();

  await marker.click();
  const card = map.getByRole('dialog', { name: BUNGALOW });
  await expect(card).toContainText('RWF 650,000');
  await expect(card).toContainText('Approximate area');
  await card.getByRole('link', { name: BUNGALOW }).click();

  const bungalow = fixtures.properties.all.find((property) => property.title === BUNGALOW)!;
  await expect(page).toHaveURL(propertyUrl(bungalow.id));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(BUNGALOW);
});

test('by keyboard: a marker opens its card, Escape closes it; a moved map searches its area', async ({
  page,
}) => {
  await page.goto('/map?type=House&offer=Rent');
  await waitForHydration(page);
  const map = mapRegion(page);
  const marker = map.getByRole('button', { name: new RegExp(`^${BUNGALOW}`) });
  await marker.focus();
  await page.keyboard.press('Enter');
  const card = map.getByRole('dialog', { name: BUNGALOW });
  await expect(card).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);
  await expect(marker).toBeFocused();

  // No "Search this area" until the visitor moves the map (arrow keys pan it).
  const searchArea = map.getByRole('button', { name: 'Search this area' });
  await expect(searchArea).toHaveCount(0);
  await page.locator('.listing-map').focus();
  await page.keyboard.press('ArrowLeft');
  await searchArea.click();
  await expect(page).toHaveURL(/near=/);
  const { searchParams } = new URL(page.url());
  expect(searchParams.get('near')).toMatch(/^-\d+\.\d{5},\d+\.\d{5}$/);
  expect(Number(searchParams.get('radiusKm'))).toBeGreaterThanOrEqual(0.5);
  expect(searchParams.get('sort')).toBe('distance');
  // The list's own filters stay.
  expect(searchParams.get('type')).toBe('House');
  expect(searchParams.get('offer')).toBe('Rent');
  await expect(page.getByRole('heading', { level: 3, name: BUNGALOW })).toBeVisible();
  await expect(searchArea).toHaveCount(0);
});

test('the map leads back to the matching list', async ({ page }) => {
  await page.goto('/map?type=House&offer=Rent');
  await page.getByRole('link', { name: 'List', exact: true }).click();
  await expect(page).toHaveURL(/\/get-properties\/type\/House\?offer=Rent$/);
});

test('search results toggle to the map with their words and catalogue, in the page’s language', async ({
  page,
}) => {
  await page.goto('/fr/search?q=kimironko');
  await page.getByRole('link', { name: 'Carte', exact: true }).click();
  await expect(page).toHaveURL(/\/fr\/map\?q=kimironko&kind=property$/);
  await expect(mapRegion(page)).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Carte des annonces listées ci-dessous' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: BUNGALOW })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the map page says the map needs it and lists the listings', async ({ page }) => {
    await page.goto('/map?type=House&offer=Rent');
    await expect(
      page.getByText('The map needs JavaScript. The list below shows the same listings.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: BUNGALOW })).toBeVisible();
  });
});
