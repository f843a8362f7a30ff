import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthorizedError } from '#lib/errors.ts';

/** Who may call a route. Every API route declares one; the access test walks them all. */
export type Access = 'public' | 'signed-in' | 'owner' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export type DeclaredRoute = { method: string; url: string; access: Access };

/**
 * Refuses to start when an API route forgets to declare its access, and enforces the
 * declaration on every request. Until accounts exist nobody is signed in, so anything but
 * `public` answers 401.
 */
async function accessPlugin(app: FastifyInstance) {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.method === 'HEAD') return;
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access`);
    for (const method of [route.method].flat()) {
      declared.push({ method: String(method), url: route.url, access });
    }
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    if (access && access !== 'public') throw new UnauthorizedError('Please log in to continue.');
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    declaredRoutes: DeclaredRoute[];
  }
}

export default fp(accessPlugin, { name: 'access' });
