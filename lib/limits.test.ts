import fs from 'node:fs';
import { expect, it } from 'vitest';

it('imports nothing, so a page using a limit pulls no validator into the browser', () => {
  const source = fs.readFileSync(new URL('./limits.ts', import.meta.url), 'utf8');
  expect(source).not.toMatch(/^\s*import\b|^\s*export\b.*\bfrom\b/m);
  expect(source).not.toMatch(/\bimport\(/);
});
