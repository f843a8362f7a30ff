/** The page a reset e-mail links to says its heading once, then what to type. */
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { withLocale } from '#lib/i18n.server.ts';
import type { Locale } from '#lib/i18n.ts';
import ResetPassword from './reset-password.tsx';

function renderPage(locale: Locale): string {
  const Stub = createRoutesStub([{ path: '/reset-password', Component: ResetPassword }]);
  return withLocale(locale, () =>
    renderToStaticMarkup(<Stub initialEntries={['/reset-password?token=abc']} />),
  );
}

const occurrences = (html: string, text: string) => html.split(text).length - 1;

describe('/reset-password', () => {
  it.each([
    ['en', 'Choose a new password', 'at least 8 characters'],
    ['fr', 'Choisissez un nouveau mot de passe', 'au moins 8 caractères'],
    ['rw', 'Hitamo ijambo ry&#x27;ibanga rishya', 'nibura inyuguti 8'],
  ] as const)('in %s, shows the heading once and says what to type', (locale, heading, rule) => {
    const html = renderPage(locale);
    expect(occurrences(html, heading)).toBe(1);
    expect(html).toContain(rule);
  });
});
