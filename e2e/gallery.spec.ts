import type { Page } from '@playwright/test';
import { expect, propertyUrl, test, waitForHydration } from './fixtures.ts';

// The fixture hotel (e2e/serve.ts) has three photos; the other fixtures have one or none.

/** The listing's gallery: a region named after the listing. */
const galleryOf = (page: Page, title: string) =>
  page.getByRole('region', { name: `Photos of ${title}` });

test.describe('the photo gallery of a listing', () => {
  test('arrows, keys and thumbnails move through every photo', async ({ page, fixtures }) => {
    const hotel = fixtures.properties.hotel;
    await page.goto(propertyUrl(hotel.id));
    await waitForHydration(page);
    const gallery = galleryOf(page, hotel.title);
    const counter = gallery.getByRole('status');
    const previous = gallery.getByRole('button', { name: 'Previous photo' });
    const next = gallery.getByRole('button', { name: 'Next photo' });
    const slide = (number: number) => page.locator(`#photo-${number}`);

    // Only the first photo is fetched at once (the page's LCP); the others wait their turn.
    await expect(slide(1).getByRole('img')).toHaveAttribute('fetchpriority', 'high');
    await expect(slide(2).getByRole('img')).toHaveAttribute('loading', 'lazy');
    await expect(slide(3).getByRole('img')).toHaveAttribute('loading', 'lazy');

    await expect(counter).toContainText('1 / 3');
    await expect(counter).toContainText('Photo 1 of 3');
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    // The title and price come first: bring the whole gallery on screen to read its slides.
    await gallery.scrollIntoViewIfNeeded();
    await expect(slide(1)).toBeInViewport({ ratio: 0.9 });

    await next.click();
    await expect(counter).toContainText('2 / 3');
    await expect(slide(2)).toBeInViewport({ ratio: 0.9 });
    await expect(slide(1)).not.toBeInViewport();

    // The strip itself takes the focus (Tab reaches it), and the arrow keys move it.
    const strip = gallery.getByRole('list').first();
    await strip.focus();
    await page.keyboard.press('ArrowRight');
    await expect(counter).toContainText('3 / 3');
    await expect(slide(3)).toBeInViewport({ ratio: 0.9 });
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    // The last photo goes no further.
    await page.keyboard.press('ArrowRight');
    await expect(counter).toContainText('3 / 3');

    // The arrows come next in the Tab order.
    await page.keyboard.press('Tab');
    await expect(previous).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(next).toBeFocused();

    const thumbnails = gallery.getByRole('list', { name: 'All photos' });
    await expect(thumbnails.getByRole('link')).toHaveCount(3);
    await thumbnails.getByRole('link', { name: 'Photo 1 of 3', exact: true }).click();
    await expect(counter).toContainText('1 / 3');
    await expect(slide(1)).toBeInViewport({ ratio: 0.9 });
    await expect(
      thumbnails.getByRole('link', { name: 'Photo 1 of 3', exact: true }),
    ).toHaveAttribute('aria-current', 'true');
    // The strip scrolled, not the page: no jump to the fragment.
    expect(new URL(page.url()).hash).toBe('');

    await thumbnails.getByRole('link', { name: 'Photo 2 of 3', exact: true }).click();
    await expect(counter).toContainText('2 / 3');
    await expect(slide(2)).toBeInViewport({ ratio: 0.9 });

    // A swipe scrolls the strip natively: the counter and the arrows follow it.
    await strip.evaluate((element) => element.scrollBy({ left: element.clientWidth }));
    await expect(counter).toContainText('3 / 3');
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await expect(
      thumbnails.getByRole('link', { name: 'Photo 3 of 3', exact: true }),
    ).toHaveAttribute('aria-current', 'true');

    // Stopped between two slides (snapping off), the counter names the one showing most.
    await strip.evaluate((element) => {
      element.style.scrollSnapType = 'none';
      const slideWidth = element.children[1]!.getBoundingClientRect().width;
      const secondStart = (element.children[1] as HTMLElement).offsetLeft;
      const firstStart = (element.children[0] as HTMLElement).offsetLeft;
      element.scrollTo({ left: secondStart - firstStart + 0.3 * slideWidth, behavior: 'instant' });
    });
    await expect(counter).toContainText('2 / 3');
  });

  test('a listing with one photo shows it alone', async ({ page, fixtures }) => {
    const house = fixtures.properties.kicukiro;
    await page.goto(propertyUrl(house.id));
    await waitForHydration(page);
    await expect(page.getByRole('img', { name: `Photo of ${house.title}` })).toBeVisible();
    await expect(galleryOf(page, house.title)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Next photo' })).toHaveCount(0);
  });

  test.describe('with JavaScript disabled', () => {
    test.use({ javaScriptEnabled: false });

    test('every photo is in the page and each thumbnail leads to its photo', async ({
      page,
      fixtures,
    }) => {
      const hotel = fixtures.properties.hotel;
      await page.goto(propertyUrl(hotel.id));
      const gallery = galleryOf(page, hotel.title);
      for (const number of [1, 2, 3]) {
        await expect(
          gallery.getByRole('img', {
            name: `Photo of ${hotel.title} (Photo ${number} of 3)`,
            exact: true,
          }),
        ).toBeAttached();
      }
      // No arrows or counter that could not work.
      await expect(gallery.getByRole('button')).toHaveCount(0);
      await expect(gallery.getByRole('status')).toHaveCount(0);

      const thumbnail = gallery
        .getByRole('list', { name: 'All photos' })
        .getByRole('link', { name: 'Photo 3 of 3', exact: true });
      await expect(thumbnail).toHaveAttribute('href', '#photo-3');
      await thumbnail.click();
      await expect(page).toHaveURL(/#photo-3$/);
      await expect(page.locator('#photo-3')).toBeInViewport({ ratio: 0.9 });
    });
  });
});
