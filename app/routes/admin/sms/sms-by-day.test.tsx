/** The dashboard's SMS of the last days: today first, with the totals, in the admin's language. */
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { withLocale } from '#lib/i18n.server.ts';
import { SmsByDay } from './sms-by-day.tsx';

const DAYS = [
  { day: '2026-05-03', sent: 40, failed: 0, uncertain: 0 },
  { day: '2026-05-04', sent: 1200, failed: 3, uncertain: 1 },
];

function render(locale: 'en' | 'fr' | 'rw', days = DAYS) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <SmsByDay days={days} /> }]);
  return withLocale(locale, () => renderToStaticMarkup(<Stub />));
}

describe('SmsByDay', () => {
  it('lists the days newest first with their counts and totals', () => {
    const html = render('en');
    expect(html).toContain('SMS, last 2 days');
    expect(html.indexOf('4 May 2026')).toBeLessThan(html.indexOf('3 May 2026'));
    expect(html).toContain('1,240');
    expect(html).toContain('href="/admin-panel/sms"');
  });

  it('speaks French and Kinyarwanda', () => {
    expect(render('fr')).toContain('Échoués');
    expect(render('rw')).toContain('Zoherejwe');
  });

  it('shows nothing without days (the counts could not be read)', () => {
    expect(render('en', [])).toBe('');
  });
});
