/**
 * Platform settings, FAQs and maintenance mode, as the bootstrap admin.
 *
 * The footer and support details are site-wide and both projects share one server: only the
 * desktop project changes them (and puts them back), so the two never race. Maintenance mode
 * would turn away every other spec running in parallel, so its journey runs on a private server
 * (e2e/serve.ts on a free port, its own database) started for that test alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { SITE } from '#lib/site.ts';
import { E2E_ADMIN } from './known-accounts.ts';
import { expect, isPhone, test, waitForHydration } from './fixtures.ts';

const SETTINGS_URL = '/admin-panel/settings';

/** Signs the browser context in as the bootstrap admin (the session cookie stays in it). */
async function signInAdmin(context: BrowserContext, baseURL: string) {
  const response = await context.request.post(`${baseURL}/api/login`, {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status()).toBe(200);
}

/** A cookie-carrying write must say where it comes from. */
function adminWrite(request: APIRequestContext, baseURL: string, url: string, data: object) {
  return request.put(`${baseURL}${url}`, { data, headers: { origin: baseURL } });
}

async function openSettings(page: Page, baseURL: string) {
  await page.goto(`${baseURL}${SETTINGS_URL}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Platform Settings' })).toBeVisible();
  await waitForHydration(page);
}

const DEFAULT_PLATFORM = {
  contactEmail: SITE.email,
  logoURL: '',
  footerText: 'All rights reserved.',
  termsURL: '',
  privacyURL: '',
  maintenanceMode: false,
};
const DEFAULT_SUPPORT = {
  contactEmail: SITE.email,
  supportPhone: SITE.phone,
  userGuideURL: '',
  termsURL: '',
};

test('the admin saves a footer text and a support phone; the footer and contact page show them', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(isPhone(testInfo), 'Site-wide settings change in the desktop project only');
  const site = baseURL!;
  await signInAdmin(page.context(), site);
  try {
    await openSettings(page, site);
    const platform = page.getByRole('region', { name: 'Platform Configuration' });
    const footerText = `Inzu Ltd, Kigali ${randomUUID().slice(0, 8)}`;

    // A bad address is refused, named beside its field.
    await platform.getByLabel('Privacy URL', { exact: true }).fill('javascript:alert(1)');
    await platform.getByRole('button', { name: 'Save Settings' }).click();
    await expect(platform.getByRole('alert')).toHaveText('Failed to save settings.');
    await expect(
      platform.getByText('Enter an http(s) address or a path on this site, such as /terms', {
        exact: true,
      }),
    ).toBeVisible();

    await platform.getByLabel('Privacy URL', { exact: true }).fill('/privacy');
    await platform.getByLabel('Footer Text', { exact: true }).fill(footerText);
    await platform.getByRole('button', { name: 'Save Settings' }).click();
    const saved = platform.getByText('Settings saved successfully!');
    await expect(saved).toBeVisible();

    const support = page.getByRole('region', { name: 'Support/Help Center' });
    await support.getByLabel('Support Phone', { exact: true }).fill('0788 123 999');
    await support.getByRole('button', { name: 'Save Support Info' }).click();
    await expect(support.getByText('Support information updated successfully!')).toBeVisible();
    // Each panel's answer stays until that panel is sent again.
    await expect(saved).toBeVisible();

    // A visitor (another browser) sees them.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${site}/`);
    const footer = visitorPage.getByRole('contentinfo');
    await expect(footer).toContainText(footerText);
    await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await expect(footer.getByRole('link', { name: '0788 123 999' })).toHaveAttribute(
      'href',
      'tel:+250788123999',
    );
    await expect(footer.getByRole('link', { name: 'FAQ' })).toBeVisible();
    // The header's top bar (shown on wide screens) calls the same support number.
    await expect(
      visitorPage.getByRole('banner').getByRole('link', { name: '0788 123 999' }),
    ).toHaveAttribute('href', 'tel:+250788123999');
    await visitorPage.goto(`${site}/contact`);
    await expect(
      visitorPage.locator('#main').getByRole('link', { name: '0788 123 999' }),
    ).toBeVisible();
    await visitor.close();
  } finally {
    // Put the site back as the other specs know it.
    const request = page.context().request;
    expect((await adminWrite(request, site, '/api/settings', DEFAULT_PLATFORM)).status()).toBe(200);
    expect((await adminWrite(request, site, '/api/support', DEFAULT_SUPPORT)).status()).toBe(200);
  }
});

test('the admin adds a FAQ, a visitor reads it on /faq, the admin deletes it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const site = baseURL!;
  await signInAdmin(page.context(), site);
  await openSettings(page, site);
  const faqs = page.getByRole('region', { name: 'FAQs' });
  const question = `Can I rent for one month? (${testInfo.project.name} ${randomUUID().slice(0, 8)})`;
  const answer = 'Yes: many owners in Kigali rent furnished apartments month by month.';

  // Both fields are required.
  await faqs.getByRole('button', { name: 'Add FAQ' }).click();
  await expect(faqs.getByRole('alert')).toHaveText('Failed to add FAQ.');
  await expect(faqs.getByText('Question is required', { exact: true })).toBeVisible();

  await faqs.getByLabel('Question', { exact: true }).fill(question);
  await faqs.getByLabel('Answer', { exact: true }).fill(answer);
  await faqs.getByRole('button', { name: 'Add FAQ' }).click();
  await expect(faqs.getByText('FAQ added successfully!')).toBeVisible();
  await expect(faqs.getByLabel('Question', { exact: true })).toHaveValue('');
  await expect(faqs.getByText(question)).toBeVisible();

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${site}/faq`);
  await expect(
    visitorPage.getByRole('heading', { level: 1, name: 'Frequently asked questions' }),
  ).toBeVisible();
  await visitorPage.getByText(question).click();
  await expect(visitorPage.getByText(answer).first()).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await faqs.getByRole('button', { name: `Delete the FAQ: ${question}` }).click();
  await expect(faqs.getByText('FAQ deleted successfully!')).toBeVisible();
  await expect(faqs.getByText(question)).toHaveCount(0);
  await visitorPage.reload();
  await expect(visitorPage.getByText(question)).toHaveCount(0);
  await visitor.close();
});

/** A free TCP port on this machine. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** e2e/serve.ts on its own port and database, for a journey that must not touch the others. */
async function startPrivateServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inzu-e2e-maintenance-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/serve.ts'], {
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_FIXTURES: path.join(dir, 'fixtures.json'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`private server exited:\n${output}`);
    const ready = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  child.kill('SIGTERM');
  throw new Error(`private server did not start:\n${output}`);
}

test('maintenance mode turns visitors away (503) while the admin keeps browsing', async ({
  browser,
}, testInfo) => {
  test.skip(isPhone(testInfo), 'One private server is enough: the desktop project runs it');
  test.setTimeout(180_000);
  const { url, child } = await startPrivateServer();
  const adminContext = await browser.newContext();
  const visitor = await browser.newContext();
  try {
    await signInAdmin(adminContext, url);
    const page = await adminContext.newPage();
    await openSettings(page, url);
    const platform = page.getByRole('region', { name: 'Platform Configuration' });
    await platform.getByLabel('Maintenance Mode', { exact: true }).check();
    await platform.getByRole('button', { name: 'Save Settings' }).click();
    await expect(platform.getByText('Settings saved successfully!')).toBeVisible();

    const visitorPage = await visitor.newPage();
    const refused = await visitorPage.goto(`${url}/`);
    expect(refused?.status()).toBe(503);
    expect(refused?.headers()['retry-after']).toBe('300');
    await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText("We'll be back soon");
    await expect(visitorPage.getByText('All rights reserved.')).toBeVisible();
    const api = await visitor.request.get(`${url}/api/search?q=house`);
    expect(api.status()).toBe(503);
    // The way in for admins stays open.
    await visitorPage.getByRole('link', { name: 'Administrator login' }).click();
    await expect(visitorPage).toHaveURL(`${url}/login`);
    await expect(visitorPage.getByRole('button', { name: 'Login', exact: true })).toBeVisible();

    // The admin browses the site normally, with a notice.
    const home = await page.goto(`${url}/`);
    expect(home?.status()).toBe(200);
    await expect(page.getByText('Maintenance mode is on')).toBeVisible();

    await openSettings(page, url);
    await platform.getByLabel('Maintenance Mode', { exact: true }).uncheck();
    await platform.getByRole('button', { name: 'Save Settings' }).click();
    await expect(platform.getByText('Settings saved successfully!')).toBeVisible();
    expect((await visitorPage.goto(`${url}/`))?.status()).toBe(200);
    await expect(page.getByText('Maintenance mode is on')).toHaveCount(0);
  } finally {
    await adminContext.close();
    await visitor.close();
    child.kill('SIGTERM');
  }
});
