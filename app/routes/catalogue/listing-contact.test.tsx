/**
 * How a listing's page puts the visitor in touch with its owner: every phone link dials the
 * number in international form, and the inquiry's "I'm interested in" choice speaks of renting
 * on a rental and of buying on a sale, in the form, the conversation and the owner's notice.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outbox } from '#db/schema.ts';
import { createAsset, createProperty, createPropertyRequest, createUser } from '#seed/factories.ts';
import type { Locale } from '#lib/i18n.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { DEFAULT_PUBLIC_SETTINGS } from '#lib/site.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';
import { SiteFooter } from '#app/components/site-footer.tsx';
import { SiteHeader } from '#app/components/site-header.tsx';
import InquiryPage from '#app/routes/inquiries/inquiry.tsx';
import RequestedDetail from '#app/routes/requests/requested-property-detail.tsx';
import AssetDetail from './asset-detail.tsx';
import PropertyDetail from './property-detail.tsx';

let test: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let rentalId: string;
let saleId: string;

beforeAll(async () => {
  test = await createTestApp();
  owner = await createUser(test.database.db, { name: 'Aline Uwase' });
  rentalId = (
    await createProperty(test.database.db, owner.id, {
      title: 'Furnished flat in Kacyiru',
      offer: 'Rent',
      contact: '0722118934',
    })
  ).id;
  saleId = (
    await createAsset(test.database.db, owner.id, {
      name: 'Toyota RAV4 2018',
      offer: 'Sale',
      contact: '0788 300 500',
    })
  ).id;
});

afterAll(async () => {
  await test.close();
});

/** Server-rendered HTML of a page inside a data router, in `locale`, signed out. */
async function render(element: React.ReactNode, locale: Locale = 'en'): Promise<string> {
  const routes: RouteObject[] = [
    { id: 'root', path: '*', loader: () => ({ site: DEFAULT_PUBLIC_SETTINGS }), element },
  ];
  const handler = createStaticHandler(routes);
  const prefix = locale === 'en' ? '' : `/${locale}`;
  const context = await handler.query(new Request(`http://localhost${prefix}/page`));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return withLocale(locale, () =>
    renderToStaticMarkup(
      <StaticRouterProvider router={router} context={context} hydrate={false} />,
    ),
  );
}

/** A page's route component, rendered with what its loader answered for `url`. */
async function renderPage(
  page: unknown,
  routeId: string,
  url: string,
  viewer?: NonNullable<Parameters<typeof requestPage>[2]>['viewer'],
): Promise<string> {
  const answer = await requestPage(test, url, { viewer });
  expect(answer.status, url).toBe(200);
  const locale = (/^\/(rw|fr)\//.exec(url)?.[1] ?? 'en') as Locale;
  // The route's props are its loader's answer; the other props are not read.
  const Page = page as React.FC<{ loaderData: unknown }>;
  return render(<Page loaderData={answer.loaderData[routeId]} />, locale);
}

const propertyPage = (url: string) =>
  renderPage(PropertyDetail, 'routes/catalogue/property-detail', url);
const assetPage = (url: string) => renderPage(AssetDetail, 'routes/catalogue/asset-detail', url);

/** Every tel: address in the HTML. */
const telLinks = (html: string) => [...html.matchAll(/href="(tel:[^"]*)"/g)].map((m) => m[1]);

/** The labels of the role select's choices, placeholder first. */
function roleChoices(html: string): string[] {
  const select = /<select[^>]*name="role"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? '';
  return [...select.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) =>
    m[1]!.replaceAll('&#x27;', "'"),
  );
}

describe('phone links', () => {
  it('dial the owner of a listing in international form, whatever way the number was typed', async () => {
    const rental = await propertyPage(`/property/${rentalId}`);
    // The owner's details, the contact bar's Call: both dial +250.
    expect(telLinks(rental)).toEqual(['tel:+250722118934', 'tel:+250722118934']);
    expect(rental).toContain('>0722118934<');
    const sale = await assetPage(`/asset/${saleId}`);
    expect(new Set(telLinks(sale))).toEqual(new Set(['tel:+250788300500']));
  });

  it('dial a requester, and the company from the header and the footer', async () => {
    const buyer = await createUser(test.database.db, { role: 'buyer' });
    const request = await createPropertyRequest(test.database.db, buyer.id, {
      contact: '0788654321',
    });
    const html = await renderPage(
      RequestedDetail,
      'routes/requests/requested-property-detail',
      `/requested-property-detail/${request.id}`,
      viewerOf({ user: owner }),
    );
    expect(telLinks(html)).toEqual(['tel:+250788654321']);

    const header = await render(<SiteHeader user={null} />);
    const footer = await render(<SiteFooter />);
    expect(telLinks(header)).toEqual(['tel:+250788300500']);
    expect(telLinks(footer)).toEqual(['tel:+250788300500']);
  });
});

describe("the inquiry's 'I'm interested in' choice", () => {
  it.each([
    ['en', "I'm interested in", 'Renting', 'Letting', 'Other'],
    ['rw', 'Icyo nifuza', 'Gukodesha', 'Gukodesha ibyanjye', 'Ibindi'],
    ['fr', 'Je souhaite…', 'Louer', 'Mettre en location', 'Autre'],
  ])('offers renting and letting on a rental (%s)', async (locale, ...choices) => {
    const prefix = locale === 'en' ? '' : `/${locale}`;
    expect(roleChoices(await propertyPage(`${prefix}/property/${rentalId}`))).toEqual(choices);
  });

  it.each([
    ['en', "I'm interested in", 'Buying', 'Selling', 'Other'],
    ['rw', 'Icyo nifuza', 'Kugura', 'Kugurisha', 'Ibindi'],
    ['fr', 'Je souhaite…', 'Acheter', 'Vendre', 'Autre'],
  ])('offers buying and selling on a sale (%s)', async (locale, ...choices) => {
    const prefix = locale === 'en' ? '' : `/${locale}`;
    expect(roleChoices(await assetPage(`${prefix}/asset/${saleId}`))).toEqual(choices);
  });

  it.each([
    ['rental', 'buyer', 'Renting'],
    ['rental', 'seller', 'Letting'],
    ['sale', 'buyer', 'Buying'],
    ['sale', 'guest', 'Other'],
  ] as const)(
    'the owner reads it in the same words on a %s (%s: %s)',
    async (offer, role, label) => {
      const email = `visitor-${randomUUID()}@example.rw`;
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/request-inform',
        payload: {
          listingId: offer === 'rental' ? rentalId : saleId,
          name: 'Eric Mugisha',
          email,
          phone: '0788765432',
          role,
          message: `Still free? ${email}`,
        },
      });
      expect(response.statusCode).toBe(201);

      // The owner's notice, in the app and by e-mail, with the visitor's number to dial.
      const [notice] = await test.database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, owner.id),
            eq(notifications.message, `Eric Mugisha (${label}): Still free? ${email}`),
          ),
        );
      expect(notice).toBeDefined();
      const mails = await test.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, owner.email));
      const mail = mails.find((row) => row.body.includes(email));
      expect(mail?.body).toContain(`Interested in: ${label}\n`);
      expect(mail?.body).toContain('Phone: +250788765432\n');

      // The conversation, for the owner.
      const html = await renderPage(
        InquiryPage,
        'routes/inquiries/inquiry',
        notice!.link!,
        viewerOf({ user: owner }),
      );
      expect(html).toMatch(new RegExp(`Interested in</dt><dd[^>]*>${label}</dd>`));
      expect(telLinks(html)).toContain('tel:+250788765432');
    },
  );
});
