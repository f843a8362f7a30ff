import { randomUUID } from 'node:crypto';
import { expect, mailsTo, propertyUrl, test, waitForHydration } from './fixtures.ts';

/** The address of a header of a raw e-mail (`List-Unsubscribe: <...>`), folded lines joined. */
function headerLink(raw: string, name: string): string {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}: <([^>]+)>`, 'im').exec(unfolded);
  if (!match) throw new Error(`no ${name} header in the e-mail`);
  return match[1]!;
}

test('the newsletter’s welcome e-mail unsubscribes in one click, and its link says so', async ({
  page,
  playwright,
}) => {
  const email = `reader-${randomUUID().slice(0, 8)}@e2e.inzu.rw`;
  await page.goto('/contact');
  await waitForHydration(page);
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('textbox', { name: 'Your email address' }).fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByText('Thank you for subscribing to our newsletter!')).toBeVisible();

  await expect.poll(() => mailsTo(email).length, { timeout: 15_000 }).toBe(1);
  const [welcome] = mailsTo(email);
  expect(welcome!.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const link = headerLink(welcome!.raw, 'List-Unsubscribe');
  expect(welcome!.text).toContain(`To stop these e-mails: ${link}`);

  // What a mail program does with the header (RFC 8058): a bare POST, no cookie, no Origin.
  const mailProgram = await playwright.request.newContext();
  const oneClick = await mailProgram.post(link, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(oneClick.status()).toBe(200);
  await mailProgram.dispose();

  // The same link in a browser says what happened and can undo it.
  const masked = `${email.slice(0, 1)}…@e2e.inzu.rw`;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  await expect(
    page.getByText(`You will no longer receive e-mails about the newsletter at ${masked}.`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe again' }).click();
  await expect(page.getByText(`Stop e-mails about the newsletter to ${masked}?`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
});

test('a user turns inquiry e-mails off on their account page: the next one is not sent', async ({
  page,
  fixtures,
}) => {
  const tag = randomUUID().slice(0, 8);
  const user = { username: `Claude ${tag}`, email: `claude-${tag}@e2e.inzu.rw` };
  const signup = await page.context().request.post('/api/signup', {
    data: {
      ...user,
      role: 'buyer',
      password: 'a-long-enough-password',
      confirmPassword: 'a-long-enough-password',
    },
  });
  expect(signup.status()).toBe(201);
  const ask = async (message: string) => {
    await page.goto(propertyUrl(fixtures.properties.kicukiro.id));
    await waitForHydration(page);
    const form = page.getByRole('region', { name: 'Request Information' });
    await form.getByLabel('Phone', { exact: true }).fill('0788765432');
    await form.getByLabel('Message', { exact: true }).fill(message);
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(form.getByText('Request information submitted successfully!')).toBeVisible();
  };

  await page.goto('/notifications');
  await page.getByRole('link', { name: 'E-mail choices' }).click();
  await expect(page).toHaveURL('/account/notifications');
  const inquiries = page.getByLabel('Inquiries about my listings, and replies to my inquiries');
  await expect(inquiries).toBeChecked();
  await expect(page.getByLabel('The newsletter')).not.toBeChecked();
  await waitForHydration(page);
  await inquiries.uncheck();
  await page.getByRole('button', { name: 'Save choices' }).click();
  await expect(page.getByText('Your e-mail choices are saved.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByLabel('Inquiries about my listings, and replies to my inquiries'),
  ).not.toBeChecked();

  await ask(`First question (${tag})`);

  await page.goto('/account/notifications');
  await waitForHydration(page);
  await page.getByLabel('Inquiries about my listings, and replies to my inquiries').check();
  await page.getByRole('button', { name: 'Save choices' }).click();
  await expect(page.getByText('Your e-mail choices are saved.')).toBeVisible();
  await ask(`Second question (${tag})`);

  // Only the second question's confirmation was written and sent (besides the account's own
  // e-mail, the link that proves its address, which no choice stops). It repeats nothing the
  // visitor typed, so it is known by the link to its own conversation.
  const confirmations = () =>
    mailsTo(user.email).filter((mail) => !mail.text.includes('/account/email-proof?token='));
  await expect.poll(() => confirmations().length, { timeout: 15_000 }).toBe(1);
  const sent = await page.context().request.get('/api/inquiries?box=sent');
  const { data } = (await sent.json()) as { data: { id: string; message: string }[] };
  const second = data.find((inquiry) => inquiry.message === `Second question (${tag})`);
  expect(second).toBeDefined();
  expect(confirmations()[0]!.text).toContain(`/inquiries/${second!.id}`);
  expect(confirmations()[0]!.text).not.toContain('question (');
});
