/**
 * The admins' SMS page: its rows in the admin's language, the code of an account SMS hidden
 * (never sent to the page at all), and the filters read from the URL.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '#db/schema.ts';
import { withLocale } from '#lib/i18n.server.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';
import AdminSmsMessages from './sms-messages.tsx';

const ROUTE = 'routes/admin/sms/sms-messages';

let test: TestApp;
let admin: Viewer;

beforeAll(async () => {
  test = await createTestApp();
  admin = viewerOf(await createSignedInUser(test.database, { role: 'admin' }));
  await test.database.db.insert(smsOutbox).values([
    {
      recipient: '+250788123456',
      body: 'Inzu: your code is 482913',
      kind: 'account',
      parts: 1,
      status: 'delivered',
      createdAt: new Date('2026-05-04T08:00:00.000Z'),
    },
    {
      recipient: '+250788123456',
      body: 'Inzu: your listing is approved',
      kind: 'listing',
      parts: 1,
      status: 'failed',
      failure: 'DeliveryFailure',
      cost: 'RWF 10.0000',
      createdAt: new Date('2026-05-04T09:00:00.000Z'),
      reportedAt: new Date('2026-05-04T09:05:00.000Z'),
    },
  ]);
});

afterAll(async () => {
  await test.close();
});

/** The page at `url` in `locale`, with what its loader answered. */
async function renderPage(url: string, locale: 'en' | 'fr' | 'rw' = 'en') {
  const prefix = locale === 'en' ? '' : `/${locale}`;
  const answer = await requestPage(test, `${prefix}${url}`, { viewer: admin });
  expect(answer.status).toBe(200);
  const loaderData = answer.loaderData[ROUTE];
  const Page = () => (
    <AdminSmsMessages {...({ loaderData } as Parameters<typeof AdminSmsMessages>[0])} />
  );
  const Stub = createRoutesStub([{ path: '/', Component: Page }]);
  return { html: withLocale(locale, () => renderToStaticMarkup(<Stub />)), loaderData };
}

describe('/admin-panel/sms', () => {
  it('shows each SMS with its report, and "Code hidden" for an account SMS, in each language', async () => {
    const { html, loaderData } = await renderPage('/admin-panel/sms');
    expect(JSON.stringify(loaderData)).not.toContain('482913');
    expect(html).not.toContain('482913');
    expect(html).toContain('Code hidden');
    expect(html).toContain('Inzu: your listing is approved');
    expect(html).toContain('Not delivered');
    expect(html).toContain('DeliveryFailure');
    expect(html).toContain('+250 788 123 456');

    expect((await renderPage('/admin-panel/sms', 'fr')).html).toContain('Code masqué');
    expect((await renderPage('/admin-panel/sms', 'rw')).html).toContain('Kode irahishwe');
  });

  it('reads its filters from the URL, and leaves out one it cannot read', async () => {
    const { loaderData } = await renderPage('/admin-panel/sms?kind=listing&phone=0788123456');
    expect(loaderData).toMatchObject({
      query: { kind: 'listing', phone: '0788123456' },
      page: { total: 1, items: [{ kind: 'listing' }] },
    });
    const unread = await renderPage('/admin-panel/sms?status=lost');
    expect(unread.loaderData).toMatchObject({ page: { total: 2 } });
  });
});
