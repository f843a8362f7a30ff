/**
 * The site as an installable app that works on a weak connection (decision 021): Chromium's
 * own installability check passes in each language, a saved listing never opened opens offline,
 * a page neither opened nor saved shows the offline page in its language, and a form posted
 * offline keeps what was typed and says it was not sent. No sleeps: each step waits for the
 * service worker or its caches to say they are ready.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#test/chromium.ts';
import { assetUrl, expect, propertyUrl, test, waitForHydration } from './fixtures.ts';

// The journeys of the installed app need its service worker (the others run without it).
test.use({ serviceWorkers: 'allow' });

/** Once the service worker runs this page: every request of it goes through the worker. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('the app installs from an English and a Kinyarwanda page, and opens in that language', async ({
  baseURL,
}) => {
  // Chromium refuses to install from an incognito profile, which every test context is.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    for (const [address, startUrl] of [
      ['/', '/?source=app'],
      ['/rw/', '/rw?source=app'],
    ] as const) {
      await page.goto(address);
      await waitForServiceWorker(page);
      // What Chrome itself checks before it offers to install (Lighthouse 12 has no PWA audit).
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors, address).toEqual([]);
      const { url, data, errors } = await cdp.send('Page.getAppManifest');
      expect(errors, address).toEqual([]);
      expect(new URL(url).pathname).toBe(`${address === '/' ? '' : '/rw'}/manifest.webmanifest`);
      const manifest = JSON.parse(data ?? '{}') as { start_url: string; lang: string };
      expect(manifest.start_url).toBe(startUrl);
      expect(manifest.lang).toBe(address === '/' ? 'en' : 'rw');
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('a saved listing never opened opens offline; another page shows the offline page', async ({
  page,
  context,
  baseURL,
  fixtures,
}) => {
  const tag = Math.random().toString(36).slice(2, 10);
  const buyer = { email: `offline-${tag}@e2e.inzu.rw`, password: 'a-long-enough-password' };
  const signup = await context.request.post('/api/signup', {
    data: { ...buyer, username: `Offline ${tag}`, role: 'buyer', confirmPassword: buyer.password },
  });
  expect(signup.status()).toBe(201);
  // Signing in through the API gives the browser its session cookie too.
  const login = await context.request.post('/api/login', {
    headers: { origin: baseURL ?? '' },
    data: buyer,
  });
  expect(login.status()).toBe(200);
  const saved = fixtures.properties.nyarutarama;
  const { token } = (await login.json()) as { token: string };
  const save = await context.request.post('/api/favourites', {
    headers: { authorization: `Bearer ${token}` },
    data: { listingId: saved.id },
  });
  expect(save.status()).toBe(201);

  await page.goto('/rw');
  await waitForServiceWorker(page);
  await page.goto('/rw/favourites');
  await expect(page.getByRole('link', { name: saved.title })).toBeVisible();
  // The page asks the worker to keep the listing; it says so once the worker has it.
  const listing = `${baseURL}/rw${propertyUrl(saved.id)}`;
  await page.waitForFunction((url) => caches.match(url).then(Boolean), listing);
  await expect(page.getByRole('status')).toHaveText(
    'Amatangazo wabitse ari kuri iyi telefoni: ushobora kuyasoma nta interineti.',
  );

  await context.setOffline(true);
  await page.goto(`/rw${propertyUrl(saved.id)}`);
  await expect(page.getByRole('heading', { level: 1, name: saved.title })).toBeVisible();

  // Neither opened nor saved: the offline page, in Kinyarwanda, with the way back to it.
  await page.goto(`/rw${assetUrl(fixtures.assets.car.id)}`);
  await expect(page).toHaveURL(/\/rw\/offline\?next=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nta interineti ufite');
  await expect(page.getByRole('link', { name: 'Fungura amatangazo wabitse' })).toHaveAttribute(
    'href',
    '/rw/favourites',
  );
  // The saved listings are one tap away, offline too.
  await page.getByRole('link', { name: 'Fungura amatangazo wabitse' }).click();
  await expect(page.getByRole('link', { name: saved.title })).toBeVisible();
  await context.setOffline(false);
});

const NOT_SENT =
  'You are offline. Nothing was sent; what you typed is still here. Send it again when you are back online.';

test('a form posted offline says it was not sent and keeps what was typed', async ({
  page,
  context,
}) => {
  await page.goto('/contact');
  await waitForServiceWorker(page);
  await waitForHydration(page);
  const message = page.locator('main textarea[name="message"]');
  const send = page.locator('main form button[type="submit"]');

  // The browser knows it is offline: the form does not post.
  await page.locator('main input[name="username"]').fill('Aline Uwase');
  await message.fill('Is the house in Kicukiro still free?');
  await context.setOffline(true);
  await send.click();
  await expect(page.getByText(NOT_SENT)).toBeVisible();
  await expect(message).toHaveValue('Is the house in Kicukiro still free?');

  // The browser thinks it is online but the post cannot leave: the service worker answers.
  await page.evaluate(() =>
    Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true, configurable: true }),
  );
  await message.fill('Is the house in Kicukiro still free? I can visit on Saturday.');
  await send.click();
  await expect(page.getByText(NOT_SENT)).toBeVisible();
  await expect(message).toHaveValue(
    'Is the house in Kicukiro still free? I can visit on Saturday.',
  );
  await expect(page.locator('main input[name="username"]')).toHaveValue('Aline Uwase');
  await context.setOffline(false);
});
