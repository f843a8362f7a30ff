/**
 * /admin-panel/reports/listings: each report says whether it counted toward hiding its listing,
 * or why not, in the admin's language.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser } from '#seed/factories.ts';
import { withLocale } from '#lib/i18n.server.ts';
import type { ReportNotCountedReason } from '#lib/listing.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import type { AdminReportView } from '#modules/listing-reports/listing-reports.schema.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';
import { ReportStanding } from './report-standing.tsx';

const NOW = new Date('2025-03-20T10:00:00Z');
const ROUTE = 'routes/admin/reports/listing-reports';

let test: TestApp;
let admin: Viewer;

beforeAll(async () => {
  test = await createTestApp({ clock: () => NOW });
  admin = viewerOf(await createSignedInUser(test.database, { role: 'admin' }));
});

afterAll(async () => {
  await test.close();
});

describe('/admin-panel/reports/listings', () => {
  it('hands the page each report’s standing and REPORT_MIN_ACCOUNT_DAYS', async () => {
    const seller = await createUser(test.database.db, { role: 'seller' });
    const house = await createProperty(test.database.db, seller.id);
    const newcomer = await createUser(test.database.db, { role: 'buyer', createdAt: NOW });
    const reports = test.app.services.listingReports;
    await reports.report(
      house.id,
      { reason: 'scam', details: '' },
      { viewer: newcomer, clientAddress: '192.0.2.1' },
    );
    const answer = await requestPage(test, '/admin-panel/reports/listings', { viewer: admin });
    expect(answer.status).toBe(200);
    const page = answer.loaderData[ROUTE] as {
      reports: AdminReportView[];
      minAccountDays: number;
    };
    expect(page.minAccountDays).toBe(7);
    expect(page.reports.find((report) => report.listingId === house.id)).toMatchObject({
      countsTowardHiding: false,
      notCountedReason: 'newAccount',
      isReporterVerified: false,
    });
  });

  it('says whether a report counted, or why not, in each language', () => {
    const render = (
      locale: 'en' | 'fr' | 'rw',
      notCountedReason: ReportNotCountedReason | null,
      isReporterVerified = false,
    ) =>
      withLocale(locale, () =>
        renderToStaticMarkup(
          <ReportStanding report={{ notCountedReason, isReporterVerified }} minAccountDays={7} />,
        ),
      );
    expect(render('en', null)).toContain('Counted toward hiding');
    expect(render('en', null, true)).toContain('Counted toward hiding: verified reporter');
    expect(render('en', 'visitor')).toContain('Not counted: visitor');
    expect(render('en', 'newAccount')).toContain('Not counted: account newer than 7 days');
    expect(render('en', 'sameAddress')).toContain('Not counted: same address as another report');
    expect(render('en', 'dismissedBefore')).toContain(
      'Not counted: the reporter’s earlier report was dismissed',
    );
    expect(render('fr', 'newAccount')).toContain(
      'Non pris en compte\u00a0: compte de moins de 7 jours',
    );
    expect(render('fr', null, true)).toContain(
      'Pris en compte pour masquer l’annonce\u00a0: auteur vérifié',
    );
    expect(render('rw', 'newAccount')).toContain('Ntibarwa: konti itaramara iminsi 7');
    expect(render('rw', 'sameAddress')).toContain(
      'Ntibarwa: yaturutse kuri aderesi imwe n&#x27;indi raporo',
    );
  });
});
