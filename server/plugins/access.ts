import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { isOwnerOrAdmin } from '#lib/account.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '#lib/errors.ts';
import { t } from '#lib/i18n.all.ts';
import { readSessionCookie } from '#modules/accounts/accounts.cookie.ts';
import type { AccountsService, Viewer } from '#modules/accounts/accounts.service.ts';
import type { OwnedResource, OwnerLookups } from '../owner-lookups.ts';

/**
 * Who may call a route. `owner` routes act on the resource named by their `:id` parameter:
 * its owner and admins may, nobody else.
 */
export type Access = 'public' | 'signed-in' | 'admin' | { owner: OwnedResource };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user, or null. Resolved for API routes and pages, not for static files. */
    viewer: Viewer | null;
    /** How the viewer proved who they are: cookie-authenticated writes must come from this site. */
    credentials: 'cookie' | 'bearer' | null;
  }
  interface FastifyInstance {
    declaredRoutes: DeclaredRoute[];
  }
}

export type DeclaredRoute = { method: string; url: string; access: Access };

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isUuid = (value: unknown) => z.uuid().safeParse(value).success;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** The origin a request says it comes from: the Origin header, else the Referer's origin. */
function claimedOrigin(request: FastifyRequest): string | undefined {
  if (request.headers.origin) return request.headers.origin;
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

type AccessOptions = {
  accounts: AccountsService;
  ownerLookups: OwnerLookups;
  /** The site's public address; without it, the request's own host is the site. */
  publicUrl: string | undefined;
};

/**
 * Signs requests in (Bearer token, else session cookie), refuses cross-site writes made with the
 * cookie, and enforces each route's declared access before anything else runs: an anonymous
 * caller gets 401, a signed-in one without the right 403. The server refuses to start when an
 * API route forgets to declare its access.
 */
async function accessPlugin(app: FastifyInstance, options: AccessOptions) {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.decorateRequest('viewer', null);
  app.decorateRequest('credentials', null);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!route.url.startsWith('/api') || route.method === 'HEAD') return;
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access`);
    if (typeof access === 'object' && !route.url.includes(':id')) {
      throw new Error(`${String(route.method)} ${route.url}: owner routes need an :id parameter`);
    }
    for (const method of [route.method].flat()) {
      declared.push({ method: String(method), url: route.url, access });
    }
  });

  function isSameSite(request: FastifyRequest): boolean {
    const origin = claimedOrigin(request);
    if (!origin) return false;
    const site = options.publicUrl ?? `${request.protocol}://${request.host}`;
    return origin === new URL(site).origin || origin === `${request.protocol}://${request.host}`;
  }

  async function authenticate(request: FastifyRequest): Promise<void> {
    const bearer = bearerToken(request);
    const token = bearer ?? readSessionCookie(request.headers.cookie);
    if (!token) return;
    request.credentials = bearer ? 'bearer' : 'cookie';
    request.viewer = await options.accounts.getViewer(token);
  }

  async function assertOwner(request: FastifyRequest, resource: OwnedResource, viewer: Viewer) {
    if (viewer.role === 'admin') return;
    const id = (request.params as { id?: unknown }).id;
    const ownerId = isUuid(id) ? await options.ownerLookups[resource](String(id)) : undefined;
    if (!ownerId) throw new NotFoundError(t('api.notFound'));
    if (isOwnerOrAdmin(viewer, ownerId)) return;
    // An admin held to two-step sign-in (ADMIN_2FA=required) is told how to get their powers.
    if (options.accounts.mustTurnOnTwoStep(viewer))
      throw new ForbiddenError(t('auth.turnOnTwoStep'));
    throw new ForbiddenError(t('auth.forbidden'));
  }

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    await authenticate(request);
    const hasCookie = Boolean(readSessionCookie(request.headers.cookie));
    if (UNSAFE_METHODS.has(request.method) && (hasCookie || claimedOrigin(request))) {
      // Browsers always say where a write comes from; a cookie-carrying write that does not,
      // or that comes from another site, is refused (defence in depth beside SameSite=Lax).
      if (!isSameSite(request) && request.credentials !== 'bearer') {
        throw new ForbiddenError(t('auth.crossSite'));
      }
    }
    if (access === 'public') return;
    const viewer = request.viewer;
    if (!viewer) throw new UnauthorizedError(t('auth.signInRequired'));
    if (access === 'signed-in') return;
    if (access === 'admin') {
      if (viewer.role === 'admin') return;
      if (options.accounts.mustTurnOnTwoStep(viewer)) {
        throw new ForbiddenError(t('auth.turnOnTwoStep'));
      }
      throw new ForbiddenError(t('auth.adminOnly'));
    }
    await assertOwner(request, access.owner, viewer);
  });
}

export default fp(accessPlugin, { name: 'access' });
