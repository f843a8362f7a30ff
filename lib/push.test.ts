import { describe, expect, it } from 'vitest';
import { isSitePath, pushBodyOf, readPushPayload } from './push.ts';

describe('pushBodyOf', () => {
  it('drops the prompt that introduced the SMS link, in each language', () => {
    expect(pushBodyOf('Inzu: new inquiry about “House”. Reply:')).toBe(
      'Inzu: new inquiry about “House”.',
    );
    expect(
      pushBodyOf('Inzu\u00a0: nouvelle demande sur «\u00a0Maison\u00a0». Répondez\u00a0:'),
    ).toBe('Inzu\u00a0: nouvelle demande sur «\u00a0Maison\u00a0».');
    expect(pushBodyOf('Inzu: ikiganiro gishya kuri “Inzu”. Subiza:')).toBe(
      'Inzu: ikiganiro gishya kuri “Inzu”.',
    );
    expect(pushBodyOf('Inzu: 3 new listings.')).toBe('Inzu: 3 new listings.');
  });
});

describe('isSitePath', () => {
  it('accepts a path of this site and nothing that leaves it', () => {
    expect(isSitePath('/rw/inquiries/1')).toBe(true);
    expect(isSitePath('/')).toBe(true);
    for (const link of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'x', '']) {
      expect(isSitePath(link), link).toBe(false);
    }
    expect(isSitePath(null)).toBe(false);
  });
});

describe('readPushPayload', () => {
  it('keeps a well-formed payload and drops a link that is not a site path', () => {
    expect(readPushPayload({ title: 'T', body: 'B', link: '/x', tag: 'inquiry' })).toEqual({
      title: 'T',
      body: 'B',
      link: '/x',
      tag: 'inquiry',
    });
    expect(
      readPushPayload({ title: 'T', body: 'B', link: 'https://evil.example', tag: 'inquiry' }),
    ).toMatchObject({ link: null });
    expect(readPushPayload({ title: 'T' })).toBeNull();
    expect(readPushPayload('text')).toBeNull();
  });
});
