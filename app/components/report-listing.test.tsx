/**
 * "Report this listing" answers a refused report as the other forms do: the summary lists what
 * to fix, each line linked to its field, and the line under the form says what to do, never a
 * raw field name such as "reason: ...".
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { withLocale } from '#lib/i18n.server.ts';
import { ReportListing } from './report-listing.tsx';

function renderRefused(locale: 'en' | 'fr', message: string): string {
  const Stub = createRoutesStub([
    { id: 'listing', path: '/property/:id', Component: () => <ReportListing listingId="p1" /> },
  ]);
  const answer = {
    ok: false,
    intent: 'report',
    message: `reason: ${message}`,
    fieldErrors: { reason: message },
  };
  return withLocale(locale, () =>
    renderToStaticMarkup(
      <Stub
        initialEntries={['/property/p1']}
        hydrationData={{ actionData: { listing: answer } }}
      />,
    ),
  );
}

describe('ReportListing', () => {
  it('says what to do about a refused reason, in the page’s language, without "reason:"', () => {
    const french = renderRefused('fr', 'Choisissez pourquoi vous signalez cette annonce');
    expect(french).toContain('Vérifiez les champs signalés, puis envoyez à nouveau le formulaire.');
    expect(french).not.toContain('reason:');
    // The summary's line leads to the first choice of the reasons.
    expect(french).toContain('href="#report-reason"');
    expect(french).toContain('id="report-reason"');

    const english = renderRefused('en', 'Choose why you are reporting this listing');
    expect(english).toContain('Check the marked fields, then send the form again.');
    expect(english).not.toContain('reason:');
  });
});
