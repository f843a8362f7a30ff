/** The demo's SMS phone page: a number's SMS, as the embedded simulator took them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing.ts';
import { DEMO_SMS_PHONE_PATH } from './sms.demo-phone.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ env: { SMS_PROVIDER: 'simulator' } });
});

afterAll(async () => {
  await test.close();
});

describe('the SMS simulator phone page', () => {
  it('shows the code sent to a number, once the SMS job has run, and nothing of others', async () => {
    const signup = await test.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        username: 'Jean Habimana',
        phone: '0788 555 111',
        role: 'buyer',
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
      },
    });
    expect(signup.statusCode).toBe(202);
    await test.app.services.jobs.runDue();

    const page = await test.app.inject({ url: `${DEMO_SMS_PHONE_PATH}?number=0788555111` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const code = /your code is (\d{6})/.exec(page.body)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const confirmed = await test.app.inject({
      method: 'POST',
      url: '/api/signup/confirm',
      payload: { proof: signup.json().proof, code },
    });
    expect(confirmed.statusCode).toBe(201);

    const other = await test.app.inject({ url: `${DEMO_SMS_PHONE_PATH}?number=0788555112` });
    expect(other.body).toContain('No SMS was sent to +250788555112.');
    expect(other.body).not.toMatch(/your code is/);
    const junk = await test.app.inject({ url: `${DEMO_SMS_PHONE_PATH}?number=%3Cscript%3E` });
    expect(junk.body).toContain('That is not a phone number.');
    expect(junk.body).not.toContain('<script>');
  });
});
