import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorAnswerSchema, restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { expiredSessionCookie } from '#modules/accounts/accounts.cookie.ts';
import { DeleteAccountInputSchema, PrivacyExportSchema } from './privacy.schema.ts';
import type { PrivacyService } from './privacy.service.ts';

export const privacyApi: FastifyPluginAsyncZod<{
  privacy: PrivacyService;
  /** Whether cookies are Secure (config.siteUrl). */
  siteUrl: string;
}> = async (app, { privacy, siteUrl }) => {
  app.get(
    '/me/export',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: 'Download everything kept about me, as one JSON file',
        description:
          'Profile, listings (deleted ones marked), requests, conversations with their ' +
          'messages, saved listings and searches, notifications, e-mail consents and sessions. ' +
          'Never a password hash, two-step secret or token. Sent as an attachment ' +
          '`inzu-data-<date>.json`.',
        response: { 200: PrivacyExportSchema, ...restrictedErrorAnswers },
      },
    },
    async (request, reply) => {
      const data = await privacy.exportData(request.viewer!);
      const date = data.exportedAt.slice(0, 10);
      reply
        .header('content-disposition', `attachment; filename="inzu-data-${date}.json"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );

  app.delete(
    '/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: 'Delete my account, with my current password',
        description:
          'The account is anonymised as an admin’s delete does (its listings and requests ' +
          'withdrawn, its sessions ended) and the session cookie is cleared. 400 naming ' +
          '`password` when it is missing or wrong; 409 for the last active admin.',
        body: DeleteAccountInputSchema,
        response: {
          204: z.null().describe('Deleted and signed out'),
          ...restrictedErrorAnswers,
          409: ErrorAnswerSchema,
        },
      },
    },
    async (request, reply) => {
      await privacy.deleteOwnAccount(request.body, request.viewer!, { clientAddress: request.ip });
      const isSecure = siteUrl.startsWith('https:') || request.protocol === 'https';
      return reply.header('set-cookie', expiredSessionCookie({ isSecure })).status(204).send(null);
    },
  );
};
