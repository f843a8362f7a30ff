import { randomUUID } from 'node:crypto';
import { PAGE_TEXT_MAX_LENGTH } from '#lib/limits.ts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, faqs, siteSettings } from '#db/schema.ts';
import { SITE } from '#lib/site.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import {
  DEFAULT_PLATFORM_SETTINGS,
  DEFAULT_PRICES,
  DEFAULT_SMS_LIMITS,
  DEFAULT_SUPPORT_INFO,
} from './settings.schema.ts';

let test: TestApp;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  test = await createTestApp();
  admin = await createSignedInUser(test.database, { role: 'admin' });
});

afterAll(async () => {
  await test.close();
});

/** Every test starts from no saved settings and no FAQs. */
beforeEach(async () => {
  await test.database.db.delete(siteSettings);
  await test.database.db.delete(faqs);
  // The service keeps a short-lived copy; a save of the defaults resets it through the service.
  const actor = { id: admin.user.id, role: 'admin' as const };
  await test.app.services.settings.updatePlatformSettings(DEFAULT_PLATFORM_SETTINGS, actor);
  await test.database.db.delete(siteSettings);
});

async function lastAudit(action: string) {
  const [entry] = await test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorId, admin.user.id)))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return entry;
}

function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) {
  return test.app.inject({ method, url, payload, headers: admin.bearer });
}

const PLATFORM = {
  contactEmail: 'Support@Inzu.rw',
  logoURL: '/media/logo.png',
  footerText: 'Inzu Ltd, Kigali. Homes for every family.',
  termsURL: 'https://inzu.rw/terms',
  privacyURL: '/privacy',
  maintenanceMode: false,
  // A textarea sends Windows line ends; they are kept as plain ones, the text trimmed.
  aboutText: '  We are Inzu.\r\n\r\nKigali homes.\n',
  termsText: 'Our terms.\n\nBe fair.',
};

const SUPPORT = {
  contactEmail: 'help@inzu.rw',
  supportPhone: '0788123456',
  userGuideURL: 'https://inzu.rw/guide',
  termsURL: '/terms',
};

describe('GET/PUT /api/settings', () => {
  it('answers the defaults (the current footer details) before any save', async () => {
    const response = await call('GET', '/api/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      contactEmail: SITE.email,
      logoURL: '',
      // Empty: the footer and the About and Terms pages show their texts in each language.
      footerText: '',
      termsURL: '',
      privacyURL: '',
      maintenanceMode: false,
      aboutText: '',
      termsText: '',
      // Listing expiry (modules/expiry), in days.
      listingLifetimeDays: 60,
      expiryWarningDays: 7,
      soldListingDays: 14,
      inquiryRetentionMonths: 24,
    });
  });

  it('saves the settings, answers them and audits the change with before and after', async () => {
    const saved = await call('PUT', '/api/settings', PLATFORM);
    expect(saved.statusCode).toBe(200);
    const expected = {
      ...PLATFORM,
      contactEmail: 'support@inzu.rw',
      aboutText: 'We are Inzu.\n\nKigali homes.',
      // Left out of the save: the numbers of days and months keep their (default) values.
      listingLifetimeDays: 60,
      expiryWarningDays: 7,
      soldListingDays: 14,
      inquiryRetentionMonths: 24,
    };
    expect(saved.json()).toEqual(expected);
    expect((await call('GET', '/api/settings')).json()).toEqual(expected);

    const entry = await lastAudit('settings.update');
    expect(entry).toMatchObject({
      targetType: 'settings',
      targetId: 'platform',
      before: DEFAULT_PLATFORM_SETTINGS,
      after: expected,
    });
    // A save replaces the group: what is left out is emptied, maintenance mode is off; the page
    // texts left out stay as saved.
    const replaced = await call('PUT', '/api/settings', { footerText: 'Only this' });
    expect(replaced.json()).toEqual({
      contactEmail: '',
      logoURL: '',
      footerText: 'Only this',
      termsURL: '',
      privacyURL: '',
      maintenanceMode: false,
      aboutText: expected.aboutText,
      termsText: expected.termsText,
      listingLifetimeDays: 60,
      expiryWarningDays: 7,
      soldListingDays: 14,
      inquiryRetentionMonths: 24,
    });
    expect((await lastAudit('settings.update'))?.before).toEqual(expected);
  });

  it('keeps the numbers of days and months a save leaves out, checked against what is sent', async () => {
    const numbers = {
      listingLifetimeDays: 90,
      expiryWarningDays: 10,
      soldListingDays: 3,
      inquiryRetentionMonths: 12,
    };
    expect((await call('PUT', '/api/settings', { ...PLATFORM, ...numbers })).statusCode).toBe(200);
    // The specification's settings form knows none of them: they stay as saved.
    const kept = await call('PUT', '/api/settings', PLATFORM);
    expect(kept.json()).toMatchObject(numbers);
    // A lifetime shorter than the saved warning is refused, naming the warning; nothing changes.
    const clash = await call('PUT', '/api/settings', { ...PLATFORM, listingLifetimeDays: 8 });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toMatch(/^expiryWarningDays: /);
    expect((await call('GET', '/api/settings')).json()).toMatchObject(numbers);
  });

  it.each([
    ['contactEmail', 'not-an-email'],
    ['logoURL', 'javascript:alert(1)'],
    ['termsURL', '//evil.example/terms'],
    ['privacyURL', 'ftp://inzu.rw/privacy'],
    ['footerText', 'x'.repeat(301)],
    ['footerText', 'bell\u0007'],
    ['maintenanceMode', 'yes please'],
    ['aboutText', 'x'.repeat(PAGE_TEXT_MAX_LENGTH + 1)],
    ['termsText', 'x'.repeat(PAGE_TEXT_MAX_LENGTH + 1)],
    ['aboutText', 'nul\u0000'],
    ['termsText', 42],
  ])('refuses a bad %s with 400 naming it', async (field, value) => {
    const response = await call('PUT', '/api/settings', { ...PLATFORM, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(new RegExp(`^${field}: `));
    expect((await call('GET', '/api/settings')).json()).toEqual(DEFAULT_PLATFORM_SETTINGS);
  });
});

describe('the About and Terms texts', () => {
  it('keeps texts of the longest length allowed, paragraphs and all', async () => {
    const paragraph = `${'Kigali '.repeat(99)}homes.`;
    const longest = `${paragraph}\n\n`.repeat(40).slice(0, PAGE_TEXT_MAX_LENGTH).trim();
    const saved = await call('PUT', '/api/settings', { ...PLATFORM, aboutText: longest });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().aboutText).toBe(longest);
  });

  it('says which field is too long and by how much it may be', async () => {
    const response = await call('PUT', '/api/settings', {
      ...PLATFORM,
      termsText: 't'.repeat(PAGE_TEXT_MAX_LENGTH + 1),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'termsText: Must be at most 20000 characters',
      issues: [{ field: 'termsText', message: 'Must be at most 20000 characters' }],
    });
  });

  it("are kept by an older client's save that leaves them out", async () => {
    await call('PUT', '/api/settings', PLATFORM);
    const { aboutText: _about, termsText: _terms, ...older } = PLATFORM;
    const saved = await call('PUT', '/api/settings', { ...older, footerText: 'New footer' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      footerText: 'New footer',
      aboutText: 'We are Inzu.\n\nKigali homes.',
      termsText: 'Our terms.\n\nBe fair.',
    });
    const settings = await test.app.services.settings.getPlatformSettings();
    expect(settings.aboutText).toBe('We are Inzu.\n\nKigali homes.');
    // The audit entry shows no change to them.
    const entry = await lastAudit('settings.update');
    expect(entry?.before).toMatchObject({ aboutText: settings.aboutText });
    expect(entry?.after).toMatchObject({ aboutText: settings.aboutText });
  });

  it('come back to the default texts when saved empty', async () => {
    await call('PUT', '/api/settings', PLATFORM);
    const saved = await call('PUT', '/api/settings', {
      ...PLATFORM,
      aboutText: '',
      termsText: ' ',
    });
    expect(saved.json()).toMatchObject({
      aboutText: DEFAULT_PLATFORM_SETTINGS.aboutText,
      termsText: DEFAULT_PLATFORM_SETTINGS.termsText,
    });
  });

  it('stay out of the settings every page receives', async () => {
    await call('PUT', '/api/settings', PLATFORM);
    const shown = await test.app.services.settings.getPublicSettings();
    expect(shown).not.toHaveProperty('aboutText');
    expect(shown).not.toHaveProperty('termsText');
  });
});

describe('GET/PUT /api/support', () => {
  it('answers the defaults, then saves, answers and audits the support info', async () => {
    expect((await call('GET', '/api/support')).json()).toEqual({
      contactEmail: SITE.email,
      supportPhone: SITE.phone,
      userGuideURL: '',
      termsURL: '',
    });
    const saved = await call('PUT', '/api/support', SUPPORT);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(SUPPORT);
    expect((await call('GET', '/api/support')).json()).toEqual(SUPPORT);
    expect(await lastAudit('support.update')).toMatchObject({
      targetType: 'settings',
      targetId: 'support',
      before: DEFAULT_SUPPORT_INFO,
      after: SUPPORT,
    });
  });

  it.each([
    ['contactEmail', 'help at inzu'],
    ['supportPhone', '12'],
    ['userGuideURL', 'data:text/html,hi'],
    ['termsURL', 'terms page'],
  ])('refuses a bad %s with 400 naming it', async (field, value) => {
    const response = await call('PUT', '/api/support', { ...SUPPORT, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(new RegExp(`^${field}: `));
  });
});

describe('GET/PUT /api/settings/prices', () => {
  const PRICES = {
    ...DEFAULT_PRICES,
    listingFeePropertyOwner: 15_000,
    listingFeeAssetCommissioner: 7_500,
    featuredPerPage: 2,
  };

  it('answers the defaults (listing free), then saves, answers and audits the prices', async () => {
    expect((await call('GET', '/api/settings/prices')).json()).toEqual(DEFAULT_PRICES);
    const saved = await call('PUT', '/api/settings/prices', PRICES);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(PRICES);
    expect((await call('GET', '/api/settings/prices')).json()).toEqual(PRICES);
    expect(await lastAudit('prices.update')).toMatchObject({
      targetType: 'settings',
      targetId: 'prices',
      before: DEFAULT_PRICES,
      after: PRICES,
    });
  });

  it.each([
    ['listingFeePropertyOwner', -1],
    ['boost7DaysPrice', 1.5],
    ['boost30DaysPrice', 5_000_001],
    ['featuredPerPage', 13],
    ['listingFeeAssetAgent', 'free'],
  ])('refuses a bad %s with 400 naming it', async (field, value) => {
    const response = await call('PUT', '/api/settings/prices', { ...PRICES, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(new RegExp(`^${field}: `));
  });
});

describe('GET/PUT /api/settings/sms', () => {
  const LIMITS = { noticesPerUserPerDay: 3, noticesPerDay: 500 };

  it('answers the defaults (5 a person, 2000 in all), then saves, answers and audits the limits', async () => {
    expect(DEFAULT_SMS_LIMITS).toEqual({ noticesPerUserPerDay: 5, noticesPerDay: 2000 });
    expect((await call('GET', '/api/settings/sms')).json()).toEqual(DEFAULT_SMS_LIMITS);
    const saved = await call('PUT', '/api/settings/sms', LIMITS);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(LIMITS);
    expect((await call('GET', '/api/settings/sms')).json()).toEqual(LIMITS);
    expect(await test.app.services.settings.getSmsLimits()).toEqual(LIMITS);
    expect(await lastAudit('sms.update')).toMatchObject({
      targetType: 'settings',
      targetId: 'sms',
      before: DEFAULT_SMS_LIMITS,
      after: LIMITS,
    });
    // 0 is a limit (no SMS notices), and the bounds themselves are accepted.
    const bounds = { noticesPerUserPerDay: 0, noticesPerDay: 1_000_000 };
    expect((await call('PUT', '/api/settings/sms', bounds)).json()).toEqual(bounds);
    await call('PUT', '/api/settings/sms', DEFAULT_SMS_LIMITS);
  });

  it.each([
    ['noticesPerUserPerDay', -1],
    ['noticesPerUserPerDay', 51],
    ['noticesPerUserPerDay', 2.5],
    ['noticesPerUserPerDay', ''],
    ['noticesPerDay', 1_000_001],
    ['noticesPerDay', 'many'],
    ['noticesPerDay', undefined],
  ])('refuses a bad %s (%s) with 400 naming it', async (field, value) => {
    const response = await call('PUT', '/api/settings/sms', { ...LIMITS, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(new RegExp(`^${field}: `));
  });
});

describe('/api/faqs', () => {
  it('lists nothing, adds FAQs (201, audited), lists them oldest first and deletes one', async () => {
    expect((await call('GET', '/api/faqs')).json()).toEqual([]);
    const first = await call('POST', '/api/faqs', {
      question: 'How do I list my house?',
      answer: 'Sign up as a seller and use Supply Property.',
    });
    expect(first.statusCode).toBe(201);
    const faq = first.json();
    expect(faq).toMatchObject({
      _id: expect.any(String),
      question: 'How do I list my house?',
      answer: 'Sign up as a seller and use Supply Property.',
    });
    expect(await lastAudit('faq.create')).toMatchObject({
      targetType: 'faq',
      targetId: faq._id,
      before: null,
      after: { question: 'How do I list my house?' },
    });
    await call('POST', '/api/faqs', { question: 'Is it free?', answer: 'Yes.' });
    const listed = (await call('GET', '/api/faqs')).json();
    expect(listed.map((item: { question: string }) => item.question)).toEqual([
      'How do I list my house?',
      'Is it free?',
    ]);

    const deleted = await call('DELETE', `/api/faqs/${faq._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'FAQ deleted successfully!' });
    expect(await lastAudit('faq.delete')).toMatchObject({
      targetId: faq._id,
      before: { question: 'How do I list my house?' },
      after: null,
    });
    expect((await call('GET', '/api/faqs')).json()).toHaveLength(1);
    // Deleting it again: it is gone.
    expect((await call('DELETE', `/api/faqs/${faq._id}`)).statusCode).toBe(404);
  });

  it('refuses a FAQ without a question or an answer, naming the field', async () => {
    const noQuestion = await call('POST', '/api/faqs', { question: '  ', answer: 'Yes.' });
    expect(noQuestion.statusCode).toBe(400);
    expect(noQuestion.json().message).toMatch(/^question: /);
    const noAnswer = await call('POST', '/api/faqs', { question: 'Is it free?' });
    expect(noAnswer.statusCode).toBe(400);
    expect(noAnswer.json().message).toMatch(/^answer: /);
  });

  it('answers 404 for an absent or malformed FAQ id', async () => {
    const absent = await call('DELETE', `/api/faqs/${randomUUID()}`);
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ message: 'FAQ not found' });
    expect((await call('DELETE', '/api/faqs/not-an-id')).statusCode).toBe(404);
  });
});

describe('access', () => {
  const routes = [
    ['GET', '/api/settings'],
    ['PUT', '/api/settings'],
    ['GET', '/api/support'],
    ['PUT', '/api/support'],
    ['GET', '/api/settings/prices'],
    ['PUT', '/api/settings/prices'],
    ['GET', '/api/settings/sms'],
    ['PUT', '/api/settings/sms'],
    ['GET', '/api/faqs'],
    ['POST', '/api/faqs'],
    ['DELETE', `/api/faqs/${randomUUID()}`],
  ] as const;

  it.each(routes)('%s %s: 401 signed out, 403 for a non-admin', async (method, url) => {
    const seller = await createSignedInUser(test.database, { role: 'seller' });
    const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
    expect((await test.app.inject({ method, url, payload })).statusCode).toBe(401);
    const refused = await test.app.inject({ method, url, payload, headers: seller.bearer });
    expect(refused.statusCode).toBe(403);
  });

  it('the service refuses a non-admin too (page actions call it directly)', async () => {
    const buyer = { id: randomUUID(), role: 'buyer' as const };
    await expect(
      test.app.services.settings.createFaq({ question: 'Q', answer: 'A' }, buyer),
    ).rejects.toThrow('Only admins can do this.');
    await expect(
      test.app.services.settings.updatePlatformSettings(DEFAULT_PLATFORM_SETTINGS, buyer),
    ).rejects.toThrow('Only admins can do this.');
  });
});

describe('maintenance mode', () => {
  it('answers 503 to public API calls for everyone but admins, and keeps sign-in open', async () => {
    expect((await call('PUT', '/api/settings', { maintenanceMode: true })).statusCode).toBe(200);
    const seller = await createSignedInUser(test.database, { role: 'seller' });

    const search = await test.app.inject('/api/search?q=house');
    expect(search.statusCode).toBe(503);
    expect(search.headers['retry-after']).toBe('300');
    expect(search.json()).toEqual({
      message: 'The site is down for maintenance. Please try again later.',
    });
    const bySeller = await test.app.inject({ url: '/api/search?q=x', headers: seller.bearer });
    expect(bySeller.statusCode).toBe(503);
    const contact = await test.app.inject({
      method: 'POST',
      url: '/api/create-message',
      payload: { username: 'Ana', email: 'ana@example.rw', message: 'Hello' },
    });
    expect(contact.statusCode).toBe(503);

    // What an admin needs to get in stays open.
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@example.rw', password: 'wrong-password' },
    });
    expect(login.statusCode).toBe(401);
    expect((await test.app.inject('/api/me')).statusCode).toBe(401);
    expect((await test.app.inject('/healthz')).statusCode).toBe(200);
    // Admin calls still refuse others as before (401/403), and admins browse normally.
    expect((await test.app.inject('/api/settings')).statusCode).toBe(401);
    expect((await call('GET', '/api/search?q=house')).statusCode).toBe(200);

    expect((await call('PUT', '/api/settings', { maintenanceMode: false })).statusCode).toBe(200);
    expect((await test.app.inject('/api/search?q=house')).statusCode).toBe(200);
  });
});

describe('the settings copy', () => {
  it('is read again after its time to live when another process saved', async () => {
    let now = new Date('2025-01-01T10:00:00Z');
    const { createSettingsService } = await import('./settings.service.ts');
    const settings = createSettingsService({
      db: test.database.db,
      clock: () => now,
      audit: test.app.services.audit,
      cacheMs: 5000,
    });
    expect(await settings.isMaintenanceOn()).toBe(false);
    // Another process saves maintenance mode on.
    await call('PUT', '/api/settings', { maintenanceMode: true });
    expect(await settings.isMaintenanceOn()).toBe(false);
    now = new Date(now.getTime() + 5000);
    expect(await settings.isMaintenanceOn()).toBe(true);
    await call('PUT', '/api/settings', { maintenanceMode: false });
  });

  it('falls back to the default of a field stored with a bad value', async () => {
    const actor = { id: admin.user.id, role: 'admin' as const };
    await test.database.db
      .insert(siteSettings)
      .values({ key: 'support', value: { supportPhone: 42, contactEmail: 'ok@inzu.rw' } });
    // Saving the other group resets this process's copy.
    await test.app.services.settings.updatePlatformSettings(DEFAULT_PLATFORM_SETTINGS, actor);
    expect(await test.app.services.settings.getSupportInfo()).toEqual({
      ...DEFAULT_SUPPORT_INFO,
      contactEmail: 'ok@inzu.rw',
    });
  });
});
