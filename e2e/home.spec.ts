import {
  cardTitle,
  expect,
  propertyUrl,
  test,
  viewDetailsLink,
  waitForHydration,
} from './fixtures.ts';

const HERO = 'Find the perfect place to live with your family in Rwanda';

test.describe('home page before JavaScript', () => {
  test('the served HTML already holds the hero and the listing cards', async ({
    request,
    fixtures,
  }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();

    expect(html).toContain(HERO);
    expect(html).toContain('View Details');
    const { kicukiro, nyarutarama, hotel } = fixtures.properties;
    for (const property of [kicukiro, nyarutarama, hotel]) {
      expect(html).toContain(property.title);
      expect(html).toContain(`href="${propertyUrl(property.id)}"`);
    }
    for (const asset of Object.values(fixtures.assets)) expect(html).toContain(asset.title);
    expect(html).not.toContain(fixtures.pending.property.title);
    expect(html).not.toContain(fixtures.pending.asset.title);
  });

  test('asks for the stylesheet before the scripts: nothing paints until it arrives', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const stylesheet = html.search(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"/);
    const firstScript = html.search(/<link rel="modulepreload"|<script/);

    expect(stylesheet).toBeGreaterThan(0);
    expect(stylesheet).toBeLessThan(firstScript);
  });

  test('asks for its scripts at low priority: the stylesheet and the photos come first', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];

    expect(preloads.length).toBeGreaterThan(0);
    for (const preload of preloads) expect(preload).toContain('fetchpriority="low"');
  });

  test.describe('with JavaScript disabled', () => {
    test.use({ javaScriptEnabled: false });

    test('the grids still show', async ({ page, fixtures }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Properties' })).toBeVisible();
      await expect(cardTitle(page, fixtures.properties.kicukiro.title)).toBeVisible();
      await expect(cardTitle(page, fixtures.properties.nyarutarama.title)).toBeVisible();
      await expect(cardTitle(page, fixtures.assets.car.title)).toBeVisible();
      await expect(viewDetailsLink(page, fixtures.properties.kicukiro.title)).toHaveAttribute(
        'href',
        propertyUrl(fixtures.properties.kicukiro.id),
      );
      // Six newest per grid, as the spec fixes.
      const propertyGrid = page.getByRole('region', { name: 'Properties', exact: true });
      await expect(propertyGrid.getByRole('article')).toHaveCount(6);
    });
  });
});

test.describe('live search', () => {
  test('typing narrows both grids in place; clearing brings the default grids back', async ({
    page,
    fixtures,
  }) => {
    const { kicukiro, nyarutarama } = fixtures.properties;
    const { car } = fixtures.assets;
    await page.goto('/');
    await waitForHydration(page);
    await expect(cardTitle(page, nyarutarama.title)).toBeVisible();
    await expect(cardTitle(page, car.title)).toBeVisible();
    // A full page load would lose this.
    await page.evaluate(() => Object.assign(window, { e2eMarker: 'still here' }));

    const search = page.getByRole('searchbox', { name: 'Search properties and assets' });
    await search.pressSequentially('kicu');

    await expect(page.getByText('Results for "kicu"')).toBeVisible();
    // The address follows the answer for the whole text, not for 'k' or 'ki'.
    await expect(page).toHaveURL(/\?q=kicu$/);
    await expect(cardTitle(page, kicukiro.title)).toBeVisible();
    await expect(cardTitle(page, nyarutarama.title)).toBeHidden();
    await expect(cardTitle(page, car.title)).toBeHidden();
    await expect(cardTitle(page, fixtures.pending.property.title)).toBeHidden();
    await expect(cardTitle(page, fixtures.pending.asset.title)).toBeHidden();
    await expect(page.getByText('No Asset Found.')).toBeVisible();
    // The place is understood: the home in Gikondo and the one in Kanombe are in Kicukiro
    // district, though their text does not say so.
    await expect(cardTitle(page, 'Family home in Gikondo')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(3);

    await search.clear();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Results for')).toBeHidden();
    await expect(cardTitle(page, nyarutarama.title)).toBeVisible();
    await expect(cardTitle(page, kicukiro.title)).toBeVisible();
    await expect(cardTitle(page, car.title)).toBeVisible();

    expect(await page.evaluate(() => (window as { e2eMarker?: string }).e2eMarker)).toBe(
      'still here',
    );
  });

  test('a search finds listings beyond the default grid, or says nothing matched', async ({
    page,
    fixtures,
  }) => {
    const oldest = fixtures.properties.all.at(-1)!;
    await page.goto('/');
    await waitForHydration(page);
    await expect(cardTitle(page, oldest.title)).toBeHidden();
    const search = page.getByRole('searchbox', { name: 'Search properties and assets' });
    await search.fill('kanombe');
    await expect(cardTitle(page, oldest.title)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);

    await search.fill('zzqxnothingmatches');
    await expect(page.getByText('No properties found.')).toBeVisible();
    await expect(page.getByText('No Asset Found.')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });
});
