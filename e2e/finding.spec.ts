import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './known-accounts.ts';
import { expect, mailsTo, supplyAsNewSeller, test, waitForHydration } from './fixtures.ts';

const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor filters houses by district, price and bedrooms from the address bar’s form', async ({
    page,
  }) => {
    await page.goto('/get-properties/type/House');
    await page.getByText('Filter and sort').click();
    await page.getByLabel('Rent or sale', { exact: true }).selectOption('Sale');
    await page.getByLabel('District', { exact: true }).selectOption('Kicukiro');
    await page.getByLabel('Highest price (RWF)').fill('100000000');
    await page.getByLabel('Bedrooms', { exact: true }).selectOption('4');
    await page.getByRole('button', { name: 'Apply' }).click();

    await expect(page).toHaveURL(/offer=Sale/);
    await expect(page).toHaveURL(/district=Kicukiro/);
    await expect(page).toHaveURL(/maxPrice=100000000/);
    await expect(page).toHaveURL(/bedrooms=4/);
    await expect(card(page, 'Garden villa in Kicukiro')).toBeVisible();
    // Dearer than asked, and in another district.
    await expect(card(page, 'Family home in Gikondo')).toHaveCount(0);
    await expect(card(page, 'Hillside bungalow in Kimironko')).toHaveCount(0);
    // Each district's count for the same filters, a link to narrow to it.
    await expect(
      page.getByRole('navigation', { name: 'Listings by district' }).getByRole('link', {
        name: /Kicukiro \d+/,
      }),
    ).toHaveAttribute('aria-current', 'true');
  });
});

test('with JavaScript a changed district applies at once, and no results offers a way out', async ({
  page,
}) => {
  await page.goto('/get-properties/type/House?offer=Sale');
  // A choice made before the page runs would wait for the Apply button.
  await waitForHydration(page);
  await page.getByLabel('District', { exact: true }).selectOption('Kicukiro');
  await expect(page).toHaveURL(/district=Kicukiro/);
  await expect(card(page, 'Garden villa in Kicukiro')).toBeVisible();

  await page.getByLabel('Bedrooms', { exact: true }).selectOption('5');
  await page.getByLabel('Highest price (RWF)').fill('1000');
  await page.getByLabel('Highest price (RWF)').press('Enter');
  await expect(page.getByRole('heading', { name: 'No results: widen your search' })).toBeVisible();
  await page.getByRole('link', { name: /without “up to RWF 1,000”/ }).click();
  await expect(page).not.toHaveURL(/maxPrice/);
  await expect(card(page, 'Family home in Gikondo')).toBeVisible();
});

test('a renter picks a landmark: the houses around it, the nearest first, each saying how far', async ({
  page,
}) => {
  await page.goto('/get-properties/type/House');
  await waitForHydration(page);
  await page.getByText('Filter and sort').click();
  await page
    .getByLabel('Near', { exact: true })
    .selectOption({ label: 'Kigali Convention Centre' });
  await expect(page).toHaveURL(/near=convention-centre/);
  await page.getByLabel('Within', { exact: true }).selectOption({ label: '10\u00a0km' });
  await expect(page).toHaveURL(/radiusKm=10/);
  await page.getByLabel('Sort by', { exact: true }).selectOption('Nearest first');
  await expect(page).toHaveURL(/sort=distance/);

  // The cards of the new order replace the old ones once it has loaded.
  const shownKilometres = async () =>
    (
      await page
        .getByRole('article')
        .getByText(/^[\d.]+\u00a0k?m away$/)
        .allTextContents()
    ).map((text) =>
      text.includes('\u00a0km') ? Number.parseFloat(text) : Number.parseFloat(text) / 1000,
    );
  await expect
    .poll(async () => {
      const kilometres = await shownKilometres();
      return (
        kilometres.length > 0 && kilometres.every((km, i) => i === 0 || kilometres[i - 1]! <= km)
      );
    })
    .toBe(true);
  expect(Math.max(...(await shownKilometres()))).toBeLessThanOrEqual(10);
});

test('a buyer saves a search and hears of a new listing that fits it once it is approved', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 8);
  const buyer = {
    username: `Grace ${tag}`,
    email: `grace-${tag}@e2e.inzu.rw`,
    password: 'a-long-enough-password',
  };
  const signup = await page.context().request.post('/api/signup', {
    data: { ...buyer, role: 'buyer', confirmPassword: buyer.password },
  });
  expect(signup.status()).toBe(201);

  await page.goto('/get-properties/type/House?offer=Rent&district=Nyabihu&maxPrice=500000');
  await waitForHydration(page);
  await page.getByText('Save this search').click();
  const name = `Nyabihu rent ${tag}`;
  await page.getByLabel('Name of the search').fill(name);
  await page.getByRole('button', { name: 'Save and tell me of new listings' }).click();
  await expect(
    page.getByText('Search saved. We will tell you when a new listing fits it.'),
  ).toBeVisible();

  // A seller supplies a fitting house; an admin approves it.
  const others = await browser.newContext({ baseURL });
  const title = `Mukamira house ${tag}`;
  const supplyId = await supplyAsNewSeller(others.request, baseURL ?? '', {
    title,
    type: 'House',
    status: 'Rent',
    price: '450000',
    district: 'Nyabihu',
    sector: 'Mukamira',
    contact: '0788123456',
  });
  const login = await others.request.post('/api/login', {
    headers: { origin: baseURL ?? '' },
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  const asAdmin = { authorization: `Bearer ${(await login.json()).token}` };
  const approved = await others.request.put(`/api/supply-property/${supplyId}/approve`, {
    headers: asAdmin,
  });
  expect(approved.status()).toBe(200);

  await expect
    .poll(() => mailsTo(buyer.email).filter((mail) => mail.text.includes(supplyId)).length, {
      timeout: 20_000,
    })
    .toBe(1);
  await page.goto('/notifications');
  await expect(page.getByRole('article').filter({ hasText: name })).toContainText(
    `A new listing for “${name}”`,
  );

  await page.goto('/saved-searches');
  const saved = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(saved).toContainText('House · For Rent · Nyabihu · up to RWF 500,000');
  await saved.getByRole('link', { name: 'See the listings' }).click();
  await expect(card(page, title)).toBeVisible();

  // The home page's newest listings are other tests' fixtures: this house leaves again.
  const removed = await others.request.delete(`/api/delete-property/${supplyId}`, {
    headers: asAdmin,
  });
  expect(removed.status()).toBe(200);
  await others.close();
});

test('a search in Kinyarwanda or French finds what the English words find, as filters', async ({
  page,
}) => {
  // "Houses Kicukiro" typed in Kinyarwanda: the houses placed in Kicukiro, not its hotel.
  await page.goto('/rw/');
  await waitForHydration(page);
  await page.getByRole('searchbox').fill('inzu Kicukiro');
  await expect(page).toHaveURL(/\/rw\/\?q=inzu\+Kicukiro$/);
  await expect(card(page, 'Garden villa in Kicukiro')).toBeVisible();
  await expect(card(page, 'Family home in Gikondo')).toBeVisible();
  await expect(card(page, 'Airport lodge in Kanombe')).toHaveCount(0);
  await expect(card(page, 'Hillside bungalow in Kimironko')).toHaveCount(0);

  // The search page sets the type and the offer the French words name in its filters.
  await page.goto('/fr/search?q=maison%20%C3%A0%20vendre%20%C3%A0%20Kicukiro');
  await expect(page).toHaveURL(/\/fr\/search\?q=Kicukiro&/);
  await expect(page).toHaveURL(/&type=House&offer=Sale/);
  await expect(page.getByLabel('Type de bien', { exact: true })).toHaveValue('House');
  await expect(card(page, 'Garden villa in Kicukiro')).toBeVisible();
  await expect(card(page, 'Family home in Gikondo')).toBeVisible();
  await expect(card(page, 'Airport lodge in Kanombe')).toHaveCount(0);
});

test('the filters follow the address: after a district chip, another filter keeps the district', async ({
  page,
}) => {
  await page.goto('/get-properties/type/House');
  await waitForHydration(page);
  await page
    .getByRole('navigation', { name: 'Listings by district' })
    .getByRole('link', { name: /Kicukiro/ })
    .click();
  await expect(page).toHaveURL(/district=Kicukiro/);
  const district = page.getByLabel('District', { exact: true });
  await expect(district).toHaveValue('Kicukiro');

  await page.getByLabel('Sort by', { exact: true }).selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(page).toHaveURL(/district=Kicukiro/);
  await expect(card(page, 'Garden villa in Kicukiro')).toBeVisible();
  await expect(card(page, 'Hillside bungalow in Kimironko')).toHaveCount(0);

  // A link that drops the filters, then Back: the controls show each address's choices.
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/district=/);
  await page.getByText('Filter and sort').click();
  await expect(district).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/district=Kicukiro/);
  await expect(district).toHaveValue('Kicukiro');
});

test.describe('on a 360 px phone, the list filters', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone layout only');
  test.use({ viewport: { width: 360, height: 740 } });

  test('fit the panel without overlapping, and Apply closes them to show the results', async ({
    page,
  }) => {
    await page.goto('/get-properties/type/House');
    await waitForHydration(page);
    await page.getByText('Filter and sort').click();
    const panel = (await page.locator('details.filters form').boundingBox())!;
    const labels = [
      'Rent or sale',
      'District',
      'Sector',
      'Sort by',
      'Lowest price (RWF)',
      'Highest price (RWF)',
      'Rent period',
      'Bedrooms',
      'Bathrooms',
    ];
    const boxes = [];
    for (const label of labels) {
      const box = (await page.getByLabel(label, { exact: true }).boundingBox())!;
      expect(box.x, label).toBeGreaterThanOrEqual(panel.x);
      expect(box.x + box.width, label).toBeLessThanOrEqual(panel.x + panel.width);
      boxes.push({ label, ...box });
    }
    for (const [index, a] of boxes.entries()) {
      for (const b of boxes.slice(index + 1)) {
        const isApart =
          a.x + a.width <= b.x ||
          b.x + b.width <= a.x ||
          a.y + a.height <= b.y ||
          b.y + b.height <= a.y;
        expect(isApart, `${a.label} / ${b.label}`).toBe(true);
      }
    }

    await page.getByLabel('Highest price (RWF)').fill('100000000');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/maxPrice=100000000/);
    await expect(page.locator('details.filters')).not.toHaveAttribute('open');
    await expect(page.locator('#list-results')).toBeFocused();
    await expect(page.getByRole('article').first()).toBeInViewport();
  });
});
