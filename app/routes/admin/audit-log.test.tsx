/**
 * The audit log reads in the admin's language: every action the code can record, and every kind
 * of item, has a label in each catalogue, and the page shows those labels, not the stored names.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser } from '#seed/factories.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { enAdmin } from '#lib/messages/en.admin.ts';
import { frAdmin } from '#lib/messages/fr.admin.ts';
import { rwAdmin } from '#lib/messages/rw.admin.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditEntry } from '#modules/audit/audit.schema.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';
import AuditLog from './audit-log.tsx';

const ROUTE = 'routes/admin/audit-log';

let test: TestApp;
let admin: Viewer;

beforeAll(async () => {
  test = await createTestApp();
  admin = viewerOf(await createSignedInUser(test.database, { role: 'admin' }));
});

afterAll(async () => {
  await test.close();
});

describe('the audit log’s labels', () => {
  it.each([
    ['en', enAdmin],
    ['fr', frAdmin],
    ['rw', rwAdmin],
  ] as const)('name every action and kind the code can record, in %s', (_, catalogue) => {
    const texts: Record<string, string> = catalogue;
    const missing = [
      ...AUDIT_ACTIONS.map((action) => [action, `admin.audit.action.${action}`]),
      ...AUDIT_TARGET_TYPES.map((kind) => [kind, `admin.audit.kind.${kind}`]),
    ].filter(([name, key]) => !texts[key!]?.trim() || texts[key!] === name);
    expect(missing).toEqual([]);
  });
});

describe('/admin-panel/audit-log', () => {
  /** The page in `locale` with the entries its loader answered. */
  async function renderLog(locale: 'en' | 'fr' | 'rw') {
    const prefix = locale === 'en' ? '' : `/${locale}`;
    const answer = await requestPage(test, `${prefix}/admin-panel/audit-log`, { viewer: admin });
    expect(answer.status).toBe(200);
    const loaderData = answer.loaderData[ROUTE] as {
      entries: AuditEntry[];
      page: { page: number; pageSize: number; total: number; isTotalCapped: boolean };
      targetType: string;
    };
    const Page = () => <AuditLog {...({ loaderData } as Parameters<typeof AuditLog>[0])} />;
    const Stub = createRoutesStub([{ path: '/', Component: Page }]);
    return withLocale(locale, () => renderToStaticMarkup(<Stub />));
  }

  it('shows an approval by its action, kind and field labels, with the review by its label', async () => {
    const seller = await createUser(test.database.db, { role: 'seller' });
    const supply = await createProperty(test.database.db, seller.id, { moderation: 'Pending' });
    await test.app.services.supplies.approveSupply(supply.id, admin);

    const english = await renderLog('en');
    expect(english).toContain('Supply approved');
    expect(english).toContain('<option value="property">Property</option>');

    const french = await renderLog('fr');
    expect(french).toContain('Bien proposé approuvé');
    expect(french).toContain('Bien immobilier');
    expect(french).toContain('Modération\u00a0:');
    expect(french).toContain('>Approuvé</ins>');
    expect(french).toContain('>En attente</del>');
    for (const raw of ['supply.approve', '>property<', 'moderation:', '"Approved"']) {
      expect(french).not.toContain(raw);
    }

    const kinyarwanda = await renderLog('rw');
    expect(kinyarwanda).toContain('Itangazo ryashyizwe ku isoko ryemejwe');
    expect(kinyarwanda).toContain('Isuzuma:');
    expect(kinyarwanda).not.toContain('supply.approve');
  });
});
