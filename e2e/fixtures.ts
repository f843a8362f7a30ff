/**
 * The end-to-end `test`: Playwright's, plus the known catalogue that e2e/serve.ts put in the
 * database, typed URLs and a few page helpers shared by the specs.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import type { ReceivedMail } from '#test/smtp-server.ts';

export type ListingFixture = {
  id: string;
  title: string;
  type: string;
  location: string;
  price: number;
  features: string[];
  hasPhoto: boolean;
};

/** What e2e/serve.ts seeded, written to the file named by E2E_FIXTURES. */
export type E2EFixtures = {
  seller: { id: string; name: string };
  properties: {
    /** Newest published property: a house in Kicukiro with features and a photo. */
    kicukiro: ListingFixture;
    /** An apartment in Nyarutarama without features. */
    nyarutarama: ListingFixture;
    hotel: ListingFixture;
    /** Every published property, newest first. */
    all: ListingFixture[];
  };
  assets: {
    land: ListingFixture;
    car: ListingFixture;
    motorcycle: ListingFixture;
    other: ListingFixture;
    clothes: ListingFixture;
  };
  /** Listings awaiting moderation: they must never show anywhere public. */
  pending: { property: ListingFixture; asset: ListingFixture };
  /** Each project's listing of a seller with a phone number (E2E_PHONE_SELLERS). */
  phoneSellerListings: { phone: string; desktop: string };
};

/** Where serve.ts writes the fixtures and where the tests read them. */
const fixturesFile = path.resolve(
  process.env.E2E_FIXTURES ?? path.join('test-results', 'e2e-fixtures.json'),
);

/** Where e2e/serve.ts's SMTP server writes every e-mail it receives, one JSON line each. */
export const mailboxFile = path.join(path.dirname(fixturesFile), 'e2e-mailbox.jsonl');

/** A quoted-printable message as it reads: soft line breaks joined, =XX bytes decoded. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r\n/g, '');
  return decodeURIComponent(joined.replace(/%/g, '%25').replace(/=([0-9A-F]{2})/g, '%$1'));
}

/** The e-mails delivered to an address so far: the raw message and its decoded text. */
export function mailsTo(address: string): (ReceivedMail & { text: string })[] {
  if (!fs.existsSync(mailboxFile)) return [];
  const text = fs.readFileSync(mailboxFile, 'utf8');
  // A mail the server is still appending has no newline yet: it is read on the next look.
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail)
    .filter((mail) => mail.to.includes(address))
    .map((mail) => ({ ...mail, text: decodeQuotedPrintable(mail.raw) }));
}

/** An id no listing has (valid UUID, so the page answers "not found", not "bad id"). */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export const propertyUrl = (id: string) => `/property/${id}`;
export const assetUrl = (id: string) => `/asset/${id}`;
export const detailsUrl = (id: string) => `/details/${id}`;
export const propertyListUrl = (type: 'House' | 'Hotel' | 'Apartment') =>
  `/get-properties/type/${type}`;
export function isPhone(testInfo: TestInfo): boolean {
  return testInfo.project.name.startsWith('phone');
}

/**
 * Resolves once React has hydrated the page, so typing and form posts go through the app and
 * not the browser's own form submission. React marks each hydrated element with its fiber.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('#main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
  });
}

/** True when nothing sticks out sideways: the page never scrolls horizontally. */
export async function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/**
 * Opens the menu that holds the 'Our Property' entries (the mobile menu on a phone, the
 * dropdown on a desktop) and answers the visible main navigation.
 */
export async function openOurPropertyMenu(page: Page, testInfo: TestInfo): Promise<Locator> {
  if (isPhone(testInfo)) {
    await page.getByLabel('Menu', { exact: true }).click();
  } else {
    await page.locator('summary', { hasText: 'Our Property' }).click();
  }
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/**
 * Opens the signed-in account's menu (the top bar's on a wide screen, the initial's on a phone)
 * and answers its panel: the spec's logged-in strip, with Logout and the account's pages.
 */
export async function openAccountMenu(page: Page, name: string): Promise<Locator> {
  await page.getByRole('banner').locator('summary:visible', { hasText: name }).click();
  return page.getByRole('region', { name: 'Signed-in account' });
}

/** A listing card's title on a grid (the card's h3). */
export function cardTitle(page: Page, title: string): Locator {
  return page.getByRole('heading', { level: 3, name: title, exact: true });
}

/** A card's 'View Details' link, named after its listing for screen readers. */
export function viewDetailsLink(page: Page, title: string): Locator {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('link', { name: new RegExp(`^View Details\\s*:\\s*${escaped}$`) });
}

/** Browser messages that point at a real problem: uncaught errors, CSP or hydration errors. */
function isUnexpectedConsoleError(text: string, url: string): boolean {
  // Expected 4xx answers (a 404 page, a 400 from a rejected form) are logged by the browser too;
  // a missing image, script or stylesheet is not expected.
  if (text.startsWith('Failed to load resource')) {
    const { pathname } = new URL(url);
    return pathname.startsWith('/media/') || pathname.startsWith('/assets/');
  }
  return true;
}

export const test = base.extend<object, { fixtures: E2EFixtures }>({
  fixtures: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      if (!fs.existsSync(fixturesFile)) {
        throw new Error(`No e2e fixtures at ${fixturesFile}: is e2e/serve.ts running?`);
      }
      await provide(JSON.parse(fs.readFileSync(fixturesFile, 'utf8')) as E2EFixtures);
    },
    { scope: 'worker' },
  ],
  /** The page, failing the test if the browser logged an error (uncaught, CSP, hydration...). */
  page: async ({ page }, provide) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const url = message.location().url || page.url();
      if (isUnexpectedConsoleError(message.text(), url)) {
        problems.push(`console.error: ${message.text()} (${url})`);
      }
    });
    await provide(page);
    expect(problems, 'the browser logged errors').toEqual([]);
  },
});

export { expect };

/**
 * A seller of its own (the fixture seller's listings are counted by other journeys) signs up
 * and supplies `listing` (the supply form's fields, as the API takes them): its id, pending.
 * The sign-up says it comes from the site (`origin`), as the context may hold a session cookie.
 */
export async function supplyAsNewSeller(
  request: APIRequestContext,
  origin: string,
  listing: Record<string, string>,
): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const password = 'a-long-enough-password';
  const signup = await request.post('/api/signup', {
    headers: { origin },
    data: {
      username: `Seller ${tag}`,
      email: `seller-${tag}@e2e.inzu.rw`,
      role: 'seller',
      password,
      confirmPassword: password,
    },
  });
  expect(signup.status()).toBe(201);
  const supplied = await request.post('/api/supply-property', {
    headers: { authorization: `Bearer ${(await signup.json()).token}` },
    data: listing,
  });
  expect(supplied.status()).toBe(201);
  return (await supplied.json()).data._id as string;
}
