/**
 * /admin-panel/reports: the report of the range in the URL (bad dates fall back to the last 12
 * weeks and the page says so), and its charts drawn on the server as accessible SVG.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser } from '#seed/factories.ts';
import { withLocale } from '#lib/i18n.server.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import type { Report } from '#modules/reports/reports.schema.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';
import { BarChart } from './bar-chart.tsx';
import { WeeklyChart } from './weekly-chart.tsx';

// Thursday 20 March 2025 in Kigali.
const NOW = new Date('2025-03-20T10:00:00Z');
const ROUTE = 'routes/admin/reports/reports';

type PageData = { report: Report; weeks: string[]; today: string; isAdjusted: boolean };

let test: TestApp;
let admin: Viewer;

beforeAll(async () => {
  test = await createTestApp({ clock: () => NOW });
  admin = viewerOf(await createSignedInUser(test.database, { role: 'admin' }));
  const seller = await createUser(test.database.db, { role: 'seller' });
  await createProperty(test.database.db, seller.id, { createdAt: new Date('2025-03-18T08:00Z') });
});

afterAll(async () => {
  await test.close();
});

async function reportPage(url: string): Promise<PageData> {
  const answer = await requestPage(test, url, { viewer: admin });
  expect(answer.status, url).toBe(200);
  return answer.loaderData[ROUTE] as PageData;
}

describe('/admin-panel/reports', () => {
  it('shows the last 12 weeks by default', async () => {
    const page = await reportPage('/admin-panel/reports');
    expect(page.report.from).toBe('2024-12-30');
    expect(page.report.to).toBe('2025-03-20');
    expect(page.today).toBe('2025-03-20');
    expect(page.weeks).toHaveLength(12);
    expect(page.isAdjusted).toBe(false);
    expect(page.report.listings.at(-1)).toEqual({ week: '2025-03-17', properties: 1, assets: 0 });
  });

  it('shows the range the form asked for', async () => {
    const page = await reportPage('/admin-panel/reports?from=2025-03-01&to=2025-03-16');
    expect([page.report.from, page.report.to]).toEqual(['2025-03-01', '2025-03-16']);
    expect(page.weeks).toEqual(['2025-02-24', '2025-03-03', '2025-03-10']);
    expect(page.isAdjusted).toBe(false);
  });

  it('falls back on bad dates, and says so', async () => {
    for (const [query, from, to] of [
      ['from=2025-02-30', '2024-12-30', '2025-03-20'],
      ['from=not-a-date&to=2025-03-20', '2024-12-30', '2025-03-20'],
      ['from=2025-03-19&to=2025-03-01', '2024-12-09', '2025-03-01'],
      ['to=2030-01-01', '2024-12-30', '2025-03-20'],
    ]) {
      const page = await reportPage(`/admin-panel/reports?${query}`);
      expect([page.report.from, page.report.to], query).toEqual([from, to]);
      expect(page.isAdjusted, query).toBe(true);
    }
    // Empty fields (the form sent with nothing) are no adjustment.
    expect((await reportPage('/admin-panel/reports?from=&to=')).isAdjusted).toBe(false);
  });

  it('works in Kinyarwanda and French', async () => {
    for (const url of ['/rw/admin-panel/reports', '/fr/admin-panel/reports']) {
      expect((await reportPage(url)).weeks).toHaveLength(12);
    }
  });
});

describe('the charts', () => {
  it('draw a stacked column per week as SVG that scales, named for screen readers', () => {
    const svg = renderToStaticMarkup(
      <WeeklyChart
        id="listings-chart"
        title="Listings published per week"
        weeks={['2025-03-03', '2025-03-10', '2025-03-17']}
        series={[
          { label: 'Properties', values: [1, 0, 4] },
          { label: 'Assets', values: [2, 0, 1] },
        ]}
      />,
    );
    expect(svg).toContain('viewBox="0 0 400 210"');
    expect(svg).toContain('width="100%"');
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-labelledby="listings-chart-title listings-chart-desc"');
    expect(svg).toContain('<title id="listings-chart-title">Listings published per week</title>');
    // One rectangle per non-zero value; the legend names both series.
    expect(svg.match(/<rect /g)).toHaveLength(4);
    expect(svg).toContain('3 Mar');
    expect(svg).toContain('Properties');
    expect(svg).toContain('Assets');
  });

  it('say when there is nothing to draw', () => {
    const svg = renderToStaticMarkup(
      <WeeklyChart
        id="empty"
        title="Inquiries"
        weeks={['2025-03-17']}
        series={[{ label: 'All', values: [0] }]}
      />,
    );
    expect(svg).toContain('Nothing in this period.');
    expect(svg).not.toContain('<rect ');
  });

  it('draw a bar per district with its value, in the page’s language', () => {
    const svg = withLocale('fr', () =>
      renderToStaticMarkup(
        <BarChart
          id="rent"
          title="Loyer"
          items={[
            { label: 'Gasabo', value: 1_200_000 },
            { label: 'Kicukiro', value: null },
            { label: 'Nyarugenge', value: 600_000 },
          ]}
        />,
      ),
    );
    expect(svg.match(/<rect /g)).toHaveLength(2);
    expect(svg).toContain('1\u202f200\u202f000');
    expect(svg).toContain('Diagramme en barres');
    expect(svg).not.toContain('Kicukiro');
  });
});
