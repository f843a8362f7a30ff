/**
 * The privacy notice (/privacy): the platform's own contact and periods, in three languages,
 * linked from the footer of every page and from the forms that collect personal data; and the
 * account page that downloads one's data and deletes the account.
 */
import { eq } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema.ts';
import type { Locale } from '#lib/i18n.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { DEFAULT_PUBLIC_SETTINGS } from '#lib/site.ts';
import { hashPassword } from '#modules/accounts/accounts.passwords.ts';
import {
  createSignedInUser,
  createTestApp,
  createTestPageContext,
  type TestApp,
} from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';
import { InquiryForm } from '#app/components/inquiry-form.tsx';
import { SiteFooter } from '#app/components/site-footer.tsx';
import Register from '#app/routes/account/register.tsx';
import Contact from './contact.tsx';
import Privacy from './privacy.tsx';
import { loader as sitemap } from './sitemap.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

/** Server-rendered HTML of an element inside a data router whose root loader has the settings. */
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

type Facts = { email: string; phone: string; months: number; sessionDays: number };

describe('/privacy', () => {
  it('states the support contact, the retention period and the session lifetime', async () => {
    const answer = await requestPage(test, '/privacy');
    expect(answer.status).toBe(200);
    const facts = answer.loaderData['routes/site/privacy'] as Facts;
    expect(facts).toEqual({
      email: DEFAULT_PUBLIC_SETTINGS.supportEmail,
      phone: DEFAULT_PUBLIC_SETTINGS.supportPhone,
      months: 24,
      sessionDays: 30,
    });
    for (const url of ['/rw/privacy', '/fr/privacy']) {
      expect((await requestPage(test, url)).status).toBe(200);
    }
  });

  it('renders the notice in English, Kinyarwanda and French', async () => {
    const facts: Facts = {
      email: 'privacy@inzu.rw',
      phone: '0788123456',
      months: 18,
      sessionDays: 30,
    };
    const page = (locale: Locale) =>
      render(
        <Privacy {...({ loaderData: facts } as React.ComponentProps<typeof Privacy>)} />,
        locale,
      );
    const english = await page('en');
    expect(english).toContain('<h1 class="text-3xl font-bold sm:text-4xl">Privacy notice</h1>');
    expect(english).toContain('Law No 058/2021');
    expect(english).toContain('privacy@inzu.rw');
    expect(english).toContain('erased 18 months after their last message');
    expect(english).toContain('30 days at most');
    expect(english).toContain('National Cyber Security Authority (NCSA)');
    expect(english).toContain('href="/account/data"');
    const kinyarwanda = await page('rw');
    expect(kinyarwanda).toContain('Politiki yo kurinda amakuru bwite');
    expect(kinyarwanda).toContain('amezi 18');
    expect(kinyarwanda).toContain('href="/rw/account/data"');
    const french = await page('fr');
    expect(french).toContain('Avis de confidentialité');
    expect(french).toContain('effacées 18 mois après leur dernier message');
  });

  it('is linked from the footer and from every form that collects personal data', async () => {
    const footer = await render(<SiteFooter />);
    // The footer's own link, and the newsletter form's note.
    expect(footer.match(/href="\/privacy"/g)).toHaveLength(2);
    expect(footer).toContain('How we use your data:');
    expect(await render(<SiteFooter />, 'fr')).toContain('href="/fr/privacy"');
    for (const form of [
      <Register key="register" />,
      <Contact key="contact" />,
      <InquiryForm key="inquiry" listingId="0b6f3c52-3f1e-4f6e-9d8a-1c2b3d4e5f60" offer="Sale" />,
    ]) {
      const html = await render(form);
      expect(html).toContain('How we use your data:');
      expect(html).toContain('href="/privacy"');
    }
  });

  it('is in the sitemap in each language', async () => {
    const response = await sitemap({
      request: new Request('http://localhost/sitemap.xml'),
      context: createTestPageContext(test, null),
      params: {},
    } as unknown as Parameters<typeof sitemap>[0]);
    const xml = await response.text();
    expect(xml).toContain('http://localhost/privacy</loc>');
    expect(xml).toContain('http://localhost/rw/privacy</loc>');
    expect(xml).toContain('http://localhost/fr/privacy</loc>');
  });
});

describe('/account/data', () => {
  it('sends visitors to sign in', async () => {
    const answer = await requestPage(test, '/account/data');
    expect(answer.status).toBe(302);
  });

  it('refuses a wrong password or an unticked box, then deletes and signs out to the home page', async () => {
    const passwordHash = await hashPassword('my own password');
    const person = await createSignedInUser(test.database, { role: 'buyer', passwordHash });
    const viewer = viewerOf(person);
    const wrong = await requestPage(test, '/account/data', {
      viewer,
      form: { password: 'not it', isUnderstood: 'on' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.actionData).toMatchObject({
      ok: false,
      fieldErrors: { password: expect.any(String) },
    });
    const unticked = await requestPage(test, '/account/data', {
      viewer,
      form: { password: 'my own password' },
    });
    expect(unticked.status).toBe(400);
    expect(unticked.actionData).toMatchObject({
      fieldErrors: { isUnderstood: expect.any(String) },
    });
    const [kept] = await test.database.db.select().from(users).where(eq(users.id, person.user.id));
    expect(kept!.deletedAt).toBeNull();

    const done = await requestPage(test, '/account/data', {
      viewer,
      form: { password: 'my own password', isUnderstood: 'on' },
    });
    expect(done.status).toBe(302);
    expect(done.location).toBe('/?accountDeleted');
    expect(done.setCookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    const [deleted] = await test.database.db
      .select()
      .from(users)
      .where(eq(users.id, person.user.id));
    expect(deleted!.deletedAt).not.toBeNull();
  });
});
