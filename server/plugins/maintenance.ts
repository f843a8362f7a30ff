import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { t } from '#lib/i18n.all.ts';
import {
  isOpenDuringMaintenance,
  MAINTENANCE_RETRY_AFTER_SECONDS,
} from '#modules/settings/settings.schema.ts';
import type { SettingsService } from '#modules/settings/settings.service.ts';

/**
 * Maintenance mode (platform settings): everyone but a signed-in admin is turned away, except
 * from what an admin needs to sign in. API calls answer 503 `{ message }`; a form post to a page
 * is sent back to the page, which the root loader answers with the maintenance page (503).
 * Static files (built assets, /media) and /healthz declare no access and are never checked.
 * Registered after the access plugin, so the viewer is known and admin routes already refused
 * anyone else (401/403).
 */
async function maintenancePlugin(app: FastifyInstance, options: { settings: SettingsService }) {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.access) return;
    if (request.viewer?.role === 'admin') return;
    const pathname = request.url.split('?', 1)[0] ?? '/';
    if (isOpenDuringMaintenance(pathname)) return;
    // A file Vite serves in development is not a page.
    if (/\.\w+$/.test(pathname) && !pathname.endsWith('.data')) return;
    if (!(await options.settings.isMaintenanceOn())) return;

    reply.header('retry-after', String(MAINTENANCE_RETRY_AFTER_SECONDS));
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi) {
      return reply.status(503).send({ message: t('maintenance.api') });
    }
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead) {
      // The page itself (not its `.data` twin) shows the maintenance notice.
      return reply.redirect(pathname.replace(/\.data$/, '') || '/', 303);
    }
  });
}

export default fp(maintenancePlugin, { name: 'maintenance', dependencies: ['access'] });
