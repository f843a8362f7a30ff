import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorAnswerSchema,
  MessageAnswerSchema,
  restrictedErrorAnswers,
} from '#lib/api-schemas.ts';
import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';
import {
  SessionAnswerSchema,
  toApiUser,
  TwoStepChallengeAnswerSchema,
  UserAnswerSchema,
} from './accounts.answers.ts';
import {
  browserSessionCookies,
  expiredSessionCookie,
  readDeviceCookie,
} from './accounts.cookie.ts';
import {
  LoginInputSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  SignupInputSchema,
  TwoStepLoginInputSchema,
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
  /** Whether cookies are Secure (config.siteUrl on HTTPS). */
  siteUrl: string;
}> = async (app, { accounts, siteUrl }) => {
  // Secure cookies whenever visitors use HTTPS: PUBLIC_URL says so, or a trusted proxy does.
  const isSecure = (request: FastifyRequest) =>
    siteUrl.startsWith('https:') || request.protocol === 'https';
  const client = (request: FastifyRequest) => ({
    clientAddress: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    deviceToken: readDeviceCookie(request.headers.cookie) ?? null,
  });

  /** The session cookie, and the device cookie that vouches for this browser's next sign-ins. */
  function startBrowserSession(
    request: FastifyRequest,
    reply: FastifyReply,
    grant: { token: string; deviceToken: string },
  ) {
    reply.header('set-cookie', browserSessionCookies(grant, { isSecure: isSecure(request) }));
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
      const grant = await accounts.signup(request.body, client(request));
      const { token, user } = grant;
      startBrowserSession(request, reply, grant);
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
          '401 for a wrong e-mail or password, 403 for a blocked account. After 5 failures an ' +
          'account waits 2, 4, 8 ... seconds (at most 15 minutes) before its next attempt is ' +
          'checked: 429 with Retry-After meanwhile; the address has a far higher ceiling of ' +
          'failures. A browser that signed in to the account before sends its `device` cookie ' +
          '(set with the session cookie) and is not held by the account’s wait, only by its ' +
          'own 5 failures a day. With two-step sign-in on, a right password answers ' +
          '`{ twoStepRequired: true, challenge }` and no session: send the challenge with a code ' +
          'to POST /api/login/two-step within 5 minutes.',
        body: LoginInputSchema,
        response: {
          200: z.union([SessionAnswerSchema, TwoStepChallengeAnswerSchema]),
          ...accountErrorAnswers,
        },
      },
    },
    async (request, reply) => {
      const outcome = await accounts.login(request.body, client(request));
      if (outcome.twoStepRequired) {
        return {
          message: t('twoStep.codeNeeded'),
          twoStepRequired: true as const,
          challenge: outcome.challenge,
        };
      }
      startBrowserSession(request, reply, outcome);
      return {
        message: t('account.loggedIn'),
        token: outcome.token,
        user: toApiUser(outcome.user),
      };
    },
  );

  app.post(
    '/login/two-step',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Finish signing in with a two-step code',
        description:
          'The challenge from POST /api/login with a 6-digit code from the authenticator app, ' +
          'or one of the recovery codes (each works once). 400 naming `code` for a wrong code, ' +
          'naming `challenge` once it has expired (5 minutes) or taken 5 wrong codes; 429 while ' +
          'the account waits after repeated wrong codes.',
        body: TwoStepLoginInputSchema,
        response: { 200: SessionAnswerSchema, ...accountErrorAnswers },
      },
    },
    async (request, reply) => {
      const grant = await accounts.loginWithCode(request.body, client(request));
      const { token, user } = grant;
      startBrowserSession(request, reply, grant);
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
      await accounts.requestPasswordReset(request.body, client(request));
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
