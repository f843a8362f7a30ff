import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import {
  assetUrl,
  expect,
  hasNoHorizontalScroll,
  openAccountMenu,
  propertyListUrl,
  propertyUrl,
  test,
  waitForHydration,
} from './fixtures.ts';

/** '95,000,000' for 95000000: how prices read on the page after 'RWF'. */
const grouped = (amount: number) => amount.toLocaleString('en-US');

/** The phone's fixed Call / WhatsApp / Share bar of a listing page. */
const contactBar = (page: Page) => page.locator('[data-contact-bar]');

/** How far `element` ends above the contact bar (negative: it ends under the bar). */
async function clearanceAboveBar(page: Page, element: Locator): Promise<number> {
  const box = await element.boundingBox();
  const bar = await contactBar(page).boundingBox();
  if (!box || !bar) throw new Error('no layout box');
  return bar.y - (box.y + box.height);
}

/** Texts cut short by their box: each element's scrollWidth beyond its clientWidth. */
async function clippedTexts(scope: Locator): Promise<string[]> {
  return scope.evaluateAll((elements) =>
    elements
      // Shown, and not a screen reader's text (a 1 px box, clipped on purpose).
      .filter((element) => element.checkVisibility() && element.clientWidth > 1)
      .filter((element) => element.scrollWidth > element.clientWidth)
      .map(
        (element) =>
          `${element.textContent?.trim()} (${element.scrollWidth}>${element.clientWidth})`,
      ),
  );
}

/** A new account, signed in in this page's context (the session cookie stays there). */
async function signUp(page: Page, baseURL: string | undefined, name: string) {
  const email = `layout-${randomUUID().slice(0, 8)}@e2e.inzu.rw`;
  const password = 'a-long-enough-password';
  const response = await page.context().request.post('/api/signup', {
    headers: { origin: new URL(baseURL!).origin },
    data: { username: name, email, role: 'buyer', password, confirmPassword: password },
  });
  expect(response.status()).toBe(201);
  return email;
}

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

test.describe('on a 360 px phone, the Call / WhatsApp bar covers nothing', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone layout only');
  test.use({ viewport: { width: 360, height: 640 } });

  test('the first screen shows the price above the bar, even with a gallery of photos', async ({
    page,
    fixtures,
  }) => {
    for (const property of [fixtures.properties.hotel, fixtures.properties.kicukiro]) {
      await page.goto(propertyUrl(property.id));
      const price = page
        .locator('#main header')
        .getByText(new RegExp(`^RWF ${grouped(property.price)}`));
      await expect(price).toBeInViewport();
      expect(await clearanceAboveBar(page, price), property.title).toBeGreaterThanOrEqual(0);
      // Call and WhatsApp keep their whole labels; Share shows its icon.
      expect(await clippedTexts(contactBar(page).locator('a, summary'))).toEqual([]);
    }
  });

  test('the page’s last line ends above the bar, and no chat button floats over it', async ({
    page,
    fixtures,
  }) => {
    await page.goto(propertyUrl(fixtures.properties.kicukiro.id));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLine = page.getByRole('contentinfo').locator('p').last();
    await expect(lastLine).toBeInViewport();
    expect(await clearanceAboveBar(page, lastLine)).toBeGreaterThanOrEqual(0);
    // The company's WhatsApp shortcut is a line of the footer here, not a floating button.
    const chat = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
    await expect(chat).toHaveCSS('position', 'static');
  });

  test('after Send Request the answer shows above the bar and has the focus', async ({
    page,
    fixtures,
  }) => {
    await page.goto(propertyUrl(fixtures.properties.nyarutarama.id));
    await waitForHydration(page);
    const form = page.getByRole('region', { name: 'Request Information' });

    // Sent empty: the list of what to fix takes the focus, clear of the bar.
    const send = form.getByRole('button', { name: 'Send Request' });
    await send.click();
    const summary = form.getByRole('group', { name: 'Please fix the following:' });
    await expect(summary).toBeFocused();
    await expect(summary).toBeInViewport();
    expect(await clearanceAboveBar(page, summary)).toBeGreaterThanOrEqual(0);

    await form.getByLabel('Name', { exact: true }).fill('Eric Mugisha');
    await form.getByLabel('Email', { exact: true }).fill(`layout-${randomUUID()}@e2e.inzu.rw`);
    await form.getByLabel('Phone', { exact: true }).fill('0788765432');
    // A rental: the visitor rents (the stored value stays "buyer").
    await form.getByLabel('Role').selectOption({ label: 'Renting' });
    await form.getByLabel('Message', { exact: true }).fill('Is it free from March?');
    // The visitor presses the button where a thumb finds it: just above the bar, so the answer
    // (under the button) would open under the bar if nothing brought it up.
    await send.evaluate((button) => {
      const bar = document.querySelector('[data-contact-bar]')!.getBoundingClientRect();
      window.scrollBy(0, button.getBoundingClientRect().bottom - bar.top + 4);
    });
    await send.click();
    const answer = form.getByRole('status').filter({
      hasText: 'Request information submitted successfully!',
    });
    await expect(answer).toBeFocused();
    await expect(answer).toBeInViewport({ ratio: 1 });
    expect(await clearanceAboveBar(page, answer)).toBeGreaterThanOrEqual(0);
  });
});

test.describe('the header, signed in', () => {
  test('takes one line on a phone, with the account behind its initial and no e-mail', async ({
    page,
    baseURL,
  }) => {
    test.skip(!page.viewportSize() || page.viewportSize()!.width >= 768, 'phone layout only');
    const name = 'Aline Mukamana';
    const email = await signUp(page, baseURL, name);
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto('/');
      const banner = page.getByRole('banner');
      const height = (await banner.boundingBox())!.height;
      expect(height, `${width} px`).toBeLessThanOrEqual(72);
      await expect(banner.getByText(email).filter({ visible: true })).toHaveCount(0);
      expect(await clippedTexts(banner.locator('a, summary, span'))).toEqual([]);
      expect(await hasNoHorizontalScroll(page)).toBe(true);
    }
    // The spec's strip is one tap away: welcome, name, e-mail, role and Logout.
    const strip = await openAccountMenu(page, name);
    await expect(strip).toContainText(`Welcome, ${name}`);
    await expect(strip.getByText(email)).toBeVisible();
    await expect(strip).toContainText('Buyer');
    await expect(strip.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('keeps the phone number and the languages on one line at 1366 px, in every language', async ({
    page,
    baseURL,
  }) => {
    test.skip(page.viewportSize()!.width < 1024, 'wide screens only');
    await signUp(page, baseURL, 'Aline Mukamana');
    await page.setViewportSize({ width: 1366, height: 800 });
    for (const prefix of ['', '/fr', '/rw']) {
      await page.goto(`${prefix}/`);
      // One line each: as high as one line of their text, not two.
      const phone = page.getByRole('banner').locator('a[href^="tel:"]');
      expect((await phone.boundingBox())!.height).toBeLessThanOrEqual(24);
      for (const language of ['Kinyarwanda', 'English', 'Français']) {
        const box = await page
          .getByRole('banner')
          .getByRole('link', { name: language })
          .boundingBox();
        expect(box!.height, `${prefix} ${language}`).toBeLessThanOrEqual(32);
      }
      expect(await clippedTexts(page.getByRole('banner').locator('a, summary, span'))).toEqual([]);
    }
  });

  test('a listing’s WhatsApp and Share labels are whole at 1366 px', async ({ page, fixtures }) => {
    test.skip(page.viewportSize()!.width < 1024, 'wide screens only');
    await page.setViewportSize({ width: 1366, height: 800 });
    for (const prefix of ['', '/fr', '/rw']) {
      await page.goto(`${prefix}${propertyUrl(fixtures.properties.kicukiro.id)}`);
      const bar = contactBar(page);
      await expect(bar.locator('a').first()).toBeVisible();
      expect(await clippedTexts(bar.locator('a, summary')), prefix).toEqual([]);
      // Wide enough to float in the margin: the chat button covers none of the page.
      const chat = page.locator('.company-chat');
      const chatBox = (await chat.boundingBox())!;
      const mainBox = (await page.locator('#main > div').first().boundingBox())!;
      expect(chatBox.x).toBeGreaterThanOrEqual(mainBox.x + mainBox.width);
    }
  });
});
