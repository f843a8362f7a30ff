import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { E2E_SELLER } from './known-accounts.ts';
import { expect, mailsTo, propertyUrl, test, waitForHydration } from './fixtures.ts';

/** A new browser session signed in through the API (the session cookie stays in the context). */
async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  login: (page: Page) => Promise<unknown>,
): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page);
  return page;
}

test('a visitor asks about a seller’s house; the seller answers from /inquiries; the visitor reads the e-mail and answers back', async ({
  page,
  browser,
  baseURL,
  fixtures,
}) => {
  const tag = randomUUID().slice(0, 8);
  const visitor = {
    username: `Eric ${tag}`,
    email: `eric-${tag}@e2e.inzu.rw`,
    password: 'a-long-enough-password',
  };
  const signup = await page.context().request.post('/api/signup', {
    data: { ...visitor, role: 'buyer', confirmPassword: visitor.password },
  });
  expect(signup.status()).toBe(201);

  // The owner is one tap away on the first screen, and the form knows who is asking.
  const house = fixtures.properties.kicukiro;
  await page.goto(propertyUrl(house.id));
  await waitForHydration(page);
  const call = page.getByRole('link', { name: 'Call 0788123456' });
  await expect(call).toBeInViewport();
  // Dialled in international form, as the WhatsApp link: from a foreign SIM too.
  await expect(call).toHaveAttribute('href', 'tel:+250788123456');
  const whatsapp = page.getByRole('link', { name: 'WhatsApp 0788123456' });
  await expect(whatsapp).toBeInViewport();
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/250788123456\?text=/);
  expect(decodeURIComponent((await whatsapp.getAttribute('href')) ?? '')).toContain(house.title);

  const form = page.getByRole('region', { name: 'Request Information' });
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(visitor.username);
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(visitor.email);
  await expect(form.getByLabel('Role')).toHaveValue('buyer');
  await form.getByLabel('Phone', { exact: true }).fill('0788765432');
  const question = `Is it free in January? (${tag})`;
  await form.getByLabel('Message', { exact: true }).fill(question);
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(form.getByText('Request information submitted successfully!')).toBeVisible();

  // The seller sees the new notification, opens the conversation and answers.
  const seller = await signedInPage(browser, baseURL, (sellerPage) =>
    sellerPage.context().request.post('/api/login', {
      data: { email: E2E_SELLER.email, password: E2E_SELLER.password },
    }),
  );
  // On an ordinary page the header counts the unread notices first. Both viewports' runs tell
  // the same seller, so the count is read from the API rather than assumed.
  await expect
    .poll(async () => {
      const answer = await seller.context().request.get('/api/my-notifications');
      const { unread } = (await answer.json()) as { unread: number };
      await seller.goto('/');
      const link = seller.getByRole('link', {
        name: `Notifications, ${unread} unread`,
        exact: true,
      });
      return {
        hasUnread: unread > 0,
        isLinkVisible: await link.isVisible(),
        isCountShown: await link.getByText(String(unread), { exact: true }).isVisible(),
      };
    })
    .toEqual({ hasUnread: true, isLinkVisible: true, isCountShown: true });
  await seller.goto('/notifications');
  const notice = seller.getByRole('article').filter({ hasText: question });
  await expect(notice).toContainText(`New inquiry about ${house.title}`);
  await notice.getByRole('link', { name: 'Open' }).click();
  await expect(seller.getByRole('heading', { level: 1 })).toHaveText(`About ${house.title}`);
  await expect(seller.getByText(question)).toBeVisible();
  await expect(seller.getByRole('link', { name: 'Call 0788765432' })).toBeVisible();
  await waitForHydration(seller);
  const answer = `Yes from 1 January (${tag})`;
  await seller.getByLabel('Your answer').fill(answer);
  await seller.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(seller.getByText('Message sent.')).toBeVisible();
  await expect(seller.getByRole('list').getByText(answer)).toBeVisible();

  // The answer reaches the visitor's mailbox through SMTP, with the way back to the conversation.
  await expect
    .poll(() => mailsTo(visitor.email).filter((mail) => mail.text.includes(answer)).length, {
      timeout: 15_000,
    })
    .toBe(1);

  // The visitor reads it under Sent and writes back; the seller is told.
  await page.goto('/inquiries?box=sent');
  const conversation = page.getByRole('article').filter({ hasText: house.title });
  await expect(conversation.getByText('New')).toBeVisible();
  await conversation.getByRole('link', { name: `About ${house.title}` }).click();
  await expect(page.getByText(answer)).toBeVisible();
  await waitForHydration(page);
  const followUp = `Saturday at 10 then (${tag})`;
  await page.getByLabel('Your answer').fill(followUp);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Message sent.')).toBeVisible();

  await seller.goto('/inquiries');
  await expect(seller.getByRole('article').filter({ hasText: followUp })).toContainText('New');
  await seller.context().close();
});
