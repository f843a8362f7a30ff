import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorAnswerSchema,
  MessageAnswerSchema,
  restrictedErrorAnswers,
} from '#lib/api-schemas.ts';
import { t } from '#lib/i18n.all.ts';
import { formatPhone } from '#lib/phone.ts';
import {
  PhoneCodeSentAnswerSchema,
  toApiUser,
  UserChangeAnswerSchema,
} from './accounts.answers.ts';
import {
  PasswordChangeSchema,
  PasswordConfirmSchema,
  PhoneAddSchema,
  PhoneCodeInputSchema,
  SessionIdParamsSchema,
  TwoStepDisableSchema,
  TwoStepEnableSchema,
  TwoStepSetupSchema,
} from './accounts.schema.ts';
import type { AccountSecurityService } from './accounts.security.service.ts';

/** 409 turning on what is on (or off what is off), 429 after too many wrong passwords or codes. */
const securityErrorAnswers = {
  ...restrictedErrorAnswers,
  409: ErrorAnswerSchema,
  429: ErrorAnswerSchema,
} as const;

const TwoStepStateSchema = z.object({
  isOn: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number(),
});

const RecoveryCodesAnswerSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});

const SessionsAnswerSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      browser: z.string().nullable(),
      system: z.string().nullable(),
      description: z.string(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      current: z.boolean(),
    }),
  ),
});

/** A signed-in user's own security: two-step sign-in, sessions, password (under /api/me). */
export const accountSecurityApi: FastifyPluginAsyncZod<{
  security: AccountSecurityService;
}> = async (app, { security }) => {
  const client = (request: FastifyRequest) => ({ clientAddress: request.ip });

  app.get(
    '/me/two-step',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['security'],
        summary: 'Whether two-step sign-in is on, and how many recovery codes are left',
        response: { 200: TwoStepStateSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => security.getTwoStep(request.viewer!.id),
  );

  app.post(
    '/me/two-step/setup',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['security'],
        summary: 'Start turning two-step sign-in on: a new secret for an authenticator app',
        description:
          'With the account’s `password` (400 naming it when missing or wrong; a wrong one ' +
          'counts as a failed sign-in). Answers the otpauth:// URI (for a QR code) and the ' +
          'secret (base32, to type in). Two-step sign-in is on only after ' +
          'POST /api/me/two-step/enable with the password and a code from the app.',
        body: TwoStepSetupSchema,
        response: {
          200: z.object({ secret: z.string(), uri: z.string() }),
          ...securityErrorAnswers,
        },
      },
    },
    async (request) =>
      security.setUpTwoStep(request.viewer!, request.body.password, client(request)),
  );

  app.post(
    '/me/two-step/enable',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['security'],
        summary: 'Turn two-step sign-in on with the password and a code from the app',
        description:
          'Answers 10 single-use recovery codes, shown this once (only their hashes are kept). ' +
          '400 naming `password` or `code` when wrong. Every other session of the account ' +
          'ends, and the account’s address is told by e-mail.',
        body: TwoStepEnableSchema,
        response: { 200: RecoveryCodesAnswerSchema, ...securityErrorAnswers },
      },
    },
    async (request) => ({
      message: t('twoStep.turnedOn'),
      recoveryCodes: await security.enableTwoStep(request.viewer!, request.body, client(request)),
    }),
  );

  app.post(
    '/me/two-step/disable',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['security'],
        summary: 'Turn two-step sign-in off, with the password and a code or recovery code',
        body: TwoStepDisableSchema,
        response: { 200: MessageAnswerSchema, ...securityErrorAnswers },
      },
    },
    async (request) => {
      await security.disableTwoStep(request.viewer!, request.body, client(request));
      return { message: t('twoStep.turnedOff') };
    },
  );

  app.post(
    '/me/two-step/recovery-codes',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['security'],
        summary: 'A new set of 10 recovery codes, with the password; the old ones stop working',
        body: PasswordConfirmSchema,
        response: { 200: RecoveryCodesAnswerSchema, ...securityErrorAnswers },
      },
    },
    async (request) => ({
      message: t('twoStep.newCodesMade'),
      recoveryCodes: await security.renewRecoveryCodes(
        request.viewer!,
        request.body.password,
        client(request),
      ),
    }),
  );

  app.get(
    '/me/sessions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['security'],
        summary: 'My sessions: where each signed in, when, when last used; the current one marked',
        response: { 200: SessionsAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => ({ data: await security.listSessions(request.viewer!) }),
  );

  app.delete(
    '/me/sessions/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['security'],
        summary: 'Sign one of my sessions out (404 for any other)',
        params: SessionIdParamsSchema,
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      await security.endOwnSession(request.viewer!, request.params.id);
      return { message: t('sessions.signedOut') };
    },
  );

  app.post(
    '/me/phone',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['security'],
        summary: 'Add a phone number to my account: sends it a code by SMS',
        description:
          'With the current password (400 naming `password` when wrong): a stolen session ' +
          'alone cannot put another number on the account. 409 when the number is another ' +
          'account’s or already this one’s. The number is the account’s only once ' +
          'POST /api/me/phone/confirm brings its code back; until then it neither signs in nor ' +
          'receives SMS.',
        body: PhoneAddSchema,
        response: { 200: PhoneCodeSentAnswerSchema, ...securityErrorAnswers },
      },
    },
    async (request) => {
      const proof = await security.addPhone(request.viewer!, request.body, client(request));
      const phone = formatPhone(request.body.phone);
      return { message: t('phoneCode.sent', { phone }), codeSent: true as const, proof };
    },
  );

  app.post(
    '/me/phone/confirm',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['security'],
        summary: 'Prove the number being added with the code sent to it',
        description:
          'Only the account the code was sent for (400 naming `code` otherwise, or for a wrong ' +
          'or dead code). The number replaces any other on the account; the account’s e-mail ' +
          'address and former number are told.',
        body: PhoneCodeInputSchema,
        response: { 200: UserChangeAnswerSchema, ...securityErrorAnswers },
      },
    },
    async (request) => {
      const user = await security.confirmPhone(request.viewer!, request.body);
      return { message: t('phone.proved'), user: toApiUser(user) };
    },
  );

  app.delete(
    '/me/phone',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['security'],
        summary: 'Remove the phone number from my account',
        description:
          'With the current password. 409 when the account has no number, or no e-mail ' +
          'address to sign in with instead.',
        body: PasswordConfirmSchema,
        response: { 200: MessageAnswerSchema, ...securityErrorAnswers },
      },
    },
    async (request) => {
      await security.removePhone(request.viewer!, request.body.password, client(request));
      return { message: t('phone.removed') };
    },
  );

  app.post(
    '/me/password',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['security'],
        summary: 'Change my password',
        description:
          'With the current password (400 naming `currentPassword` when wrong). Every other ' +
          'session ends; this one stays signed in.',
        body: PasswordChangeSchema,
        response: { 200: MessageAnswerSchema, ...securityErrorAnswers },
      },
    },
    async (request) => {
      await security.changePassword(request.viewer!, request.body, client(request));
      return { message: t('security.passwordChanged') };
    },
  );
};
