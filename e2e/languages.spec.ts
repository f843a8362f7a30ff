import { randomUUID } from 'node:crypto';
import { frAdmin } from '#lib/messages/fr.admin.ts';
import { frPages } from '#lib/messages/fr.pages.ts';
import { fr as frFrame } from '#lib/messages/fr.ts';
import { rwPages } from '#lib/messages/rw.pages.ts';
import { rw as rwFrame } from '#lib/messages/rw.ts';
import { expect, isPhone, mailsTo, propertyUrl, test, waitForHydration } from './fixtures.ts';

const fr = { ...frFrame, ...frPages };
const rw = { ...rwFrame, ...rwPages };

test('a visitor switches a listing to French, stays in French, asks the owner and searches', async ({
  page,
  fixtures,
}, testInfo) => {
  const house = fixtures.properties.kicukiro;
  await page.goto(propertyUrl(house.id));
  // The switcher sits in the header, and in the menu on a phone.
  if (isPhone(testInfo)) await page.getByLabel('Menu', { exact: true }).click();
  await page.getByRole('link', { name: 'Français' }).filter({ visible: true }).click();

  // The same listing, in French, and the choice sticks to the next pages.
  await expect(page).toHaveURL(`/fr/property/${house.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(house.title);
  const form = page.getByRole('region', { name: fr['inquiry.title'] });
  await expect(form).toBeVisible();

  // Its inquiry is answered in French, and so is the e-mail that confirms it.
  await waitForHydration(page);
  const email = `visiteur-${randomUUID().slice(0, 8)}@e2e.inzu.rw`;
  await form.getByLabel(fr['inquiry.name'], { exact: true }).fill('Aimée');
  await form.getByLabel(fr['inquiry.email'], { exact: true }).fill(email);
  await form.getByLabel(fr['inquiry.phone'], { exact: true }).fill('0788765432');
  await form.getByLabel(fr['inquiry.role'], { exact: true }).selectOption('buyer');
  await form.getByLabel(fr['inquiry.message'], { exact: true }).fill('Est-elle libre en mars ?');
  await form.getByRole('button', { name: fr['inquiry.submit'] }).click();
  await expect(form.getByText(fr['inquiry.success'])).toBeVisible();
  await expect.poll(() => mailsTo(email).length, { timeout: 15_000 }).toBe(1);
  const [confirmation] = mailsTo(email);
  // The e-mail's own words, in French: the template's longest fixed part.
  const [frenchPart] = frAdmin['inquiries.confirmMailBody']
    .split(/\{\w+\}|\n/)
    .map((part) => part.trim())
    .sort((a, b) => b.length - a.length);
  expect(confirmation!.text).toContain(frenchPart);
  // It goes to an address nobody has proven, so it repeats nothing the visitor typed.
  expect(confirmation!.text).not.toContain('Est-elle libre en mars ?');
  expect(confirmation!.text).not.toContain('Aimée');

  // Links lead on in French: the breadcrumb's home, then a search there.
  await page.getByRole('link', { name: fr['nav.home'] }).first().click();
  await expect(page).toHaveURL('/fr');
  await waitForHydration(page);
  await page.getByRole('searchbox', { name: fr['home.searchLabel'] }).pressSequentially('kicu');
  await expect(page.getByText(fr['home.resultsFor'].replace('{query}', 'kicu'))).toBeVisible();
  await expect(page).toHaveURL('/fr?q=kicu');
});

test('a first visit to / goes to the browser’s language once; English, once chosen, stays', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'rw-RW' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL('/rw');
  await expect(page.locator('html')).toHaveAttribute('lang', 'rw');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(rw['home.hero']);

  // Choosing English is remembered: / stays English from then on.
  await page.goto('/language?to=en&next=/');
  await expect(page).toHaveURL('/');
  await page.goto('/');
  await expect(page).toHaveURL('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

test('someone registers in Kinyarwanda and lands on their page in Kinyarwanda', async ({
  page,
}) => {
  const email = `umuguzi-${randomUUID().slice(0, 8)}@e2e.inzu.rw`;
  await page.goto('/rw/register');
  await waitForHydration(page);
  await page.getByLabel(rw['account.username']).fill('Uwase Aline');
  await page.getByLabel(rw['account.email'], { exact: true }).fill(email);
  await page.getByRole('radio', { name: rw['register.role.buyer'] }).check();
  await page.getByLabel(rw['account.password'], { exact: true }).fill('a-long-enough-password');
  await page.getByLabel(rw['account.confirmPassword']).fill('a-long-enough-password');
  await page.getByRole('main').getByRole('button', { name: rw['register.submit'] }).click();

  // A buyer lands on the buyers' requests, still in Kinyarwanda, with their role in it.
  await expect(page).toHaveURL('/rw/property-requested', { timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'rw');
  await waitForHydration(page);
  await page.getByRole('banner').locator('summary:visible', { hasText: 'Uwase Aline' }).click();
  const strip = page.getByRole('region', { name: rw['strip.account'] });
  await expect(strip).toContainText(rw['role.buyer']);
  await expect(strip).toContainText(rw['strip.welcome']);
});
