import { randomUUID } from 'node:crypto';
import { E2E_ADMIN } from './known-accounts.ts';
import { expect, mailsTo, test, supplyAsNewSeller } from './fixtures.ts';

test('a buyer’s request meets a seller’s supply once it is approved: notification, e-mail and the request page', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 8);
  const place = `Kagarama${tag}`;
  const buyer = {
    username: `Diane ${tag}`,
    email: `diane-${tag}@e2e.inzu.rw`,
    password: 'a-long-enough-password',
  };
  const api = page.context().request;
  const signup = await api.post('/api/signup', {
    data: { ...buyer, role: 'buyer', confirmPassword: buyer.password },
  });
  expect(signup.status()).toBe(201);
  // The API's own way in: a bearer token (cookie-carrying writes must come from a page).
  const asBuyer = { authorization: `Bearer ${(await signup.json()).token}` };
  const posted = await api.post('/api/request-property', {
    headers: asBuyer,
    data: {
      title: `Two bedrooms in ${place}`,
      price: '400000',
      location: place,
      type: 'House',
      bedrooms: '2',
    },
  });
  expect(posted.status()).toBe(201);
  const requestId = (await posted.json()).data._id as string;

  // The seller supplies a fitting house and an admin approves it, each in their own session.
  const others = await browser.newContext({ baseURL });
  const bearerOf = async (account: { email: string; password: string }) => {
    const login = await others.request.post('/api/login', {
      // Same-site, as a page would post it: the context may hold a session cookie already.
      headers: { origin: baseURL ?? '' },
      data: { email: account.email, password: account.password },
    });
    expect(login.status()).toBe(200);
    return { authorization: `Bearer ${(await login.json()).token}` };
  };
  const title = `Family house in ${place}`;
  const supplyId = await supplyAsNewSeller(others.request, baseURL ?? '', {
    title,
    type: 'House',
    status: 'Rent',
    price: '420000',
    location: place,
    contact: '0788123456',
    bedrooms: '3',
  });
  const approved = await others.request.put(`/api/supply-property/${supplyId}/approve`, {
    headers: await bearerOf(E2E_ADMIN),
  });
  expect(approved.status()).toBe(200);
  await others.close();

  // The buyer is told in the header's notifications and by e-mail, once.
  await expect
    .poll(() => mailsTo(buyer.email).filter((mail) => mail.text.includes(supplyId)).length, {
      timeout: 20_000,
    })
    .toBe(1);
  await page.goto('/notifications');
  const notice = page.getByRole('article').filter({ hasText: 'matches your request' });
  await expect(notice).toContainText(`1 listing matches your request "Two bedrooms in ${place}"`);
  await notice.getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(`/requested-property-detail/${requestId}`);
  const matches = page.getByRole('region', { name: 'Matching listings' });
  await matches.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(`/property/${supplyId}`);
});
