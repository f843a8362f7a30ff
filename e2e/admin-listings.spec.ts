import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from './known-accounts.ts';
import { cardTitle, expect, propertyUrl, test, waitForHydration } from './fixtures.ts';

const STAT_LABELS = {
  totalProperties: 'Total Properties',
  totalAssets: 'Total Assets',
  activeRentals: 'Active Rentals',
  registeredUsers: 'Registered Users',
  requestedProperties: 'Requested Properties',
  suppliedProperties: 'Supplied Properties',
  pendingApprovals: 'Pending Approvals',
  inquiriesLast7Days: 'Inquiries, last 7 days',
  matchesLast7Days: 'Matches sent, last 7 days',
  revenueLast30Days: 'Revenue, last 30 days (RWF)',
} as const;

/** Signs the page's browser context in as the bootstrap admin; answers a Bearer header too. */
async function signInAsAdmin(page: Page) {
  const response = await page.context().request.post('/api/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** A real PNG written to a temporary file, as a photo picked from disk. */
async function pngFile(): Promise<string> {
  const file = path.join(os.tmpdir(), `admin-listing-${randomUUID()}.png`);
  await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 90, b: 40 } },
  })
    .png()
    .toFile(file);
  return file;
}

test('the dashboard counts are those of GET /api/dashboard-stats', async ({ page }) => {
  await signInAsAdmin(page);
  // Other journeys change the catalogue meanwhile: compare when the counts held still.
  await expect(async () => {
    const before = await (await page.context().request.get('/api/dashboard-stats')).json();
    await page.goto('/admin-panel');
    const shown: Record<string, number> = {};
    for (const [name, label] of Object.entries(STAT_LABELS)) {
      const card = page.locator('dl > div').filter({
        has: page.locator('dt', {
          hasText: new RegExp(`^${label.replace(/[()]/g, (bracket) => `\\${bracket}`)}$`),
        }),
      });
      // The count; a second <dd> says what it holds.
      shown[name] = Number((await card.locator('dd').first().innerText()).replaceAll(',', ''));
    }
    const after = await (await page.context().request.get('/api/dashboard-stats')).json();
    expect(after).toEqual(before);
    // The cards' counts; the SMS sent per day are a table of their own.
    const counts = Object.fromEntries(Object.keys(STAT_LABELS).map((name) => [name, before[name]]));
    expect(shown).toEqual(counts);
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: `Welcome, ${E2E_ADMIN.name}!` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  const quick = page.getByRole('region', { name: 'Quick Actions' });
  for (const link of ['Create New Property', 'Requested Properties', 'Supplied Properties']) {
    await expect(quick.getByRole('link', { name: link })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'All Properties' })).toBeVisible();
  // Each card says its offer and its review apart: never "Status: Pending" beside "Status: Rent".
  const cards = page
    .getByRole('region', { name: 'All Properties' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) {
    await expect(card).toContainText(/Status: (Rent|Sale)/);
    await expect(card).toContainText(/Review status: (Pending|Approved|Rejected)/);
  }
  await expect(page.getByRole('navigation', { name: 'Pages' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
});

test('an admin creates a property with a photo, sees it published, edits it and deletes it', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin-panel');
  await page
    .getByRole('region', { name: 'Quick Actions' })
    .getByRole('link', { name: 'Create New Property' })
    .click();
  await expect(page).toHaveURL('/admin-panel/create-new-property');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Property' })).toBeVisible();
  await waitForHydration(page);

  // The spec's defaults.
  await expect(page.getByLabel('Bedrooms', { exact: true })).toHaveValue('1');
  await expect(page.getByLabel('Bathrooms', { exact: true })).toHaveValue('1');
  await expect(page.getByLabel('Toilets', { exact: true })).toHaveValue('1');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('Rent');
  await expect(page.getByLabel('Type', { exact: true })).toHaveValue('House');

  // A missing field is named beside it.
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.locator('#field-title-error')).toHaveText('Title is required');

  const title = `Admin villa ${randomUUID().slice(0, 8)}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('District').selectOption('Nyarugenge');
  await page.getByLabel('Sector').selectOption('Nyarugenge');
  await page.getByLabel('Street, building or landmark (optional)').fill('Kiyovu, Kigali');
  await page.getByLabel('Area (e.g. 120sqm)', { exact: true }).fill('250sqm');
  await page.getByLabel('Price (RWF)', { exact: true }).fill('2500000');
  await page.getByLabel('Bedrooms', { exact: true }).fill('4');
  await page.getByRole('textbox', { name: 'Owner', exact: true }).fill('Inzu Estates');
  await page.getByLabel('Contact', { exact: true }).fill('0788000222');
  await page
    .getByLabel('Description', { exact: true })
    .fill('A quiet villa near the city centre with a garden and parking for two cars.');
  await page.getByRole('textbox', { name: 'Features' }).fill('Garden');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const photo = await pngFile();
  await page.getByLabel('Photos', { exact: true }).setInputFiles(photo);
  await page.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(page.getByText('Property created successfully!')).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
  fs.rmSync(photo, { force: true });

  await page.goto('/');
  await expect(cardTitle(page, title)).toBeVisible();

  // Edit from the manage table: the form is filled in, the photo kept.
  await page.goto('/admin-panel/properties');
  await page.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Update Property' })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('Bedrooms', { exact: true })).toHaveValue('4');
  await expect(page.getByRole('list', { name: 'Current photos' }).getByRole('img')).toHaveCount(1);
  const newTitle = `${title} renewed`;
  await page.getByLabel('Title', { exact: true }).fill(newTitle);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Property updated successfully!')).toBeVisible();
  const propertyId = page.url().split('/').at(-1)!;

  await page.goto(propertyUrl(propertyId));
  await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
  await expect(page.locator('main img[srcset*=".webp"]').first()).toBeVisible();

  // Delete from the dashboard card, after the confirmation.
  await page.goto('/admin-panel');
  await waitForHydration(page);
  const card = page.getByRole('listitem').filter({ hasText: newTitle });
  await expect(card).toContainText('Price:Rwf 2,500,000');
  await expect(card).toContainText('...');
  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await card.getByRole('button', { name: `Delete ${newTitle}` }).click();
  await expect(page.getByText('Property deleted.')).toBeVisible();
  expect(question).toBe('Are you sure you want to delete this property?');
  await expect(card).toHaveCount(0);

  const gone = await page.context().request.get(`/api/get-property/${propertyId}`);
  expect(gone.status()).toBe(404);
  await page.goto('/');
  await expect(cardTitle(page, newTitle)).toHaveCount(0);
});

test('an admin approves a pending property from the manage table', async ({ page }) => {
  const bearer = await signInAsAdmin(page);
  const title = `Pending flat ${randomUUID().slice(0, 8)}`;
  const created = await page.context().request.post('/api/create-property', {
    headers: bearer,
    data: {
      title,
      type: 'Apartment',
      status: 'Pending',
      location: 'Musanze',
      area: '90',
      bedrooms: 2,
      bathrooms: 1,
      toilets: 1,
      price: 300000,
      owner: 'Inzu Estates',
      contact: '0788000333',
      description: 'A two-bedroom flat near the volcanoes.',
    },
  });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { _id: string } };
  expect((await page.context().request.get(`/api/get-property/${data._id}`)).status()).toBe(404);

  await page.goto('/admin-panel/properties');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Properties' })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel('Location', { exact: true }).selectOption('Musanze');
  await page.getByLabel('Type', { exact: true }).selectOption('Apartment');
  await page.getByLabel('Status', { exact: true }).selectOption('Pending');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/location=Musanze&type=Apartment&status=Pending/);

  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: `Approve ${title}` }).click();
  await expect(page.getByText('Property approved.')).toBeVisible();
  // Approved rows leave the Pending filter; unfiltered, the row shows Approved, no Approve.
  await expect(row).toHaveCount(0);
  await page.goto('/admin-panel/properties?status=Approved&location=Musanze');
  const approvedRow = page.getByRole('row').filter({ hasText: title });
  await expect(approvedRow).toContainText('Approved');
  await expect(approvedRow.getByRole('button', { name: `Approve ${title}` })).toHaveCount(0);
  expect((await page.context().request.get(`/api/get-property/${data._id}`)).status()).toBe(200);
});

test('an admin creates a car with its kind fields, then deletes it from Manage Assets', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin-panel/create-new-asset');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Asset' })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByLabel('Size', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Transmission', { exact: true })).toBeHidden();
  await page.getByLabel('Type', { exact: true }).selectOption('Car');
  await expect(page.getByLabel('Transmission', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Size', { exact: true })).toBeHidden();

  const name = `Admin pickup ${randomUUID().slice(0, 8)}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Status', { exact: true }).selectOption('Sale');
  await page.getByLabel('Price (RWF)', { exact: true }).fill('18000000');
  await page.getByLabel('District').selectOption('Gasabo');
  await page.getByLabel('Sector').selectOption('Remera');
  await page.getByLabel('Street, building or landmark (optional)').fill('Remera, Kigali');
  await page.getByRole('textbox', { name: 'Owner', exact: true }).fill('Inzu Motors');
  await page.getByLabel('Contact', { exact: true }).fill('0788000444');
  await page.getByLabel('Transmission', { exact: true }).fill('Manual');
  await page.getByLabel('Certified', { exact: true }).check();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Asset created successfully!')).toBeVisible();

  await page.goto('/admin-panel/assets?location=Kigali&type=Car');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Assets' })).toBeVisible();
  await waitForHydration(page);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Approved');
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Update Asset' })).toBeVisible();
  await expect(page.getByLabel('Transmission', { exact: true })).toHaveValue('Manual');
  await expect(page.getByLabel('Certified', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('Sale');
  const assetId = page.url().split('/').at(-1)!;
  expect((await page.context().request.get(`/api/property-asset/${assetId}`)).status()).toBe(200);

  await page.goto('/admin-panel/assets?location=Kigali&type=Car');
  await waitForHydration(page);
  page.once('dialog', (dialog) => void dialog.accept());
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await expect(page.getByText('Asset deleted.')).toBeVisible();
  expect((await page.context().request.get(`/api/property-asset/${assetId}`)).status()).toBe(404);
});
