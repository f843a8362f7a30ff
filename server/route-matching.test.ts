/**
 * React Router is patched (patches/react-router+7.18.4.patch) to keep the matches of each
 * pathname, and the routes a page is rendered with: each request must still get its own params
 * and its own state, and the same answer as unpatched.
 */
import type * as ReactRouter from 'react-router';
import { describe, expect, it } from 'vitest';

// The ES module build, as the server loads it: vitest's own resolution picks the CommonJS one,
// which the patch leaves alone.
const { createStaticHandler, createStaticRouter } = (await import(
  import.meta.resolve('react-router')
)) as typeof ReactRouter;

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

/** What the static handler answers a GET of `path`. */
async function queried(handler: ReturnType<typeof createStaticHandler>, path: string) {
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  return context;
}

/** The route ids and params a GET of `path` matches. */
async function matched(handler: ReturnType<typeof createStaticHandler>, path: string) {
  const context = await queried(handler, path);
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

  it('renders each page with its own location and matches on the routes made once', async () => {
    const handler = createStaticHandler(routes);
    const property = createStaticRouter(routes, await queried(handler, '/rw/property/a1'));
    const home = createStaticRouter(routes, await queried(handler, '/'));

    expect(home.routes).toBe(property.routes);
    expect(property.state.location.pathname).toBe('/rw/property/a1');
    expect(property.state.matches.map((match) => match.route.id)).toEqual(['language', 'property']);
    expect(property.state.matches[1]!.params).toEqual({ lang: 'rw', id: 'a1' });
    expect(home.state.location.pathname).toBe('/');
    expect(home.state.matches.map((match) => match.route.id)).toEqual(['language', 'home']);
    // A match's route is the kept data route, as the page's components look it up.
    expect(home.state.matches[1]!.route).toBe(home.routes[0]!.children![0]);
  });
});
