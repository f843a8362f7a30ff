import {
  assetUrl,
  expect,
  hasNoHorizontalScroll,
  propertyListUrl,
  propertyUrl,
  test,
} from './fixtures.ts';

test.describe('on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone layout only');

  test('the home page fits 390 px; its screenshot is kept', async ({ page }, testInfo) => {
    await page.goto('/');
    expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The first card's photo is the largest paint: wait for it so the screenshot is complete.
    await expect(page.getByRole('article').first().getByRole('img')).toHaveJSProperty(
      'complete',
      true,
    );
    expect(await hasNoHorizontalScroll(page)).toBe(true);
    // The desktop navigation gives way to the menu toggle.
    await expect(page.getByLabel('Menu', { exact: true })).toBeVisible();
    await expect(page.locator('summary', { hasText: 'Our Property' })).toBeHidden();

    const file = testInfo.outputPath('home-phone-390x844.png');
    await page.screenshot({ path: file });
    await testInfo.attach('home on a 390x844 phone', { path: file, contentType: 'image/png' });
  });

  test('list, detail and contact pages never scroll sideways', async ({ page, fixtures }) => {
    const pages = [
      propertyListUrl('House'),
      propertyUrl(fixtures.properties.kicukiro.id),
      assetUrl(fixtures.assets.car.id),
      '/contact',
    ];
    for (const path of pages) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await hasNoHorizontalScroll(page), `${path} scrolls sideways`).toBe(true);
      });
    }
  });
});
