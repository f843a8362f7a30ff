/**
 * A page in Kinyarwanda or French keeps its language in what it sends on:
 * - every form posts (or asks) to an address of that language, so that the answer, its errors
 *   and what it saves keep the language, with or without JavaScript. Each page of app/routes.ts
 *   is rendered whole, through the server, as a visitor who sees its forms; a page added to the
 *   site without being visited here fails the first test;
 * - a listing shared or sent on WhatsApp from it opens in that language, with a text in it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, payments, properties } from '#db/schema.ts';
import { createAsset, createProperty, createPropertyRequest } from '#seed/factories.ts';
import { formatRwf } from '#lib/format.ts';
import { t } from '#lib/i18n.all.ts';
import { localePath, type Locale } from '#lib/i18n.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { LANDING_TYPES } from '#lib/landing.ts';
import { REPORT_REASONS } from '#lib/listing.ts';
import { SignupInputSchema } from '#modules/accounts/accounts.schema.ts';
import { InquiryInputSchema } from '#modules/inquiries/inquiries.schema.ts';
import { ReportInputSchema } from '#modules/listing-reports/listing-reports.schema.ts';
import { NotificationInputSchema } from '#modules/notifications/notifications.schema.ts';
import { SavedSearchInputSchema } from '#modules/saved-searches/saved-searches.schema.ts';
import { createSigner } from '#modules/signing/signing.service.ts';
import { TicketListQuerySchema } from '#modules/support/support.schema.ts';
import {
  browserHeaders,
  createSignedInUser,
  createTestApp,
  type TestApp,
} from '#server/testing.ts';
import { loadAppPages } from '#test/app-pages.ts';
import routes from './routes.ts';

type Visitor = 'visitor' | 'buyer' | 'seller' | 'admin' | 'newcomer';

/** One page to read: its English address, who reads it, and what it answers. */
type Visit = {
  path: string;
  as?: Visitor;
  /** 200 unless said otherwise: a page that only redirects, or one that is not found. */
  status?: number;
  /** Whether the page's own content (its `<main>`) holds at least one form for this visitor. */
  hasForm?: boolean;
};

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** The address pattern of every page under the language layout ('' is the home page). */
function pagePatterns(entries: RouteEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : [parent, entry.path ?? ''].filter(Boolean).join('/');
    const children = entry.children ?? [];
    return children.length > 0 ? pagePatterns(children, own) : [own];
  });
}

const LANGUAGE_LAYOUT = ':lang?';
const SITE = 'https://inzu.example.rw';
/** Every page module is compiled before the first request: seconds, more on a busy machine. */
const LOADING_THE_PAGES_MS = 180_000;

let test: TestApp;
let cookies: Record<Visitor, Record<string, string>>;
let visits: Record<string, Visit[]>;
let shared: { propertyId: string; assetId: string; inquiryId: string };

beforeAll(async () => {
  test = await createTestApp({
    publicUrl: SITE,
    pages: { build: await loadAppPages(), mode: 'production' },
  });
  const { db } = test.database;
  const { services } = test.app;
  const [admin, seller, buyer] = await Promise.all(
    (['admin', 'seller', 'buyer'] as const).map((role) =>
      createSignedInUser(test.database, { role }),
    ),
  );
  cookies = {
    visitor: {},
    admin: browserHeaders(admin!.token),
    seller: browserHeaders(seller!.token),
    buyer: browserHeaders(buyer!.token),
    newcomer: {},
  };
  const buyerActor = { id: buyer!.user.id, role: 'buyer' as const };
  const adminActor = { id: admin!.user.id, role: 'admin' as const };

  const property = await createProperty(db, seller!.user.id);
  const asset = await createAsset(db, seller!.user.id);
  // Its listing fee is due, and free (the prices' default): its pay page offers the form.
  const supply = await createProperty(db, seller!.user.id, {
    title: 'House waiting for review',
    moderation: 'Pending',
    feeState: 'due',
  });
  const [payment] = await db
    .insert(payments)
    .values({
      payerId: seller!.user.id,
      idempotencyKey: 'page-languages',
      product: 'boost',
      boostDays: 7,
      listingKind: 'property',
      listingId: property.id,
      listingTitle: property.title,
      amount: 5000,
      network: 'mtn',
      phone: '+250788123456',
      status: 'failed',
      failureReason: 'NOT_ENOUGH_FUNDS',
    })
    .returning();
  const request = await createPropertyRequest(db, buyer!.user.id);
  const inquiry = await services.inquiries.createInquiry(
    InquiryInputSchema.parse({
      listingId: property.id,
      name: 'Diane Mukamana',
      email: buyer!.user.email,
      phone: '0788654321',
      role: 'buyer',
      message: 'Is the house still free?',
      agree: 'on',
    }),
    buyerActor,
  );
  const guest = 'guest@example.rw';
  const guestInquiry = await services.inquiries.createInquiry(
    InquiryInputSchema.parse({
      listingId: asset.id,
      name: 'Jean Habimana',
      email: guest,
      phone: '0788111222',
      role: 'guest',
      message: 'Can I see the car on Saturday?',
      agree: 'on',
    }),
    null,
  );
  // The owner's answer e-mails the guest the link to the conversation.
  await services.inquiries.postMessage(
    guestInquiry.id,
    { body: 'Yes, on Saturday morning.' },
    { id: seller!.user.id, role: 'seller' },
  );
  const newcomerEmail = 'newcomer@example.rw';
  const newcomer = await services.accounts.signup(
    SignupInputSchema.parse({
      username: 'Claudine Uwimana',
      email: newcomerEmail,
      role: 'buyer',
      password: 'a long enough password',
      confirmPassword: 'a long enough password',
    }),
    { clientAddress: '127.0.0.1' },
  );
  if (newcomer.codeSent) throw new Error('registered by e-mail: no code');
  cookies.newcomer = browserHeaders(newcomer.token);
  await services.inbox.createContactMessage({
    username: 'Eric Mugisha',
    email: 'eric@example.rw',
    message: 'How do I list a car?',
  });
  // The contact message is a support ticket; the answer e-mails Eric the link to it.
  const [ticket] = (
    await services.support.listTickets(TicketListQuerySchema.parse({ q: 'eric@' }), adminActor)
  ).items;
  await services.support.replyToTicket(ticket!._id, { body: 'From Supply Property.' }, adminActor);
  await services.notifications.createNotification(
    NotificationInputSchema.parse({ title: 'Welcome', message: 'New listings every day.' }),
    adminActor,
  );
  await services.savedSearches.create(
    SavedSearchInputSchema.parse({ name: 'Houses in Kicukiro' }),
    buyerActor,
  );
  await services.favourites.save(asset.id, buyerActor);
  await services.listingReports.report(
    property.id,
    ReportInputSchema.parse({ reason: REPORT_REASONS[0] }),
    { viewer: buyerActor, clientAddress: '127.0.0.1' },
  );
  const unsubscribe = new URL(await services.mail.unsubscribeUrl(buyer!.user.email, 'newsletter'));
  const stillAvailable = await createSigner({ db }).sign(
    'still-available',
    ['property', property.id, property.confirmedAt!.getTime(), Date.now() + 86_400_000].join(':'),
  );

  shared = { propertyId: property.id, assetId: asset.id, inquiryId: inquiry.id };
  const guestLink = await linkMailedTo(guest, '/conversation');
  const proofLink = await linkMailedTo(newcomerEmail, '/account/email-proof');
  const ticketLink = await linkMailedTo('eric@example.rw', '/support/ticket');

  const landings = Object.keys(LANDING_TYPES).map((slug): [string, Visit[]] => [
    `${slug}/:offer/:district?/:sector?`,
    [{ path: `/${slug}/rent/gasabo`, hasForm: true }],
  ]);
  visits = {
    '': [{ path: '/', hasForm: true }],
    'get-properties/type/:type': [{ path: '/get-properties/type/House', hasForm: true }],
    'asset-property/:type': [{ path: '/asset-property/Car', hasForm: true }],
    search: [{ path: '/search?q=garden', hasForm: true }],
    map: [{ path: '/map?district=Kicukiro', hasForm: true }],
    ...Object.fromEntries(landings),
    'property/:id': [
      { path: `/property/${property.id}`, as: 'buyer', hasForm: true },
      { path: `/property/${property.id}`, as: 'seller', hasForm: true },
    ],
    'asset/:id': [
      { path: `/asset/${asset.id}`, as: 'visitor', hasForm: true },
      { path: `/asset/${asset.id}`, as: 'seller', hasForm: true },
    ],
    'details/:id': [{ path: `/details/${property.id}`, status: 302 }],
    contact: [{ path: '/contact', hasForm: true }],
    newsletter: [{ path: '/newsletter' }],
    'data-saver': [{ path: '/data-saver', status: 302 }],
    's/:code': [{ path: '/s/Zz9Zz9Z', status: 404 }],
    login: [{ path: '/login?next=%2Ffavourites', hasForm: true }],
    register: [
      { path: '/register', hasForm: true },
      { path: '/register?next=%2Ffavourites', hasForm: true },
    ],
    logout: [{ path: '/logout', as: 'buyer', status: 302 }],
    'forgot-password': [{ path: '/forgot-password', hasForm: true }],
    'reset-password': [{ path: '/reset-password?token=from-the-e-mail', hasForm: true }],
    'users/:id': [{ path: `/users/${seller!.user.id}`, as: 'buyer' }],
    notifications: [{ path: '/notifications', as: 'buyer', hasForm: true }],
    'account/notifications': [{ path: '/account/notifications', as: 'buyer', hasForm: true }],
    'account/email-proof': [{ path: proofLink, as: 'newcomer', hasForm: true }],
    conversation: [{ path: guestLink, hasForm: true }],
    'support/account-access': [{ path: '/support/account-access', hasForm: true }],
    'support/ticket': [{ path: ticketLink, hasForm: true }],
    'account/security': [{ path: '/account/security', as: 'buyer', hasForm: true }],
    unsubscribe: [{ path: `/unsubscribe${unsubscribe.search}`, hasForm: true }],
    'listings/still-available': [
      { path: `/listings/still-available?token=${stillAvailable}`, hasForm: true },
    ],
    inquiries: [
      { path: '/inquiries', as: 'seller', hasForm: true },
      { path: '/inquiries?box=sent', as: 'buyer' },
    ],
    favourites: [{ path: '/favourites', as: 'buyer', hasForm: true }],
    'saved-searches': [{ path: '/saved-searches', as: 'buyer', hasForm: true }],
    'inquiries/:id': [
      { path: `/inquiries/${inquiry.id}`, as: 'seller', hasForm: true },
      { path: `/inquiries/${inquiry.id}`, as: 'buyer', hasForm: true },
    ],
    faq: [{ path: '/faq' }],
    about: [{ path: '/about' }],
    terms: [{ path: '/terms' }],
    privacy: [{ path: '/privacy' }],
    offline: [{ path: '/offline' }, { path: '/offline?form=not-sent' }],
    'account/data': [{ path: '/account/data', as: 'buyer', hasForm: true }],
    'price-guide': [{ path: '/price-guide' }],
    'supplied-property': [{ path: '/supplied-property', as: 'seller' }],
    'create-supply-property': [{ path: '/create-supply-property', as: 'seller', hasForm: true }],
    'supply-property-detail/:id': [
      { path: `/supply-property-detail/${supply.id}`, as: 'seller', hasForm: true },
      { path: `/supply-property-detail/${property.id}`, as: 'seller', hasForm: true },
    ],
    'supply-property-detail/:id/edit': [
      { path: `/supply-property-detail/${supply.id}/edit`, as: 'seller', hasForm: true },
    ],
    'supply-property-detail/:id/pay': [
      { path: `/supply-property-detail/${supply.id}/pay`, as: 'seller', hasForm: true },
    ],
    'payments/:id': [{ path: `/payments/${payment!.id}`, as: 'seller', hasForm: true }],
    'property-requested': [{ path: '/property-requested', as: 'buyer', hasForm: true }],
    'create-request-property': [{ path: '/create-request-property', as: 'buyer', hasForm: true }],
    'requested-property-detail/:id': [
      { path: `/requested-property-detail/${request.id}`, as: 'buyer', hasForm: true },
    ],
    'requested-property-detail/:id/edit': [
      { path: `/requested-property-detail/${request.id}/edit`, as: 'buyer', hasForm: true },
    ],
    'admin-panel': [{ path: '/admin-panel', as: 'admin' }],
    'admin-panel/properties': [{ path: '/admin-panel/properties', as: 'admin', hasForm: true }],
    'admin-panel/create-new-property': [
      { path: '/admin-panel/create-new-property', as: 'admin', hasForm: true },
    ],
    'admin-panel/create-new-property/:id': [
      { path: `/admin-panel/create-new-property/${property.id}`, as: 'admin', hasForm: true },
    ],
    'admin-panel/assets': [{ path: '/admin-panel/assets', as: 'admin', hasForm: true }],
    'admin-panel/create-new-asset': [
      { path: '/admin-panel/create-new-asset', as: 'admin', hasForm: true },
    ],
    'admin-panel/create-new-asset/:id': [
      { path: `/admin-panel/create-new-asset/${asset.id}`, as: 'admin', hasForm: true },
    ],
    'admin-panel/requested-property': [
      { path: '/admin-panel/requested-property', as: 'admin', hasForm: true },
    ],
    'admin-panel/requested-property/:id': [
      { path: `/admin-panel/requested-property/${request.id}`, as: 'admin', hasForm: true },
    ],
    'admin-panel/supplied-property': [
      { path: '/admin-panel/supplied-property', as: 'admin', hasForm: true },
    ],
    'admin-panel/supplied-property/:id': [
      { path: `/admin-panel/supplied-property/${supply.id}`, as: 'admin', hasForm: true },
    ],
    'admin-panel/users': [{ path: '/admin-panel/users', as: 'admin', hasForm: true }],
    'admin-panel/users/:id': [
      { path: `/admin-panel/users/${seller!.user.id}`, as: 'admin', hasForm: true },
    ],
    'admin-panel/messages': [{ path: '/admin-panel/messages', as: 'admin', hasForm: true }],
    'admin-panel/inquiries': [{ path: '/admin-panel/inquiries', as: 'admin', hasForm: true }],
    'admin-panel/settings': [{ path: '/admin-panel/settings', as: 'admin', hasForm: true }],
    'admin-panel/audit-log': [{ path: '/admin-panel/audit-log', as: 'admin', hasForm: true }],
    'admin-panel/transactions': [{ path: '/admin-panel/transactions', as: 'admin', hasForm: true }],
    'admin-panel/sms': [{ path: '/admin-panel/sms', as: 'admin', hasForm: true }],
    'admin-panel/transactions/:id': [
      { path: `/admin-panel/transactions/${payment!.id}`, as: 'admin' },
    ],
    'admin-panel/reports': [{ path: '/admin-panel/reports', as: 'admin', hasForm: true }],
    'admin-panel/reports/listings': [
      { path: '/admin-panel/reports/listings', as: 'admin', hasForm: true },
    ],
    'admin-panel/support': [{ path: '/admin-panel/support', as: 'admin', hasForm: true }],
    'admin-panel/support/:id': [
      { path: `/admin-panel/support/${ticket!._id}`, as: 'admin', hasForm: true },
    ],
    'admin-panel/*': [{ path: '/admin-panel/no-such-page', as: 'admin', status: 404 }],
    '*': [{ path: '/no-such-page', status: 404 }],
  };
}, LOADING_THE_PAGES_MS);

/** The address of this site that the last e-mail to `recipient` links to at `path`. */
async function linkMailedTo(recipient: string, path: string): Promise<string> {
  const mails = await test.database.db
    .select({ body: outbox.body })
    .from(outbox)
    .where(eq(outbox.recipient, recipient));
  const links = mails.flatMap(({ body }) => body.match(/https?:\/\/\S+/g) ?? []);
  const link = links.map((address) => new URL(address)).find((url) => url.pathname === path);
  if (!link) throw new Error(`no link to ${path} was mailed to ${recipient}`);
  return `${link.pathname}${link.search}`;
}

afterAll(async () => {
  await test.close();
});

/** Where each form of the HTML goes: its action, and any button's own `formaction`. */
function formTargets(html: string): string[] {
  const tags = html.match(/<(?:form|button|input)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) =>
    [...tag.matchAll(/\s(?:action|formAction|formaction)="([^"]*)"/g)].map((match) =>
      match[1]!.replaceAll('&amp;', '&'),
    ),
  );
}

function isInLanguage(target: string, locale: Locale): boolean {
  return new RegExp(`^/${locale}(?:$|[/?#])`).test(target);
}

/** The page's own content, without the site's header and footer. */
function mainOf(html: string): string {
  return /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
}

describe('forms on a page in Kinyarwanda or French', () => {
  it('are checked on every page of the site', () => {
    const layout = (routes as RouteEntry[]).find((entry) => entry.path === LANGUAGE_LAYOUT)!;
    const pages = pagePatterns(layout.children ?? []);
    expect(Object.keys(visits).sort()).toEqual([...new Set(pages)].sort());
  });

  it.each<Locale>(['rw', 'fr'])(
    'post to addresses in the page’s language (%s)',
    async (locale) => {
      const wrong: string[] = [];
      const formless: string[] = [];
      for (const [pattern, pageVisits] of Object.entries(visits)) {
        for (const visit of pageVisits) {
          const url = localePath(visit.path, locale);
          const answer = await test.app.inject({ url, headers: cookies[visit.as ?? 'visitor'] });
          expect(answer.statusCode, `${url} as ${visit.as ?? 'visitor'}`).toBe(visit.status ?? 200);
          if (answer.statusCode !== 200 && answer.statusCode !== 404) continue;
          for (const target of formTargets(answer.body)) {
            if (!isInLanguage(target, locale)) wrong.push(`${url} (${pattern}): ${target}`);
          }
          if (visit.hasForm && !/<form\b/.test(mainOf(answer.body))) {
            formless.push(`${url} as ${visit.as ?? 'visitor'}`);
          }
        }
      }
      expect(wrong).toEqual([]);
      // The visits show the forms they are meant to check.
      expect(formless).toEqual([]);
    },
    // Some 80 pages rendered one after the other, on a machine that may be busy.
    180_000,
  );
});

/** The WhatsApp links of a page, each as the text it sends. */
function whatsappTexts(html: string): string[] {
  return [...html.matchAll(/href="(https:\/\/wa\.me\/[^"]*)"/g)].map(
    (match) => new URL(match[1]!.replaceAll('&amp;', '&')).searchParams.get('text') ?? '',
  );
}

/** The address the share menu offers to copy. */
function sharedLink(html: string): string | undefined {
  return /<input\b[^>]*readOnly=""[^>]*value="([^"]*)"/.exec(html)?.[1];
}

async function pageOf(url: string, as: Visitor = 'visitor'): Promise<string> {
  const answer = await test.app.inject({ url, headers: cookies[as] });
  expect(answer.statusCode, url).toBe(200);
  return answer.body;
}

describe('a listing shared from a page in Kinyarwanda or French', () => {
  it.each<Locale>(['rw', 'fr'])(
    'opens in that language, with a text in it (%s)',
    async (locale) => {
      const [property] = await test.database.db
        .select()
        .from(properties)
        .where(eq(properties.id, shared.propertyId));
      const address = `${SITE}${localePath(`/property/${property!.id}`, locale)}`;
      const html = await pageOf(localePath(`/property/${property!.id}`, locale));
      const [shareText, ownerText] = withLocale(locale, () => [
        t('share.text', { title: property!.title, price: formatRwf(property!.price) }),
        t('reach.whatsappText', { title: property!.title, url: address }),
      ]);

      expect(sharedLink(html)).toBe(address);
      const texts = whatsappTexts(html);
      // The share menu's message and the one to the owner, in the page's language.
      expect(texts).toEqual(expect.arrayContaining([`${shareText}\n${address}`, ownerText]));
      expect(ownerText).not.toBe(
        withLocale('en', () => t('reach.whatsappText', { title: property!.title, url: address })),
      );
    },
  );

  it('shares the French address of an asset, and the English one from an English page', async () => {
    const french = await pageOf(`/fr/asset/${shared.assetId}`);
    expect(sharedLink(french)).toBe(`${SITE}/fr/asset/${shared.assetId}`);
    const english = await pageOf(`/asset/${shared.assetId}`);
    expect(sharedLink(english)).toBe(`${SITE}/asset/${shared.assetId}`);
  });

  it('shares the Kinyarwanda address from the owner’s page of a published listing', async () => {
    const html = await pageOf(`/rw/supply-property-detail/${shared.propertyId}`, 'seller');
    expect(sharedLink(html)).toBe(`${SITE}/rw/details/${shared.propertyId}`);
  });

  it('names the listing’s French address in the visitor’s WhatsApp message to the owner', async () => {
    const html = await pageOf(`/fr/inquiries/${shared.inquiryId}`, 'buyer');
    const address = `${SITE}/fr/property/${shared.propertyId}`;
    const [property] = await test.database.db
      .select({ title: properties.title })
      .from(properties)
      .where(eq(properties.id, shared.propertyId));
    const expected = withLocale('fr', () =>
      t('inquiries.whatsappToOwner', { title: property!.title, url: address }),
    );
    expect(whatsappTexts(html)).toContain(expected);
  });
});
