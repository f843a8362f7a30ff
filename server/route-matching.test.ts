/**
 * React Router is patched (patches/react-router+7.18.4.patch) to keep the matches of each
 * pathname: each request must still get its own params, and the same answer as unpatched.
 */
import { createStaticHandler } from 'react-router';
import { describe, expect, it } from 'vitest';

const routes = [
  {
    id: 'language',
    path: ':lang?',
    children: [
      { id: 'home', index: true, loader: () => null },
      { id: 'property', path: 'property/:id', loader: () => null },
    ],
  },
];

/** The route ids and params a GET of `path` matches. */
async function matched(handler: ReturnType<typeof createStaticHandler>, path: string) {
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  return context.matches.map((match) => ({ id: match.route.id, params: match.params }));
}

describe('route matching', () => {
  it('answers the same pathname alike, each time with its own params', async () => {
    const handler = createStaticHandler(routes);
    const first = await matched(handler, '/rw/property/a1');
    expect(first.map((match) => match.id)).toEqual(['language', 'property']);
    expect(first[1]!.params).toEqual({ lang: 'rw', id: 'a1' });
    Object.assign(first[1]!.params, { id: 'changed by a caller' });

    expect((await matched(handler, '/rw/property/a1'))[1]!.params).toEqual({
      lang: 'rw',
      id: 'a1',
    });
    expect((await matched(handler, '/property/b2'))[1]!.params).toEqual({ id: 'b2' });
    expect((await matched(handler, '/')).map((match) => match.id)).toEqual(['language', 'home']);
  });
});
