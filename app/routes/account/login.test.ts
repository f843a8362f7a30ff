/**
 * The login page sends a signed-in visitor on to `next`: only ever to a path on this site, and
 * a `next` it cannot follow is ignored (the role's landing page), never an error.
 */
import { eq } from 'drizzle-orm';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema.ts';
import { hashPassword } from '#modules/accounts/accounts.passwords.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';
import { shouldRevalidate } from './login.tsx';

const BUYER_LANDING = '/property-requested';
const PASSWORD = 'correct horse battery';

/** `next` values as they appear in the address bar, each a way off the site. */
const OFF_SITE_NEXT = [
  '/%09/evil.example',
  '/%C2%85/evil.example',
  '//evil.example',
  '%2F%2Fevil.example',
  '/%5Cevil.example',
  '%5C%5Cevil.example',
  '/.//evil.example',
  'https://evil.example',
  'javascript:alert(1)',
  '%E3%80%82evil.example',
];

/** `next` values that no Location header may hold as they are. */
const HEADER_BREAKING_NEXT = [
  '/%0a/evil.example',
  '/%0d/evil.example',
  '/%0d%0a/evil.example',
  '/%0d%0aset-cookie:%20a=b',
  '/%00/evil.example',
];

let test: TestApp;
let buyer: Viewer;

beforeAll(async () => {
  test = await createTestApp();
  buyer = viewerOf(await createSignedInUser(test.database, { role: 'buyer' }));
});

afterAll(async () => {
  await test.close();
});

describe('the login page, signed in', () => {
  it('goes on to a path on this site', async () => {
    const answer = await requestPage(
      test,
      `/login?next=${encodeURIComponent('/property/abc?x=1')}`,
      {
        viewer: buyer,
      },
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe('/property/abc?x=1');
  });

  it('ignores a next that would leave the site', async () => {
    for (const next of OFF_SITE_NEXT) {
      const answer = await requestPage(test, `/login?next=${next}`, { viewer: buyer });
      expect(answer.status, next).toBe(302);
      expect(answer.location, next).toBe(BUYER_LANDING);
    }
  });

  it('ignores a next that would break the header, rather than failing', async () => {
    for (const next of HEADER_BREAKING_NEXT) {
      const answer = await requestPage(test, `/login?next=${next}`, { viewer: buyer });
      expect(answer.status, next).toBe(302);
      expect(answer.location, next).toBe(BUYER_LANDING);
    }
  });

  it('sends characters a header cannot hold percent-encoded, still on this site', async () => {
    const answer = await requestPage(test, '/login?next=/%E3%80%82evil.example', {
      viewer: buyer,
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe('/%E3%80%82evil.example');
  });
});

describe('the login and register forms', () => {
  it('go on only to a path on this site after signing in', async () => {
    const email = 'next-check@example.rw';
    const registered = await requestPage(test, '/register?next=/%09/evil.example', {
      form: {
        username: 'Next Check',
        email,
        role: 'buyer',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    });
    expect(registered.actionData).toMatchObject({ ok: true, redirectTo: '/login' });

    for (const next of ['/\t/evil.example', '/\n/evil.example', '//evil.example']) {
      const answer = await requestPage(test, '/login', {
        form: { email, password: PASSWORD, next },
      });
      expect(answer.actionData, JSON.stringify(next)).toMatchObject({
        ok: true,
        redirectTo: BUYER_LANDING,
      });
    }
  });
});

describe('signing in on a page in Kinyarwanda or French', () => {
  it('keeps the language the account chose', async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const { user } = await createSignedInUser(test.database, { passwordHash, locale: 'fr' });
    const answer = await requestPage(test, '/rw/login', {
      form: { email: user.email, password: PASSWORD },
    });
    expect(answer.actionData).toMatchObject({ ok: true });
    const [saved] = await test.database.db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.id, user.id));
    expect(saved!.locale).toBe('fr');
  });

  it('shows the success message before going on, as in English', () => {
    const afterPost = (formAction: string) =>
      shouldRevalidate({
        formAction,
        defaultShouldRevalidate: true,
      } as ShouldRevalidateFunctionArgs);
    for (const formAction of ['/login', '/rw/login', '/fr/login?next=%2Ffavourites']) {
      expect(afterPost(formAction), formAction).toBe(false);
    }
    expect(afterPost('/rw/newsletter')).toBe(true);
  });
});
