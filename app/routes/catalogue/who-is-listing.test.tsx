/**
 * A listing's page says who lists it and what they charge ("Listed by an agent", "Commission:
 * RWF 50,000"; a viewing fee with a warning), and shows the safety tips by the inquiry form.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsset, createProperty, createUser } from '#seed/factories.ts';
import { withLocale } from '#lib/i18n.server.ts';
import type { Lister } from '#lib/listing.ts';
import { ListerLine } from '#app/components/lister-line.tsx';
import { SafetyTips } from '#app/components/safety-tips.tsx';
import { createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage } from '#test/page-requests.ts';

type ListerFacts = { listedBy: Lister; commission: number | null; viewingFee: number | null };

let test: TestApp;
let ownerHouseId: string;
let agentHouseId: string;
let brokerCarId: string;

beforeAll(async () => {
  test = await createTestApp();
  const seller = await createUser(test.database.db);
  ownerHouseId = (await createProperty(test.database.db, seller.id)).id;
  agentHouseId = (
    await createProperty(test.database.db, seller.id, { listedBy: 'agent', commission: 50_000 })
  ).id;
  brokerCarId = (
    await createAsset(test.database.db, seller.id, {
      type: 'Car',
      listedBy: 'commissioner',
      viewingFee: 5_000,
    })
  ).id;
});

afterAll(async () => {
  await test.close();
});

/** What the detail page's loader hands its lister line. */
async function listerOf(url: string, routeId: string, key: 'property' | 'asset') {
  const answer = await requestPage(test, url);
  expect(answer.status, url).toBe(200);
  const data = answer.loaderData[routeId] as Record<typeof key, ListerFacts>;
  const { listedBy, commission, viewingFee } = data[key];
  return { listedBy, commission, viewingFee };
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ');

function renderLine(facts: ListerFacts, locale: 'en' | 'rw' | 'fr' = 'en') {
  return textOf(withLocale(locale, () => renderToStaticMarkup(<ListerLine {...facts} />)));
}

describe('who is listing, on a listing page', () => {
  it('says the owner lists it, with no fees', async () => {
    const facts = await listerOf(
      `/property/${ownerHouseId}`,
      'routes/catalogue/property-detail',
      'property',
    );
    expect(facts).toEqual({ listedBy: 'owner', commission: null, viewingFee: null });
    const line = renderLine(facts);
    expect(line).toContain('Listed by the owner');
    expect(line).not.toContain('Commission');
    expect(line).not.toContain('Viewing fee');
  });

  it("shows an agent's commission", async () => {
    const facts = await listerOf(
      `/property/${agentHouseId}`,
      'routes/catalogue/property-detail',
      'property',
    );
    const line = renderLine(facts);
    expect(line).toContain('Listed by an agent');
    expect(line).toContain('Commission: RWF 50,000');
    expect(renderLine(facts, 'fr')).toContain('Publiée par un agent immobilier');
  });

  it("warns of a commissioner's viewing fee", async () => {
    const facts = await listerOf(`/asset/${brokerCarId}`, 'routes/catalogue/asset-detail', 'asset');
    const html = withLocale('en', () => renderToStaticMarkup(<ListerLine {...facts} />));
    expect(textOf(html)).toContain('Listed by a commissioner (broker)');
    expect(textOf(html)).toContain('Viewing fee: RWF 5,000');
    expect(textOf(html)).toContain('the classic scam');
    expect(html).toContain('role="note"');
    expect(renderLine(facts, 'rw')).toContain('Ryatanzwe na komisiyoneri (umuhuza)');
  });

  it('gives the three safety tips in each language', () => {
    const tips = (locale: 'en' | 'rw' | 'fr') =>
      textOf(withLocale(locale, () => renderToStaticMarkup(<SafetyTips />)));
    const english = tips('en');
    expect(english).toContain('Stay safe');
    expect(english).toContain('Never pay before you have seen the place and met the owner.');
    expect(english).toContain("Check a plot's or house's UPI with the land office before paying.");
    expect(english).toContain('Meet in daylight, in a public place, and bring someone with you.');
    expect(tips('rw')).toContain('Ba maso');
    expect(tips('fr')).toContain('Restez prudent');
  });
});
