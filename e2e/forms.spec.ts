import { expect, propertyUrl, test, waitForHydration } from './fixtures.ts';

// Every page form post counts against the server's limit of 20 per client and minute, and
// both projects share one server: keep the posts in this file few (7 per project).

test.describe('Request Information on a property', () => {
  test.beforeEach(async ({ page, fixtures }) => {
    await page.goto(propertyUrl(fixtures.properties.nyarutarama.id));
    await waitForHydration(page);
  });

  test('an empty form shows what is missing', async ({ page }) => {
    const form = page.getByRole('region', { name: 'Request Information' });
    await expect(form.getByPlaceholder('07xxxxxxxx')).toBeVisible();
    await form.getByRole('button', { name: 'Send Request' }).click();

    // Fields to blame: what to do, not the spec's failure text (kept for a server failure).
    await expect(form.getByRole('alert')).toHaveText(
      'Check the marked fields, then send the form again.',
    );
    // On a phone the errors would sit off-screen: the summary at the top takes the focus and
    // links to each field.
    const summary = form.getByRole('group', { name: 'Please fix the following:' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([
      'Name: Name is required',
      'Email: Enter a valid email address',
      'Phone: Enter a valid phone number, e.g. 0788123456',
      'Role: Choose what you are interested in',
      'Message: Message is required',
    ]);
    await expect(form.getByText('Name is required', { exact: true })).toBeVisible();
    await expect(form.getByText('Message is required', { exact: true })).toBeVisible();
    const name = form.getByLabel('Name', { exact: true });
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Name is required');

    await summary.getByRole('link', { name: 'Name: Name is required' }).click();
    await expect(name).toBeFocused();
    // Corrected, the field's error goes, in the summary too; the others stay.
    await name.fill('Claudine Mukamana');
    await expect(name).toHaveAttribute('aria-invalid', 'false');
    await expect(form.getByText('Name is required', { exact: true })).toBeHidden();
    await expect(summary.getByRole('link')).toHaveCount(4);
    await expect(form.getByText('Message is required', { exact: true })).toBeVisible();
  });

  test('a valid request is sent and the form is cleared', async ({ page }) => {
    const form = page.getByRole('region', { name: 'Request Information' });
    await form.getByLabel('Name', { exact: true }).fill('Claudine Mukamana');
    await form.getByLabel('Email', { exact: true }).fill('claudine@example.rw');
    await form.getByLabel('Phone', { exact: true }).fill('0788123456');
    const role = form.getByLabel('Role', { exact: true });
    await expect(role.getByRole('option', { name: "I'm interested in" })).toBeDisabled();
    // A rental: the taker rents (the spec's Buying / Selling are a sale's choices).
    await expect(role.getByRole('option')).toHaveText([
      "I'm interested in",
      'Renting',
      'Letting',
      'Other',
    ]);
    await role.selectOption({ label: 'Renting' });
    await form.getByLabel('Message', { exact: true }).fill('Is the apartment still available?');
    await form.getByLabel('I agree to receive emails').check();
    await form.getByRole('button', { name: 'Send Request' }).click();

    // The spec's message, then what happens next.
    await expect(form.getByRole('status')).toHaveText(
      'Request information submitted successfully!' +
        'The lister has your message, and a copy is on its way to your e-mail.',
    );
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(form.getByText('Name is required')).toBeHidden();
  });
});

test.describe('contact page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/contact');
    await waitForHydration(page);
  });

  test('shows the office and the 48-hour promise; an empty message shows the field errors', async ({
    page,
  }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Get in touch' })).toBeVisible();
    await expect(page.locator('#main').getByText('Kigali-Nyarugenge, Nyamirambo')).toBeVisible();
    await expect(page.locator('#main').getByRole('link', { name: 'Facebook' })).toBeVisible();
    const form = page.getByRole('region', { name: 'Quick Contact' });
    await expect(form.getByRole('heading', { name: 'Quick Contact' })).toBeVisible();
    await expect(
      form.getByText('We will get back to you in no more than 48 hours.', { exact: true }),
    ).toBeVisible();

    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Check the marked fields, then send the form again.',
    );
    await expect(form.getByRole('group', { name: 'Please fix the following:' })).toBeFocused();
    await expect(form.getByText('Name is required', { exact: true })).toBeVisible();
    await expect(form.getByText('Enter a valid email address', { exact: true })).toBeVisible();
    await expect(form.getByText('Comments is required', { exact: true })).toBeVisible();
    await expect(form.getByLabel('Comments')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a valid message is sent', async ({ page }) => {
    const form = page.getByRole('region', { name: 'Quick Contact' });
    await form.getByLabel('Name', { exact: true }).fill('Patrick Niyonzima');
    await form.getByLabel('Email', { exact: true }).fill('patrick@example.rw');
    await form.getByLabel('Comments').fill('Do you list commercial plots in Musanze?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    // The answer says what happens next, and stays.
    await expect(form.getByRole('status')).toHaveText(
      'Thank you! Your message has been sent.We will answer at the e-mail address you gave.',
    );
    await expect(form.getByLabel('Comments')).toHaveValue('');
  });
});

test('the contact form is sent without JavaScript too', async ({ browser }) => {
  // A browser sends `Origin: null` on a same-site form post when the referrer policy is
  // no-referrer; the cross-site check refused every JavaScript-less form then.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/contact');
  const form = page.getByRole('region', { name: 'Quick Contact' });
  await form.getByLabel('Name', { exact: true }).fill('Claudine Mukamana');
  await form.getByLabel('Email', { exact: true }).fill('claudine@example.rw');
  await form.getByLabel('Comments').fill('Is the Kacyiru apartment still free?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toContainText('Thank you! Your message has been sent.');
  await context.close();
});

test('footer newsletter: errors, a success that stays, and a second subscription', async ({
  page,
}, testInfo) => {
  const email = `newsletter-${testInfo.project.name}-${testInfo.repeatEachIndex}-${testInfo.retry}@e2e.example.rw`;
  await page.goto('/contact');
  await waitForHydration(page);
  const footer = page.getByRole('contentinfo');
  const input = footer.getByRole('textbox', { name: 'Your email address' });
  const subscribe = footer.getByRole('button', { name: 'Subscribe' });

  await input.fill('not-an-email');
  await subscribe.click();
  await expect(footer.getByRole('alert')).toHaveText('Enter a valid email address');

  // Hold the post until the pending text has been seen: no timing guesswork.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const isNewsletterPost = (url: URL) => url.pathname.startsWith('/newsletter');
  await page.route(isNewsletterPost, async (route) => {
    await held;
    await route.continue();
  });
  await input.fill(email);
  await subscribe.click();
  await expect(footer.getByText('Please wait......!')).toBeVisible();
  release();
  const success = footer.getByText('Thank you for subscribing to our newsletter!');
  await expect(success).toBeVisible();
  await expect(input).toHaveValue('');
  await page.unroute(isNewsletterPost);

  // The answer stays until the next subscription replaces it.
  await input.fill(email.toUpperCase());
  await expect(success).toBeVisible();
  await subscribe.click();
  await expect(
    footer.getByText('This email is already subscribed to our newsletter.'),
  ).toBeVisible();
  await expect(success).toBeHidden();
});
