/**
 * The supply and request forms in Kinyarwanda and French: their choices and their answers read
 * in the page's language, with no English value left in them; the place they require is the
 * district and sector, and the street line is the optional one it says it is.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLocale } from '#lib/i18n.server.ts';
import { type Locale } from '#lib/i18n.ts';
import { t } from '#lib/i18n.pages.ts';
import type { FormResult } from '#lib/form-result.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { RequestForm } from '#app/routes/requests/request-form.tsx';
import { SupplyForm } from './supply-form.tsx';

let test: TestApp;
let seller: Viewer;

beforeAll(async () => {
  test = await createTestApp();
  seller = viewerOf(await createSignedInUser(test.database, { role: 'seller' }));
});

afterAll(async () => {
  await test.close();
});

/** A form as its page shows it before anything is sent, in `locale`. */
function renderForm(locale: Locale, Form: typeof SupplyForm | typeof RequestForm): string {
  function Page() {
    const form = useFormSubmission({ key: 'form' });
    return <Form form={form} submitLabel="Submit" submittingLabel="Submitting" />;
  }
  const Stub = createRoutesStub([{ path: '/', Component: Page }]);
  return withLocale(locale, () => renderToStaticMarkup(<Stub />));
}

/** The field errors a page's form answers to `fields`. */
async function fieldErrorsOf(url: string, fields: Record<string, string | Buffer>) {
  const answer = await requestPage(test, url, { viewer: seller, form: fields });
  const result = answer.actionData as FormResult;
  expect(answer.status).toBe(400);
  if (result.ok) throw new Error('expected a refusal');
  return result.fieldErrors;
}

describe('the supply form', () => {
  it('offers Rent and Sale by their labels, sending the same values', () => {
    const options = (html: string) =>
      [...html.matchAll(/<option value="(Rent|Sale)"[^>]*>([^<]*)</g)].map(([, value, label]) => [
        value,
        label,
      ]);
    expect(options(renderForm('en', SupplyForm))).toEqual([
      ['Rent', 'Rent'],
      ['Sale', 'Sale'],
    ]);
    expect(options(renderForm('fr', SupplyForm))).toEqual([
      ['Rent', 'Location'],
      ['Sale', 'Vente'],
    ]);
    expect(options(renderForm('rw', SupplyForm))).toEqual([
      ['Rent', 'Irakodeshwa'],
      ['Sale', 'Iragurishwa'],
    ]);
  });

  it.each([
    ['fr', ['Rent', 'Sale', 'House', 'yes', 'no', 'must', 'photo must']],
    ['rw', ['Rent', 'Sale', 'House', 'yes', 'must', 'JPEG, PNG, WebP, AVIF or HEIC']],
  ] as const)(
    'answers refused choices and a refused photo in %s, without an English value',
    async (locale, english) => {
      const errors = await fieldErrorsOf(`/${locale}/create-supply-property`, {
        title: 'Inzu nziza',
        type: 'Boat',
        status: 'Lease',
        price: '100000',
        district: 'Kicukiro',
        sector: 'Gikondo',
        certified: 'maybe',
        photos: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      });
      expect(Object.keys(errors).sort()).toEqual(['certified', 'status', 'type']);
      const texts = Object.values(errors).join(' | ');
      for (const word of english) expect(texts).not.toMatch(new RegExp(`\\b${word}\\b`));

      // A photo is read only once the fields are right: the same post with good choices.
      const photoErrors = await fieldErrorsOf(`/${locale}/create-supply-property`, {
        title: 'Inzu nziza',
        type: 'House',
        status: 'Rent',
        price: '100000',
        district: 'Kicukiro',
        sector: 'Gikondo',
        photos: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      });
      expect(Object.keys(photoErrors)).toEqual(['photos']);
      expect(photoErrors.photos).not.toMatch(/must be|photo\b.*\bor\b/);
    },
  );

  it('lists the offered choices in French as the form shows them', async () => {
    const errors = await fieldErrorsOf('/fr/create-supply-property', {
      title: 'Maison',
      type: 'Boat',
      status: 'Lease',
      price: '100000',
      district: 'Kicukiro',
      sector: 'Gikondo',
    });
    expect(errors.status).toBe('doit être Location ou Vente');
    expect(errors.type).toContain('Maison, Hôtel, Appartement');
  });
});

describe('the place of a supply or a request', () => {
  it('is marked required by its district and sector, the street line saying it is optional', () => {
    for (const Form of [SupplyForm, RequestForm]) {
      const html = renderForm('en', Form);
      expect(html).toMatch(/<label for="field-district" class="field-label">District<span/);
      expect(html).toMatch(/<label for="field-sector" class="field-label">Sector<span/);
      expect(html).toContain(
        '<label for="field-location" class="field-label">Street, building or landmark (optional)</label>',
      );
    }
    expect(renderForm('en', SupplyForm)).toMatch(/<legend[^>]*>Location<\/legend>/);
    expect(renderForm('en', RequestForm)).toMatch(/<legend[^>]*>Preferred Location<\/legend>/);
    expect(renderForm('fr', RequestForm)).toMatch(/<legend[^>]*>Emplacement souhaité<\/legend>/);
  });

  it.each([
    ['', '/create-supply-property', 'District is required'],
    ['/fr', '/create-supply-property', 'Renseignez le champ «\u00a0District\u00a0»'],
    ['/rw', '/create-request-property', 'Akarere ni ngombwa'],
    ['', '/create-request-property', 'District is required'],
  ])(
    'names the district and sector when %s%s is sent without a place, never the street line',
    async (prefix, path, districtError) => {
      const errors = await fieldErrorsOf(`${prefix}${path}`, { title: 'A house', price: '1000' });
      expect(errors.district).toBe(districtError);
      expect(errors.sector).toBeDefined();
      expect(errors.location).toBeUndefined();
    },
  );

  it.each(['en', 'fr', 'rw'] as const)(
    'is what the request page’s intro calls required, by the form’s name for it, in %s',
    (locale) => {
      withLocale(locale, () => {
        expect(t('request.intro').toLowerCase()).toContain(
          t('request.fieldLocation').toLowerCase(),
        );
      });
    },
  );

  it('takes a place without a street line', async () => {
    const answer = await requestPage(test, '/create-request-property', {
      viewer: seller,
      form: {
        title: 'A house in Gikondo',
        price: '45000000',
        district: 'Kicukiro',
        sector: 'Gikondo',
      },
    });
    expect(answer.actionData).toMatchObject({ ok: true });
  });
});
