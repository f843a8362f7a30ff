import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DEMO_PHONE_BASE_PATH } from './payments.providers.ts';
import type { PaymentsSimulator } from './payments.simulator.ts';

/**
 * The demo's phone (PAYMENTS=simulator): the simulator's page of prompts waiting for the payer,
 * served on the site so a visitor can approve or decline the payment they started. Its
 * answers name the payment in the path and carry no body.
 */
export const demoPhoneRoutes: FastifyPluginAsync<{ simulator: PaymentsSimulator }> = async (
  app,
  { simulator },
) => {
  // The approve and decline forms post nothing: whatever their body, it is left unread.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const options = { config: { access: 'public' as const }, schema: { hide: true } };
  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    await simulator.handle(request.raw, reply.raw);
  };
  app.get(`${DEMO_PHONE_BASE_PATH}/phone`, options, handOver);
  app.post(`${DEMO_PHONE_BASE_PATH}/phone/:reference/:answer`, options, handOver);
};
