import type { Page } from '@playwright/test';
import { expect, propertyUrl, test, waitForHydration } from './fixtures.ts';

// The fixture hotel (e2e/serve.ts) has three photos; the home page lists the fixtures' cards.

/** Every listing photo file the page asks the network for, from now on. */
function recordPhotoRequests(page: Page): string[] {
  const photos: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/media/')) photos.push(pathname);
  });
  return photos;
}

test.describe('data saver', () => {
  test('turned on from the footer, the home page fetches only the smallest photos', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('button', { name: 'Turn on data saver' }).click();
    // The page loads again, whole, with the choice remembered.
    await expect(footer.getByRole('button', { name: 'Turn off data saver' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    const photos = recordPhotoRequests(page);
    await page.reload();
    await page.waitForLoadState('networkidle');
    const cards = page.locator('#main img[src^="/media/"]');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const image of await cards.all()) {
      await expect(image).toHaveAttribute('src', /-320\.webp$/);
      await expect(image).not.toHaveAttribute('srcset', /.+/);
    }
    expect(photos.length).toBeGreaterThan(0);
    expect(photos.filter((photo) => !photo.endsWith('-320.webp'))).toEqual([]);

    // And off again: the phone's screen picks from every width.
    await page
      .getByRole('contentinfo')
      .getByRole('button', { name: 'Turn off data saver' })
      .click();
    await expect(page.locator('#main img[src^="/media/"]').first()).toHaveAttribute(
      'srcset',
      /1280w/,
    );
  });

  test('the gallery shows the first photo and loads another on a tap', async ({
    page,
    fixtures,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'data-saver', value: 'on', url: baseURL! }]);
    const hotel = fixtures.properties.hotel;
    const photos = recordPhotoRequests(page);
    await page.goto(propertyUrl(hotel.id));
    await waitForHydration(page);
    const gallery = page.getByRole('region', { name: `Photos of ${hotel.title}` });
    await gallery.scrollIntoViewIfNeeded();

    const first = page.locator('#photo-1').getByRole('img');
    await expect(first).toHaveAttribute('src', /-320\.webp$/);
    await expect(page.locator('#photo-2').getByRole('img')).toHaveCount(0);
    expect(photos.filter((photo) => !photo.endsWith('-320.webp'))).toEqual([]);
    const asked = photos.length;

    await gallery.getByRole('button', { name: 'Next photo' }).click();
    await expect(gallery.getByRole('status')).toContainText('2 / 3');
    const show = page.locator('#photo-2').getByRole('button', { name: /Show photo/ });
    await expect(show).toContainText('Photo 2 of 3');
    await show.click();

    const second = page.locator('#photo-2').getByRole('img');
    await expect(second).toHaveAttribute('src', /-320\.webp$/);
    await expect
      .poll(() => second.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    expect(photos.length).toBeGreaterThan(asked);
    // The third still waits for its tap.
    await expect(
      page.locator('#photo-3').getByRole('button', { name: /Show photo/ }),
    ).toBeVisible();
  });
});
