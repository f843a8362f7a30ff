import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './known-accounts.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

/** Accepts the next confirm prompt after checking its text. */
function acceptConfirm(page: Page, text: string) {
  page.once('dialog', async (dialog) => {
    expect(dialog.message()).toBe(text);
    await dialog.accept();
  });
}

test('the admin answers a contact message, and a notification reaches a buyer until it is deleted', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 8);
  const visitor = `Visitor ${tag}`;
  const question = `Is the Kicukiro house still free? (${tag})`;

  // A visitor writes through the contact page.
  await page.goto('/contact');
  await waitForHydration(page);
  await page.getByLabel('Name', { exact: true }).fill(visitor);
  await page.getByLabel('Email', { exact: true }).fill(`visitor-${tag}@e2e.inzu.rw`);
  await page.getByLabel('Comments', { exact: true }).fill(question);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();

  // The admin (same browser, now signed in) finds it in the inbox.
  const login = await page.context().request.post('/api/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.status()).toBe(200);
  await page.goto('/admin-panel/messages');
  await waitForHydration(page);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Messages & Notifications' }),
  ).toBeVisible();
  const item = page.getByRole('article', { name: visitor });
  await expect(item).toContainText(question);
  await expect(item).toContainText(`visitor-${tag}@e2e.inzu.rw`);

  // Edit the message's text.
  await item.getByRole('button', { name: 'Edit' }).click();
  await item.getByLabel('Message', { exact: true }).fill(`${question} Thanks!`);
  await item.getByRole('button', { name: 'Save' }).click();
  await expect(item.getByText('Message updated.')).toBeVisible();
  await expect(item).toContainText(`${question} Thanks!`);

  // Reply: an empty reply is refused, a written one is sent and kept with the message.
  await item.getByRole('button', { name: 'Reply' }).click();
  await item.getByRole('link', { name: 'Cancel' }).click();
  await expect(item.getByRole('textbox')).toHaveCount(0);
  await item.getByRole('button', { name: 'Reply' }).click();
  await item.getByRole('button', { name: 'Send' }).click();
  await expect(item.getByText('Reply cannot be empty')).toBeVisible();
  await item.getByLabel('Your reply').fill('Yes, it is. Visits on Saturday morning.');
  await item.getByRole('button', { name: 'Send' }).click();
  await expect(item.getByText('Reply sent!')).toBeVisible();
  await expect(item.getByRole('region', { name: /^Replied / })).toContainText(
    'Yes, it is. Visits on Saturday morning.',
  );
  await expect(item.getByRole('textbox')).toHaveCount(0);
  // The answer stays until the next action on the message.
  await expect(item.getByText('Reply sent!')).toBeVisible();

  // A notification to everyone: the form starts again empty.
  const title = `Office hours ${tag}`;
  const body =
    'Our Kigali office closes early on Friday for the staff training day; we answer on Monday.';
  const form = page.getByRole('region', { name: 'Send a notification' });
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Message', { exact: true }).fill(body);
  await form.getByLabel('Audience').selectOption('everyone');
  await form.getByRole('button', { name: 'Send Notification' }).click();
  await expect(page.getByText('Notification sent successfully!')).toBeVisible();
  await expect(form.getByLabel('Title', { exact: true })).toHaveValue('');
  const recent = page.getByRole('region', { name: 'Recent Notifications' });
  const row = recent.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText(`${body.slice(0, 60).trimEnd()}...`);
  await expect(row).not.toContainText(body);

  // Edit mode: the form fills in, saves, and goes back to creating.
  await row.getByRole('button', { name: 'Edit' }).click();
  const editForm = page.getByRole('region', { name: 'Edit notification' });
  await expect(editForm.getByLabel('Title', { exact: true })).toHaveValue(title);
  await editForm.getByLabel('Title', { exact: true }).fill(`${title} (updated)`);
  await editForm.getByRole('button', { name: 'Update Notification' }).click();
  await expect(page.getByText('Notification updated successfully!')).toBeVisible();
  await expect(form.getByLabel('Title', { exact: true })).toHaveValue('');
  const updatedTitle = `${title} (updated)`;
  await expect(recent.getByRole('heading', { name: updatedTitle })).toBeVisible();

  // A buyer, in another browser, sees the unread count and the notification.
  const origin = new URL(page.url()).origin;
  const buyerContext = await browser.newContext({ baseURL: origin });
  const buyerPage = await buyerContext.newPage();
  const password = 'a-long-enough-password';
  const signup = await buyerContext.request.post(`${origin}/api/signup`, {
    data: {
      username: `Buyer ${tag}`,
      email: `buyer-${tag}@e2e.inzu.rw`,
      password,
      confirmPassword: password,
      role: 'buyer',
    },
  });
  expect(signup.status()).toBe(201);
  await buyerPage.goto(`${origin}/`);
  const link = buyerPage.getByRole('link', { name: /^Notifications, \d+ unread$/ });
  await expect(link).toBeVisible();
  await link.click();
  await expect(buyerPage).toHaveURL(/\/notifications$/);
  await waitForHydration(buyerPage);
  const notice = buyerPage.getByRole('article', { name: updatedTitle });
  await expect(notice).toContainText(body);
  await expect(notice).toContainText('Unread');
  await notice.getByRole('button', { name: /^Mark as read/ }).click();
  await expect(notice).not.toContainText('Unread');
  await expect(notice.getByRole('button', { name: /^Mark as read/ })).toHaveCount(0);
  // The strip counts what is still unread (the other viewport's run may add or remove one at
  // the same time, hence the retries).
  await expect
    .poll(async () => {
      const answer = await buyerContext.request.get(`${origin}/api/my-notifications`);
      const { unread } = (await answer.json()) as { unread: number };
      await buyerPage.reload();
      const name = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
      return buyerPage.getByRole('link', { name, exact: true }).count();
    })
    .toBe(1);

  // The admin deletes it; the buyer no longer sees it.
  acceptConfirm(page, 'Are you sure you want to delete this notification?');
  await recent
    .getByRole('listitem')
    .filter({ hasText: updatedTitle })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Notification deleted successfully!')).toBeVisible();
  await expect(recent.getByRole('heading', { name: updatedTitle })).toHaveCount(0);
  await buyerPage.reload();
  await expect(buyerPage.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(buyerPage.getByRole('article', { name: updatedTitle })).toHaveCount(0);
  await buyerContext.close();

  // Deleting the message asks first, then removes it from the inbox.
  acceptConfirm(page, 'Delete this message?');
  await item.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('article', { name: visitor })).toHaveCount(0);
});
