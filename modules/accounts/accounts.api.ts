import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorAnswerSchema,
  MessageAnswerSchema,
  restrictedErrorAnswers,
} from '#lib/api-schemas.ts';
import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';
import { formatPhone } from '#lib/phone.ts';
import {
  PhoneCodeSentAnswerSchema,
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
import { PHONE_CODE_TRIES, PHONE_CODE_TTL_MS } from './accounts.phone-codes.ts';
import {
  LoginInputSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  PhoneCodeInputSchema,
  PhoneCodeResendSchema,
  PhoneInputSchema,
  PhonePasswordResetSchema,
  SignupInputSchema,
  TwoStepLoginInputSchema,
} from './accounts.schema.ts';
import {
  PASSWORD_RESET_TTL_MINUTES,
  type AccountsService,
  type LoginOutcome,
} from './accounts.service.ts';

/** Sign-in answers: 401 wrong password, 403 blocked or cross-site, 409 taken, 429 too many. */
const accountErrorAnswers = {
  ...restrictedErrorAnswers,
  409: ErrorAnswerSchema,
  429: ErrorAnswerSchema,
} as const;

/** A code went by SMS: the message, and the token to bring it back with. */
function codeSentAnswer(message: string, sent: { proof: string }) {
  return { message, codeSent: true as const, proof: sent.proof };
}

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

  /** A first step's answer: the session, or the challenge for the two-step code. */
  function loginAnswer(request: FastifyRequest, reply: FastifyReply, outcome: LoginOutcome) {
    if (outcome.twoStepRequired) {
      return {
        message: t('twoStep.codeNeeded'),
        twoStepRequired: true as const,
        challenge: outcome.challenge,
      };
    }
    startBrowserSession(request, reply, outcome);
    return { message: t('account.loggedIn'), token: outcome.token, user: toApiUser(outcome.user) };
  }

  app.post(
    '/signup',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Register as a buyer, seller or guest, and sign in',
        description:
          'With an `email` and no `phone`: answers 201 with the session token (use it as ' +
          '`Authorization: Bearer`) and sets the httpOnly session cookie for browsers. With a ' +
          '`phone` (and an `email` or not): sends a 6-digit code by SMS to the number and ' +
          'answers 202 with `proof`; nothing is registered until POST /api/signup/confirm ' +
          'brings the code back. At least one of `email` and `phone`; 409 when either already ' +
          'has an account.',
        body: SignupInputSchema,
        response: {
          201: SessionAnswerSchema,
          202: PhoneCodeSentAnswerSchema,
          ...accountErrorAnswers,
        },
      },
    },
    async (request, reply) => {
      const outcome = await accounts.signup(request.body, client(request));
      if (outcome.codeSent) {
        const phone = formatPhone(request.body.phone ?? '');
        return reply.status(202).send(codeSentAnswer(t('phoneCode.sent', { phone }), outcome));
      }
      startBrowserSession(request, reply, outcome);
      return reply.status(201).send({
        message: t('account.registered'),
        token: outcome.token,
        user: toApiUser(outcome.user),
      });
    },
  );

  app.post(
    '/signup/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Finish a registration by phone with the code sent by SMS',
        description:
          'Makes the account, its number proved, and signs in (as POST /api/signup does with ' +
          `an e-mail). A code works for ${PHONE_CODE_TTL_MS / 60_000} minutes and takes ` +
          `${PHONE_CODE_TRIES} tries: 400 naming \`code\` for a wrong one (with the tries left) ` +
          'or a dead one; 409 when the number got an account meanwhile.',
        body: PhoneCodeInputSchema,
        response: { 201: SessionAnswerSchema, ...accountErrorAnswers },
      },
    },
    async (request, reply) => {
      const grant = await accounts.confirmSignup(request.body, client(request));
      startBrowserSession(request, reply, grant);
      return reply.status(201).send({
        message: t('account.registered'),
        token: grant.token,
        user: toApiUser(grant.user),
      });
    },
  );

  app.post(
    '/phone-codes/resend',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Send a new code by SMS in place of the one a `proof` types',
        description:
          `Once a minute at most (429 with Retry-After meanwhile); each number, account and ` +
          'address is sent only so many codes an hour and a day. The old code stops working; ' +
          'the same `proof` types the new one.',
        body: PhoneCodeResendSchema,
        response: { 200: MessageAnswerSchema, ...accountErrorAnswers },
      },
    },
    async (request) => {
      const { phone } = await accounts.resendPhoneCode(request.body.proof, client(request));
      return { message: t('phoneCode.resent', { phone: formatPhone(phone) }) };
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
      return loginAnswer(request, reply, outcome);
    },
  );

  app.post(
    '/login/sms',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Send a sign-in code by SMS instead of using a password',
        description:
          'Answers the same `proof` whether or not the number has an account, so that it does ' +
          'not tell who has one; only an account’s proved number is sent a code.',
        body: PhoneInputSchema,
        response: { 200: PhoneCodeSentAnswerSchema, ...accountErrorAnswers },
      },
    },
    async (request) => {
      const proof = await accounts.requestLoginCode(request.body.phone, client(request));
      const phone = formatPhone(request.body.phone);
      return codeSentAnswer(t('phoneCode.loginSent', { phone }), { proof });
    },
  );

  app.post(
    '/login/sms/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with the code sent by SMS',
        description:
          'A session, as POST /api/login answers; with two-step sign-in on, the two-step ' +
          'challenge (the SMS code stands for the password, not for both steps).',
        body: PhoneCodeInputSchema,
        response: {
          200: z.union([SessionAnswerSchema, TwoStepChallengeAnswerSchema]),
          ...accountErrorAnswers,
        },
      },
    },
    async (request, reply) => {
      const outcome = await accounts.loginWithPhoneCode(request.body, client(request));
      return loginAnswer(request, reply, outcome);
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
        summary: 'E-mail a single-use password reset link, or send a code by SMS',
        description:
          `An \`email\`: the link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. A ` +
          'phone number (in `email` or `phone`): a 6-digit code by SMS and a `proof` to send ' +
          'back with it and the new password to POST /api/reset-password/code. The answer is ' +
          'the same whether or not the address or number has an account.',
        body: PasswordResetRequestSchema,
        response: {
          200: z.union([PhoneCodeSentAnswerSchema, MessageAnswerSchema]),
          ...accountErrorAnswers,
        },
      },
    },
    async (request) => {
      const { proof } = await accounts.requestPasswordReset(request.body, client(request));
      if (proof !== null) {
        const phone = formatPhone(request.body.phone ?? '');
        return codeSentAnswer(t('phoneCode.loginSent', { phone }), { proof });
      }
      return { message: t('reset.requestSent', { minutes: PASSWORD_RESET_TTL_MINUTES }) };
    },
  );

  app.post(
    '/reset-password/code',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the code sent by SMS',
        description:
          'Uses the code up, ends every session of the account and tells its owner. 400 naming ' +
          '`code` for a wrong or dead code.',
        body: PhonePasswordResetSchema,
        response: { 200: MessageAnswerSchema, ...accountErrorAnswers },
      },
    },
    async (request) => {
      await accounts.resetPasswordWithCode(request.body, client(request));
      return { message: t('reset.done') };
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
