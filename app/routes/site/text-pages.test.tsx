/**
 * /about and /terms show the texts admins write in Platform Settings, paragraph by paragraph,
 * and never as HTML.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { siteSettings } from '#db/schema.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { DEFAULT_PLATFORM_SETTINGS } from '#modules/settings/settings.schema.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';
import { TextPage } from './text-page.tsx';

let test: TestApp;
let admin: Viewer;

beforeAll(async () => {
  test = await createTestApp();
  admin = viewerOf(await createSignedInUser(test.database, { role: 'admin' }));
});

afterAll(async () => {
  await test.close();
});

beforeEach(async () => {
  // Back to no saved settings: a save through the service drops its short-lived copy.
  await test.app.services.settings.updatePlatformSettings(DEFAULT_PLATFORM_SETTINGS, admin);
  await test.database.db.delete(siteSettings);
});

/** The paragraphs a page's loader answered. */
async function paragraphsOf(url: `${'' | '/rw' | '/fr'}/${'about' | 'terms'}`): Promise<string[]> {
  const answer = await requestPage(test, url);
  expect(answer.status).toBe(200);
  const id = url.endsWith('/about') ? 'routes/site/about' : 'routes/site/terms';
  return (answer.loaderData[id] as { paragraphs: string[] }).paragraphs;
}

/** The admin saves the platform panel of /admin-panel/settings, as its form posts it. */
async function savePlatformPanel(fields: Record<string, string>) {
  return requestPage(test, '/admin-panel/settings', {
    viewer: admin,
    form: {
      intent: 'platform',
      contactEmail: 'hello@inzu.rw',
      logoURL: '',
      footerText: 'All rights reserved.',
      termsURL: '',
      privacyURL: '',
      ...fields,
    },
  });
}

describe('/about and /terms', () => {
  it('show the default texts before an admin writes any, in the page’s language', async () => {
    const about = await paragraphsOf('/about');
    expect(about.length).toBeGreaterThan(1);
    expect(about[0]).toMatch(/^Inzu is Kigali's property and asset marketplace/);
    const terms = await paragraphsOf('/terms');
    expect(terms[0]).toMatch(/should replace them/);
    expect((await paragraphsOf('/rw/about'))[0]).toMatch(/^Inzu ni isoko ry'inzu, ibibanza/);
    expect((await paragraphsOf('/fr/terms'))[0]).toMatch(/^Ces conditions sont provisoires/);
  });

  it('show what the admin saved in the Platform panel, one paragraph per blank line', async () => {
    const saved = await savePlatformPanel({
      aboutText: 'Inzu helps families in Kigali.\r\n\r\nWe review every supply.\r\nEvery one.',
      termsText: 'Be honest in your listings.\r\n\r\n\r\nPay only after a visit.',
    });
    expect(saved.status).toBe(200);
    expect(saved.actionData).toMatchObject({ ok: true, intent: 'platform' });

    expect(await paragraphsOf('/about')).toEqual([
      'Inzu helps families in Kigali.',
      'We review every supply.\nEvery one.',
    ]);
    expect(await paragraphsOf('/terms')).toEqual([
      'Be honest in your listings.',
      'Pay only after a visit.',
    ]);
  });

  it('refuse a text that is too long beside its field, keeping the saved one', async () => {
    await savePlatformPanel({ aboutText: 'Saved before.', termsText: 'Terms.' });
    const refused = await savePlatformPanel({ aboutText: 'x'.repeat(20_001), termsText: 'T.' });
    expect(refused.status).toBe(400);
    expect(refused.actionData).toMatchObject({
      ok: false,
      fieldErrors: { aboutText: 'Must be at most 20000 characters' },
    });
    expect(await paragraphsOf('/about')).toEqual(['Saved before.']);
  });
});

describe('TextPage', () => {
  it('shows markup in a text as text, never as HTML', () => {
    const html = renderToStaticMarkup(
      <TextPage heading="About us" paragraphs={['<script>alert(1)</script>', '<b>bold</b>']} />,
    );
    expect(html).toContain('<h1');
    expect(html).toContain('<p class="break-words whitespace-pre-line">&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
  });
});
