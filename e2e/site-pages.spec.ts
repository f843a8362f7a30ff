/**
 * No dead ends for visitors: every footer quick link leads somewhere, and the About and Terms
 * pages show the texts admins keep in Platform Settings (the defaults here: the admin journeys,
 * which change settings, run after this one); an unknown address or a missing listing offers
 * the search and the categories.
 */
import type { Page } from '@playwright/test';
import {
  assetUrl,
  cardTitle,
  detailsUrl,
  expect,
  propertyUrl,
  test,
  UNKNOWN_ID,
  waitForHydration,
} from './fixtures.ts';

test.describe('footer quick links', () => {
  test('About us opens the About page with its default text', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
    await expect(page).toHaveURL('/about');
    await expect(page).toHaveTitle('About us | Inzu');
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    const paragraphs = page.locator('#main p');
    await expect(paragraphs.first()).toHaveText(/^Inzu is Kigali's property and asset marketplace/);
    expect(await paragraphs.count()).toBeGreaterThan(1);
  });

  test('Terms & condition opens the Terms page', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & condition' }).click();
    await expect(page).toHaveURL('/terms');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Terms and conditions' }),
    ).toBeVisible();
    await expect(page.locator('#main')).toContainText('should replace them');
  });

  for (const { name, form } of [
    { name: 'Sell property', form: '/create-supply-property' },
    { name: 'Buy property', form: '/create-request-property' },
  ]) {
    test(`${name} leads to its form, through /login when signed out`, async ({ page }) => {
      await page.goto('/');
      await waitForHydration(page);
      const link = page.getByRole('contentinfo').getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', form);
      await link.click();
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(form)}`);
      await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible();
    });
  }

  test('work without JavaScript too', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    await context.close();
  });
});

test.describe('a page with nothing to show offers a way on', () => {
  /** The search box and the category links of the "search and categories" block. */
  async function expectSearchAndCategories(page: Page) {
    const block = page.getByRole('region', { name: 'Find what you are looking for' });
    await expect(
      block.getByRole('searchbox', { name: 'Search properties and assets' }),
    ).toBeVisible();
    const categories = block.getByRole('navigation', { name: 'Browse by category' });
    for (const [name, href] of [
      ['House', '/get-properties/type/House'],
      ['Hotel', '/get-properties/type/Hotel'],
      ['Apartment', '/get-properties/type/Apartment'],
      ['Land', '/asset-property/Land'],
      ['Car', '/asset-property/Car'],
      ['Motorcycle', '/asset-property/Motorcycle'],
      ['Clothes', '/asset-property/Clothes'],
      ['Other Properties', '/asset-property/Other'],
    ] as const) {
      await expect(categories.getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        href,
      );
    }
    return block;
  }

  test('an unknown path: the 404 page searches the catalogue', async ({ page, fixtures }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Oooops! Requested Page Not Found!' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back | Home' })).toHaveAttribute('href', '/');
    const block = await expectSearchAndCategories(page);
    await waitForHydration(page);
    await block.getByRole('searchbox').fill('Kicukiro');
    await block.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL('/?q=Kicukiro');
    await expect(page.getByText('Results for "Kicukiro"')).toBeVisible();
    await expect(cardTitle(page, fixtures.properties.kicukiro.title)).toBeVisible();
  });

  test('an unknown path: a category opens its list', async ({ page }) => {
    await page.goto('/no/such/page');
    const block = await expectSearchAndCategories(page);
    await waitForHydration(page);
    await block.getByRole('link', { name: 'Hotel', exact: true }).click();
    await expect(page).toHaveURL('/get-properties/type/Hotel');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hotel Listings');
  });

  for (const [url, text] of [
    [propertyUrl(UNKNOWN_ID), 'Property not found'],
    [assetUrl(UNKNOWN_ID), 'Asset not found'],
    [detailsUrl(UNKNOWN_ID), 'Listing not found.'],
  ] as const) {
    test(`a missing listing (${text}) keeps its 404 and offers the same`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: text })).toBeVisible();
      await expectSearchAndCategories(page);
    });
  }

  test('the search works without JavaScript', async ({ browser, fixtures }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(assetUrl(UNKNOWN_ID));
    const block = page.getByRole('region', { name: 'Find what you are looking for' });
    await block.getByRole('searchbox').fill('Kicukiro');
    await block.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL('/?q=Kicukiro');
    await expect(cardTitle(page, fixtures.properties.kicukiro.title)).toBeVisible();
    await context.close();
  });
});
