/**
 * The "On this phone" section as the server renders it: the browser's abilities are unknown
 * until its script runs, so it says it is checking; the kinds show once a browser of the
 * account receives push.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { withLocale } from '#lib/i18n.server.ts';
import type { Locale } from '#lib/i18n.ts';
import { PushChoices } from './push-choices.tsx';

function render(locale: Locale, endpoints: string[]): string {
  const Section = () => (
    <PushChoices
      endpoints={endpoints}
      choices={{ inquiry: true, match: true, listing: false, search: false, payment: true }}
      answer={undefined}
      isBusy={false}
    />
  );
  const Stub = createRoutesStub([{ path: '/account/notifications', Component: Section }]);
  return withLocale(locale, () =>
    renderToStaticMarkup(<Stub initialEntries={['/account/notifications']} />),
  );
}

describe('PushChoices', () => {
  it.each([
    ['en', 'On this phone', 'Checking whether this phone can receive notifications'],
    ['fr', 'Sur ce téléphone', 'Nous vérifions si ce téléphone peut recevoir'],
    ['rw', 'Kuri iyi telefoni', 'Turareba niba iyi telefoni ishobora kwakira amamenyesha'],
  ] as const)('in %s, says it is checking before the script runs', (locale, heading, checking) => {
    const html = render(locale, []);
    expect(html).toContain(heading);
    expect(html).toContain(checking);
    // Nothing to press until the browser is known to receive push, and no kinds without one.
    expect(html).not.toContain('<button');
    expect(html).not.toContain('name="channel"');
  });

  it('shows the kinds, posted as the push form, once the account has a browser', () => {
    const html = render('en', ['https://fcm.googleapis.com/fcm/send/x']);
    expect(html).toContain('name="channel" value="push"');
    expect(html).toMatch(/name="inquiry" checked=""/);
    expect(html).toContain('Save my notification choices');
  });
});
