/**
 * The SMS provider's callbacks as Africa's Talking posts them (form fields): only with the
 * platform's token, and changing only what they are about.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '#db/schema.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';

let test: TestApp;
let token: string;

beforeAll(async () => {
  test = await createTestApp();
  token = await test.app.services.sms.callbackToken();
});

afterAll(async () => {
  await test.close();
});

function postForm(url: string, fields: Record<string, string>) {
  return test.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function sentSms(recipient: string, providerMessageId: string) {
  await test.database.db.insert(smsOutbox).values({
    recipient,
    body: 'A house fits your request',
    kind: 'match',
    parts: 1,
    status: 'sent',
    providerMessageId,
  });
}

const statusOf = async (providerMessageId: string) =>
  (
    await test.database.db
      .select({ status: smsOutbox.status, failure: smsOutbox.failure })
      .from(smsOutbox)
      .where(eq(smsOutbox.providerMessageId, providerMessageId))
  )[0];

describe('POST /api/sms/delivery-reports/:token', () => {
  it("records the provider's report of an SMS it sent for us", async () => {
    await sentSms('+250788300001', 'ATXid_report1');

    const response = await postForm(`/api/sms/delivery-reports/${token}`, {
      id: 'ATXid_report1',
      status: 'Failed',
      phoneNumber: '+250788300001',
      networkCode: '63510',
      failureReason: 'AbsentSubscriber',
      retryCount: '0',
    });

    expect(response.statusCode).toBe(200);
    expect(await statusOf('ATXid_report1')).toEqual({
      status: 'failed',
      failure: 'AbsentSubscriber',
    });
  });

  it('is not found without the token, and changes nothing', async () => {
    await sentSms('+250788300002', 'ATXid_report2');
    const report = { id: 'ATXid_report2', status: 'Success', phoneNumber: '+250788300002' };

    for (const url of [
      '/api/sms/delivery-reports/forged',
      `/api/sms/delivery-reports/${token.slice(0, -2)}xx`,
      `/api/sms/replies/${token}x`,
    ]) {
      expect((await postForm(url, report)).statusCode, url).toBe(404);
    }
    expect(await statusOf('ATXid_report2')).toMatchObject({ status: 'sent' });
  });

  it('answers a post that is no report, and changes nothing', async () => {
    const response = await postForm(`/api/sms/delivery-reports/${token}`, { hello: 'world' });
    expect(response.statusCode).toBe(200);
  });
});

describe('POST /api/sms/replies/:token', () => {
  it('turns SMS notices off for a number that replies STOP, and on with START', async () => {
    const reply = (text: string) =>
      postForm(`/api/sms/replies/${token}`, {
        from: '+250788300003',
        to: '4040',
        text,
        id: 'ATXid_reply',
        linkId: 'link-1',
        date: '2026-03-01 10:00:00',
        networkCode: '63510',
      });

    expect((await reply('Stop')).statusCode).toBe(200);
    expect(await test.app.services.sms.isOptedOut('0788 300 003')).toBe(true);

    expect((await reply('TANGIRA')).statusCode).toBe(200);
    expect(await test.app.services.sms.isOptedOut('+250788300003')).toBe(false);
  });
});
