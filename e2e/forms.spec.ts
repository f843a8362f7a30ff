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

    await expect(form.getByRole('alert')).toHaveText('Something went wrong. Please try again.');
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Enter a valid email address')).toBeVisible();
    await expect(form.getByText('Enter a valid phone number, e.g. 0788123456')).toBeVisible();
    await expect(form.getByText('Choose what you are interested in')).toBeVisible();
    await expect(form.getByText('Message is required')).toBeVisible();
    await expect(form.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
      'Name is required',
    );
  });

  test('a valid request is sent and the form is cleared', async ({ page }) => {
    const form = page.getByRole('region', { name: 'Request Information' });
    await form.getByLabel('Name', { exact: true }).fill('Claudine Mukamana');
    await form.getByLabel('Email', { exact: true }).fill('claudine@example.rw');
    await form.getByLabel('Phone', { exact: true }).fill('0788123456');
    const role = form.getByLabel('Role', { exact: true });
    await expect(role.getByRole('option', { name: "I'm interested in" })).toBeDisabled();
    await role.selectOption({ label: 'Buying' });
    await form.getByLabel('Message', { exact: true }).fill('Is the apartment still available?');
    await form.getByLabel('I agree to receive emails').check();
    await form.getByRole('button', { name: 'Send Request' }).click();

    await expect(form.getByRole('status')).toHaveText(
      'Request information submitted successfully!',
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
    await expect(form.getByRole('alert')).toHaveText('Something went wrong');
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
    await expect(form.getByRole('status')).toHaveText('Thank you! Your message has been sent.');
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
  await expect(form.getByRole('status')).toHaveText('Thank you! Your message has been sent.');
  await context.close();
});

test('footer newsletter: errors, success that fades, and a second subscription', async ({
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
  await expect(success).toBeHidden({ timeout: 8_000 });
  await page.unroute(isNewsletterPost);

  await input.fill(email.toUpperCase());
  await subscribe.click();
  await expect(
    footer.getByText('This email is already subscribed to our newsletter.'),
  ).toBeVisible();
});
