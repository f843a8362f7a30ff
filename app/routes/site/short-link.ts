import { data, redirectDocument } from 'react-router';
import { getServices } from '#server/load-context.ts';
import type { Route } from './+types/short-link';

/**
 * An SMS's short link (`/s/Ab3dE9x`): on to the page it stands for, in the language it was
 * written in; a code never given is the site's 404. Only paths of this site are ever stored, so
 * this never sends anyone elsewhere.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const path = await getServices(context).shortLinks.resolve(params.code);
  if (!path) throw data(null, { status: 404 });
  return redirectDocument(path);
}
