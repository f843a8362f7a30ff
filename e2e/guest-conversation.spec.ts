import { randomUUID } from 'node:crypto';
import { E2E_SELLER } from './known-accounts.ts';
import { expect, mailsTo, propertyUrl, test, waitForHydration } from './fixtures.ts';

/** The first address of this site in an e-mail's text matching `pattern`, as a path. */
function linkIn(text: string, pattern: RegExp): string {
  const link = new URL(pattern.exec(text)![0]);
  return `${link.pathname}${link.search}`;
}

test('a guest answers from the reply e-mail’s link, then registers, proves the address and finds the conversation in the account', async ({
  page,
  playwright,
  baseURL,
  fixtures,
}) => {
  const tag = randomUUID().slice(0, 8);
  const email = `guest-${tag}@e2e.inzu.rw`;
  const house = fixtures.properties.kicukiro;

  // Asked without an account.
  await page.goto(propertyUrl(house.id));
  await waitForHydration(page);
  const form = page.getByRole('region', { name: 'Request Information' });
  await form.getByLabel('Name', { exact: true }).fill('Eric');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Phone', { exact: true }).fill('0788765432');
  await form.getByLabel('Role', { exact: true }).selectOption('buyer');
  const question = `Is it free in May? (${tag})`;
  await form.getByLabel('Message', { exact: true }).fill(question);
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(form.getByText('Request information submitted successfully!')).toBeVisible();

  // The seller answers (through the API: the seller's pages have their own journey).
  const seller = await playwright.request.newContext({ baseURL });
  const login = await seller.post('/api/login', {
    data: { email: E2E_SELLER.email, password: E2E_SELLER.password },
  });
  expect(login.ok()).toBe(true);
  const bearer = { authorization: `Bearer ${(await login.json()).token as string}` };
  const received = await seller.get(`/api/inquiries?listingId=${house.id}&pageSize=48`, {
    headers: bearer,
  });
  const { data } = (await received.json()) as { data: { id: string; message: string }[] };
  const conversation = data.find((inquiry) => inquiry.message === question);
  expect(conversation).toBeDefined();
  const answer = `Yes, from 1 May (${tag})`;
  const answered = await seller.post(`/api/inquiries/${conversation!.id}/messages`, {
    headers: bearer,
    data: { body: answer },
  });
  expect(answered.status()).toBe(201);
  await seller.dispose();

  // The reply e-mail's link opens the conversation, without an account, to read and answer.
  const replies = () => mailsTo(email).filter((mail) => mail.text.includes(answer));
  await expect.poll(() => replies().length, { timeout: 15_000 }).toBe(1);
  const guestLink = linkIn(replies()[0]!.text, /https?:\/\/\S+\/conversation\?token=\S+/);
  await page.goto(guestLink);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`About ${house.title}`);
  await expect(page.getByText(question)).toBeVisible();
  await expect(page.getByText(answer)).toBeVisible();
  await waitForHydration(page);
  const followUp = `Can I visit on Saturday? (${tag})`;
  await page.getByLabel('Your answer').fill(followUp);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Message sent.')).toBeVisible();
  await expect(page.getByRole('list').getByText(followUp)).toBeVisible();

  // A link changed by one character opens nothing.
  await page.goto(`${guestLink.slice(0, -1)}${guestLink.endsWith('A') ? 'B' : 'A'}`);
  await expect(
    page.getByText('This conversation link is not valid or has expired.', { exact: false }),
  ).toBeVisible();

  // Registering with the address proves nothing until the link e-mailed to it is followed.
  const signup = await page.context().request.post('/api/signup', {
    data: {
      username: `Eric ${tag}`,
      email,
      role: 'buyer',
      password: 'a-long-enough-password',
      confirmPassword: 'a-long-enough-password',
    },
  });
  expect(signup.status()).toBe(201);
  await page.goto('/inquiries?box=sent');
  await expect(page.getByRole('article').filter({ hasText: house.title })).toHaveCount(0);
  const proofs = () => mailsTo(email).filter((mail) => mail.text.includes('/account/email-proof'));
  await expect.poll(() => proofs().length, { timeout: 15_000 }).toBe(1);
  await page.goto(linkIn(proofs()[0]!.text, /https?:\/\/\S+\/account\/email-proof\?token=\S+/));
  await expect(
    page.getByText(`Confirm that ${email} is the e-mail address of your account?`),
  ).toBeVisible();
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(
    page.getByText(
      'Your e-mail address is confirmed. 1 conversation you started without signing in is now in your account.',
    ),
  ).toBeVisible();

  // The conversation is the account's now; the guest link leads there.
  await page.goto('/inquiries?box=sent');
  await expect(page.getByRole('article').filter({ hasText: house.title })).toContainText(followUp);
  await page.goto(guestLink);
  await expect(
    page.getByText('This conversation is now in your account. Sign in to read and answer it.'),
  ).toBeVisible();
});
