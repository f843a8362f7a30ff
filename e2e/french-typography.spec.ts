import { frPages } from '#lib/messages/fr.pages.ts';
import { fr as frFrame } from '#lib/messages/fr.ts';
import { expect, propertyUrl, test, waitForHydration } from './fixtures.ts';

const fr = { ...frFrame, ...frPages };

// One form post per project: the server allows 20 a minute per client, shared by the files.

test('a French form names each field to fix with a no-break space before the colon', async ({
  page,
  fixtures,
}) => {
  await page.goto(`/fr${propertyUrl(fixtures.properties.nyarutarama.id)}`);
  await waitForHydration(page);
  const form = page.getByRole('region', { name: fr['inquiry.title'] });
  await form.getByRole('button', { name: fr['inquiry.submit'] }).click();

  const summary = form.getByRole('group', { name: fr['form.errorSummary'] });
  await expect(summary).toBeFocused();
  // Read as written: Playwright's text matching would take U+00A0 for a plain space.
  const lines = await summary.getByRole('link').allTextContents();
  expect(lines.length).toBeGreaterThan(2);
  expect(lines[0]).toMatch(new RegExp(`^${fr['inquiry.name']}\u00a0: `));
  for (const line of lines) {
    expect(line).toContain('\u00a0: ');
    expect(line).not.toMatch(/ [:;!?»]|« /);
  }
});
