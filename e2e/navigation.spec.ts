import {
  cardTitle,
  expect,
  isPhone,
  openOurPropertyMenu,
  test,
  viewDetailsLink,
  waitForHydration,
} from './fixtures.ts';

/** The 'Our Property' entries, the page each opens and its heading. */
const OUR_PROPERTY = [
  { label: 'House', path: '/get-properties/type/House', heading: 'House Listings' },
  { label: 'Hotel', path: '/get-properties/type/Hotel', heading: 'Hotel Listings' },
  { label: 'Apartment', path: '/get-properties/type/Apartment', heading: 'Apartment Listings' },
  { label: 'Land', path: '/asset-property/Land', heading: 'Land Listings' },
  { label: 'Car', path: '/asset-property/Car', heading: 'Car Listings' },
  { label: 'Motorcycle', path: '/asset-property/Motorcycle', heading: 'Motorcycle Listings' },
  { label: 'Clothes', path: '/asset-property/Clothes', heading: 'Clothes Listings' },
  { label: 'Other Properties', path: '/asset-property/Other', heading: 'Other Listings' },
] as const;

test('each Our Property entry opens its list page', async ({ page, fixtures }, testInfo) => {
  const byType = new Map<string, string[]>();
  for (const listing of [...fixtures.properties.all, ...Object.values(fixtures.assets)]) {
    byType.set(listing.type, [...(byType.get(listing.type) ?? []), listing.title]);
  }

  await page.goto('/');
  await waitForHydration(page);
  for (const entry of OUR_PROPERTY) {
    await test.step(entry.label, async () => {
      const navigation = await openOurPropertyMenu(page, testInfo);
      await navigation.getByRole('link', { name: entry.label, exact: true }).click();

      await expect(page).toHaveURL(entry.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.heading);
      const type = entry.path.split('/').at(-1)!;
      for (const title of byType.get(type) ?? []) {
        await expect(cardTitle(page, title)).toBeVisible();
      }
      // The menu closes once the page changes.
      await expect(navigation.getByRole('link', { name: entry.label, exact: true })).toBeHidden();
    });
  }
  await expect(cardTitle(page, fixtures.pending.property.title)).toBeHidden();
});

test('the routes come with the page: no /__manifest request on load or on a click', async ({
  page,
}, testInfo) => {
  const manifestRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/__manifest') manifestRequests.push(request.url());
  });

  await page.goto('/');
  await waitForHydration(page);
  const navigation = await openOurPropertyMenu(page, testInfo);
  await navigation.getByRole('link', { name: 'Land', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Land Listings');

  expect(manifestRequests).toEqual([]);
});

test('a link opens its page in the same document; a Ctrl+click is left to the browser', async ({
  page,
  context,
  fixtures,
}) => {
  const { title } = fixtures.properties.all[0]!;
  await page.goto('/');
  await waitForHydration(page);
  // Gone after a document load: what shows that the router navigated instead.
  await page.evaluate(() => document.documentElement.setAttribute('data-first-document', ''));
  const isFirstDocument = () =>
    page.evaluate(() => document.documentElement.hasAttribute('data-first-document'));

  await viewDetailsLink(page, title).click();
  await expect(page).toHaveURL(/\/property\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  expect(await isFirstDocument()).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(viewDetailsLink(page, title)).toBeVisible();
  expect(await isFirstDocument()).toBe(true);

  const opened = context.waitForEvent('page');
  await viewDetailsLink(page, title).click({ modifiers: ['ControlOrMeta'] });
  await expect(await opened).toHaveURL(/\/property\//);
  await expect(page).toHaveURL('/');
});

test('unpublished listings stay off the list pages', async ({ request, fixtures }) => {
  const houses = await (await request.get('/get-properties/type/House')).text();
  expect(houses).toContain(fixtures.properties.kicukiro.title);
  expect(houses).not.toContain(fixtures.pending.property.title);
  const motorcycles = await (await request.get('/asset-property/Motorcycle')).text();
  expect(motorcycles).toContain(fixtures.assets.motorcycle.title);
  expect(motorcycles).not.toContain(fixtures.pending.asset.title);
});

test('the menu works from the keyboard', async ({ page }, testInfo) => {
  await page.goto('/');
  await waitForHydration(page);
  const toggle = isPhone(testInfo)
    ? page.getByLabel('Menu', { exact: true })
    : page.locator('summary', { hasText: 'Our Property' });
  const menu = toggle.locator('xpath=..');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  const hotel = navigation.getByRole('link', { name: 'Hotel', exact: true });

  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('open', '');
  await expect(hotel).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open');
  await expect(hotel).toBeHidden();
  await expect(toggle).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(hotel).toBeVisible();
  await hotel.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hotel Listings');
});

test('a menu opened before the page is interactive stays open once it is', async ({
  page,
}, testInfo) => {
  // The scripts wait until the menu is open, as on a slow phone where the tap comes first.
  let releaseScripts = (): void => undefined;
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const navigation = await openOurPropertyMenu(page, testInfo);
  const hotel = navigation.getByRole('link', { name: 'Hotel', exact: true });
  await expect(hotel).toBeVisible();

  releaseScripts();
  await waitForHydration(page);
  await expect(hotel).toBeVisible();
  await hotel.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hotel Listings');
  await expect(hotel).toBeHidden();
});

test.describe('unknown paths', () => {
  test('answer 404 with the spec page and a way home', async ({ page, request }) => {
    const served = await request.get('/no/such/page');
    expect(served.status()).toBe(404);
    expect(await served.text()).toContain('Oooops! Requested Page Not Found!');

    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { name: 'Oooops! Requested Page Not Found!' }),
    ).toBeVisible();
    const back = page.getByRole('link', { name: 'Back | Home' });
    await expect(back).toHaveAttribute('href', '/');
    await waitForHydration(page);
    await back.click();
    await expect(page).toHaveURL('/');
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Find the perfect place to live with your family in Rwanda',
      }),
    ).toBeVisible();
  });

  test('a list page of an unknown type or place is the same 404 page, in each language', async ({
    page,
  }) => {
    const badLists = [
      '/get-properties/type/Castle',
      '/asset-property/Spaceship',
      '/houses/rent/Atlantis',
      '/houses/lease',
      '/users/not-an-id',
    ];
    for (const prefix of ['', '/rw', '/fr']) {
      await test.step(prefix || 'en', async () => {
        expect((await page.goto(`${prefix}/no/such/page`))?.status()).toBe(404);
        const title = await page.title();
        const heading = await page.getByRole('heading', { level: 1 }).textContent();
        if (!prefix) expect(title).toBe('Page not found | Inzu');
        for (const path of badLists) {
          expect((await page.goto(`${prefix}${path}`))?.status(), path).toBe(404);
          await expect(page, path).toHaveTitle(title);
          await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading ?? '');
          await expect(page.getByText('Failed to fetch properties'), path).toHaveCount(0);
        }
      });
    }
  });
});
