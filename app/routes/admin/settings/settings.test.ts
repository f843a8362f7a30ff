/** The Platform Settings page's forms, as the server runs them (one action, one intent a form). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';

const PAGE = '/admin-panel/settings';

let test: TestApp;
let admin: Viewer;

beforeAll(async () => {
  test = await createTestApp();
  admin = viewerOf(await createSignedInUser(test.database, { role: 'admin' }));
});

afterAll(async () => {
  await test.close();
});

const settings = () => test.app.services.settings;

describe('the settings page', () => {
  it('loads the support info, the platform settings and the FAQs', async () => {
    const page = await requestPage(test, PAGE, { viewer: admin });
    expect(page.status).toBe(200);
    expect(page.loaderData['routes/admin/settings/settings']).toMatchObject({
      support: await settings().getSupportInfo(),
      platform: await settings().getPlatformSettings(),
      faqs: [],
    });
  });

  it('saves the support panel, and answers for that panel', async () => {
    const page = await requestPage(test, PAGE, {
      viewer: admin,
      form: {
        intent: 'support',
        contactEmail: 'help@inzu.rw',
        supportPhone: '0788 123 999',
        userGuideURL: '/faq',
        termsURL: '',
      },
    });
    expect(page.actionData).toEqual({
      ok: true,
      message: 'Support information updated successfully!',
      intent: 'support',
    });
    expect(await settings().getSupportInfo()).toMatchObject({
      contactEmail: 'help@inzu.rw',
      supportPhone: '0788 123 999',
      userGuideURL: '/faq',
    });
  });

  it('refuses a bad field by name and keeps what was saved', async () => {
    const before = await settings().getPlatformSettings();
    const page = await requestPage(test, PAGE, {
      viewer: admin,
      form: { intent: 'platform', contactEmail: 'not-an-email', privacyURL: 'javascript:alert(1)' },
    });
    expect(page.status).toBe(400);
    expect(page.actionData).toMatchObject({
      ok: false,
      intent: 'platform',
      fieldErrors: {
        contactEmail: expect.any(String),
        privacyURL: expect.any(String),
      },
    });
    expect(await settings().getPlatformSettings()).toEqual(before);
  });

  it('saves the SMS panel, and refuses an empty limit rather than read it as 0', async () => {
    const saved = await requestPage(test, PAGE, {
      viewer: admin,
      form: { intent: 'sms', noticesPerUserPerDay: '2', noticesPerDay: '300' },
    });
    expect(saved.actionData).toEqual({ ok: true, message: 'SMS limits saved.', intent: 'sms' });
    expect(await settings().getSmsLimits()).toEqual({
      noticesPerUserPerDay: 2,
      noticesPerDay: 300,
    });

    const refused = await requestPage(test, PAGE, {
      viewer: admin,
      form: { intent: 'sms', noticesPerUserPerDay: '', noticesPerDay: '300' },
    });
    expect(refused.status).toBe(400);
    expect(refused.actionData).toMatchObject({
      ok: false,
      intent: 'sms',
      fieldErrors: { noticesPerUserPerDay: 'Enter a whole number from 0 to 50' },
    });
    expect(await settings().getSmsLimits()).toEqual({
      noticesPerUserPerDay: 2,
      noticesPerDay: 300,
    });
  });

  it('adds a FAQ and deletes it', async () => {
    const added = await requestPage(test, PAGE, {
      viewer: admin,
      form: { intent: 'faq-add', question: 'Do you charge sellers?', answer: 'No.' },
    });
    expect(added.actionData).toMatchObject({ ok: true, intent: 'faq-add' });
    const [faq] = await settings().listFaqs();
    expect(faq).toMatchObject({ question: 'Do you charge sellers?', answer: 'No.' });

    const deleted = await requestPage(test, PAGE, {
      viewer: admin,
      form: { intent: 'faq-delete', id: faq!._id },
    });
    expect(deleted.actionData).toMatchObject({ ok: true, message: 'FAQ deleted successfully!' });
    expect(await settings().listFaqs()).toEqual([]);
  });

  it('refuses a post that names no form of the page', async () => {
    const page = await requestPage(test, PAGE, { viewer: admin, form: { footerText: 'x' } });
    expect(page.status).toBe(400);
    expect(page.actionData).toMatchObject({ ok: false, intent: null });
  });
});
