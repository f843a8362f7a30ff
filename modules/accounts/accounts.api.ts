import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorAnswerSchema,
  MessageAnswerSchema,
  restrictedErrorAnswers,
} from '#lib/api-schemas.ts';
import { t } from '#lib/i18n.admin.ts';
import { SessionAnswerSchema, toApiUser, UserAnswerSchema } from './accounts.answers.ts';
import { expiredSessionCookie, sessionCookie } from './accounts.cookie.ts';
import {
  LoginInputSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  SignupInputSchema,
} from './accounts.schema.ts';
import { PASSWORD_RESET_TTL_MINUTES, type AccountsService } from './accounts.service.ts';

/** Sign-in answers: 401 wrong password, 403 blocked or cross-site, 409 taken, 429 too many. */
const accountErrorAnswers = {
  ...restrictedErrorAnswers,
  409: ErrorAnswerSchema,
  429: ErrorAnswerSchema,
} as const;

export const accountsApi: FastifyPluginAsyncZod<{
  accounts: AccountsService;
  /** Where reset links point (config.siteUrl). */
  siteUrl: string;
}> = async (app, { accounts, siteUrl }) => {
  // Secure cookies whenever visitors use HTTPS: PUBLIC_URL says so, or a trusted proxy does.
  const isSecure = (request: FastifyRequest) =>
    siteUrl.startsWith('https:') || request.protocol === 'https';
  const client = (request: FastifyRequest) => ({ clientAddress: request.ip });

  function startBrowserSession(request: FastifyRequest, reply: FastifyReply, token: string) {
    reply.header('set-cookie', sessionCookie(token, { isSecure: isSecure(request) }));
  }

  app.post(
    '/signup',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Register as a buyer, seller or guest, and sign in',
        description:
          'Answers the session token (use it as `Authorization: Bearer`) and sets the ' +
          'httpOnly session cookie for browsers.',
        body: SignupInputSchema,
        response: { 201: SessionAnswerSchema, ...accountErrorAnswers },
      },
    },
    async (request, reply) => {
      const { token, user } = await accounts.signup(request.body, client(request));
      startBrowserSession(request, reply, token);
      return reply
        .status(201)
        .send({ message: t('account.registered'), token, user: toApiUser(user) });
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with e-mail and password',
        description:
          '401 for a wrong e-mail or password, 403 for a blocked account, 429 after too many ' +
          'failures from one address or on one account.',
        body: LoginInputSchema,
        response: { 200: SessionAnswerSchema, ...accountErrorAnswers },
      },
    },
    async (request, reply) => {
      const { token, user } = await accounts.login(request.body, client(request));
      startBrowserSession(request, reply, token);
      return { message: t('account.loggedIn'), token, user: toApiUser(user) };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'End the current session (cookie or Bearer token)',
        description: 'Succeeds without a session too, so a stale browser can always sign out.',
        response: { 200: MessageAnswerSchema, ...accountErrorAnswers },
      },
    },
    async (request, reply) => {
      if (request.viewer) await accounts.endSession(request.viewer.sessionId);
      reply.header('set-cookie', expiredSessionCookie({ isSecure: isSecure(request) }));
      return { message: t('account.loggedOut') };
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        response: { 200: UserAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => ({ user: toApiUser(await accounts.getUser(request.viewer!.id)) }),
  );

  app.post(
    '/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'E-mail a single-use password reset link',
        description:
          `The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. The answer is the ` +
          'same whether or not the address has an account.',
        body: PasswordResetRequestSchema,
        response: { 200: MessageAnswerSchema, ...accountErrorAnswers },
      },
    },
    async (request) => {
      await accounts.requestPasswordReset(request.body, {
        ...client(request),
        siteUrl,
      });
      return { message: t('reset.requestSent', { minutes: PASSWORD_RESET_TTL_MINUTES }) };
    },
  );

  app.post(
    '/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the token from a reset link',
        description: 'Uses the link up and ends every session of the account.',
        body: PasswordResetSchema,
        response: { 200: MessageAnswerSchema, ...accountErrorAnswers },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body, client(request));
      return { message: t('reset.done') };
    },
  );
};
