import { assetUrl, expect, propertyUrl, test } from './fixtures.ts';

// Plain HTTP answers: the same for both viewports, so they run once.
test.skip(({ isMobile }) => isMobile, 'no browser involved: runs in the desktop project only');

test('robots.txt allows pages, keeps crawlers off the API and names the sitemap', async ({
  request,
  baseURL,
}) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/plain');
  const lines = (await response.text()).split('\n');
  expect(lines).toContain('User-agent: *');
  expect(lines).toContain('Disallow: /api/');
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('sitemap.xml lists published listings and not those awaiting approval', async ({
  request,
  fixtures,
  baseURL,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/xml');
  const xml = await response.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');

  const loc = (path: string) => `<loc>${baseURL}${path}</loc>`;
  expect(xml).toContain(loc('/'));
  expect(xml).toContain(loc('/contact'));
  expect(xml).toContain(loc('/about'));
  expect(xml).toContain(loc('/terms'));
  expect(xml).toContain(loc('/get-properties/type/House'));
  expect(xml).toContain(loc('/asset-property/Other'));
  for (const property of fixtures.properties.all)
    expect(xml).toContain(loc(propertyUrl(property.id)));
  expect(xml).toContain(loc(assetUrl(fixtures.assets.car.id)));
  expect(xml).not.toContain(fixtures.pending.property.id);
  expect(xml).not.toContain(fixtures.pending.asset.id);
  // The landing pages of each type and offer with listings, across Rwanda and per district.
  expect(xml).toContain(loc('/houses/sale'));
  expect(xml).toContain(loc('/houses/sale/kicukiro'));
  expect(xml).toContain(loc('/fr/houses/sale/kicukiro'));
  expect(xml).not.toContain(loc('/hotels/sale/huye'));
});

test('a landing page has its own title, description and canonical address', async ({
  page,
  baseURL,
}) => {
  await page.goto('/houses/sale/kicukiro');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Houses for sale in Kicukiro');
  await expect(page).toHaveTitle(/^Houses for sale in Kicukiro \| /);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${baseURL}/houses/sale/kicukiro`,
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /^Houses for sale in Kicukiro: \d+ listings? with photos/,
  );
});
