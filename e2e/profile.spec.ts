import { SITE } from '#lib/site.ts';
import { cardTitle, expect, propertyUrl, test, UNKNOWN_ID, waitForHydration } from './fixtures.ts';

const userUrl = (id: string) => `/users/${id}`;

/** Anything shaped like an e-mail address. */
const EMAILS = /[\w.+-]+@[\w-]+\.[\w.-]+/g;

test.describe('public profile', () => {
  test('the owner name on a listing leads to their profile and published listings', async ({
    page,
    fixtures,
  }) => {
    const property = fixtures.properties.kicukiro;
    await page.goto(propertyUrl(property.id));
    await waitForHydration(page);
    await page.getByRole('link', { name: fixtures.seller.name, exact: true }).click();

    await expect(page).toHaveURL(userUrl(fixtures.seller.id));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fixtures.seller.name);
    await expect(page.getByText('Seller', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Member since [A-Z][a-z]+ \d{4}$/)).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${fixtures.seller.name} \\|`));

    const listings = page.getByRole('region', { name: 'Published listings' });
    await expect(listings.getByRole('heading', { level: 2 })).toHaveText('Published listings');
    await expect(cardTitle(page, property.title)).toBeVisible();
    await expect(cardTitle(page, fixtures.assets.car.title)).toBeVisible();
    await expect(listings.getByRole('heading', { level: 3 })).toHaveCount(
      fixtures.properties.all.length + Object.keys(fixtures.assets).length,
    );
    await expect(page.getByText(fixtures.pending.property.title)).toHaveCount(0);
    await expect(page.getByText(fixtures.pending.asset.title)).toHaveCount(0);
    await expect(page.getByText('No published listings yet.')).toHaveCount(0);

    // The footer carries the company's own address; the profile itself shows none.
    expect(await page.locator('main').innerText()).not.toContain('@');
  });

  test('the served page carries no e-mail address', async ({ request, fixtures }) => {
    const response = await request.get(userUrl(fixtures.seller.id));
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(fixtures.seller.name);
    // Nothing in the markup or the serialised loader data but the company's public address.
    expect(new Set(html.match(EMAILS) ?? [])).toEqual(new Set([SITE.email]));
  });

  test('an unknown user answers the 404 page', async ({ page }) => {
    const response = await page.goto(userUrl(UNKNOWN_ID));
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { name: 'Oooops! Requested Page Not Found!' }),
    ).toBeVisible();
  });

  test('a malformed id answers 404 too', async ({ request }) => {
    const response = await request.get(userUrl('not-a-uuid'));
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Oooops! Requested Page Not Found!');
  });
});
