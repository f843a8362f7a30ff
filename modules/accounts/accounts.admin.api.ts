import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorAnswerSchema,
  MessageAnswerSchema,
  restrictedErrorAnswers,
} from '#lib/api-schemas.ts';
import { parseOrThrow } from '#lib/form-result.ts';
import { t } from '#lib/i18n.all.ts';
import type { NotificationsService } from '#modules/notifications/notifications.service.ts';
import {
  toApiUser,
  UserAnswerSchema,
  UserChangeAnswerSchema,
  UserListAnswerSchema,
} from './accounts.answers.ts';
import {
  MessageUserParamsSchema,
  PersonalMessageSchema,
  UserIdParamsSchema,
  UserInfoInputSchema,
  UserListQuerySchema,
  UserRoleInputSchema,
  UserStatusAnswerSchema,
  UserVerificationInputSchema,
} from './accounts.schema.ts';
import type { AccountsAdminService } from './accounts.admin.service.ts';

/** Admin writes on users can also conflict: a taken e-mail, the last admin. */
const adminWriteAnswers = { ...restrictedErrorAnswers, 409: ErrorAnswerSchema } as const;

/** User management for admins (spec section 7, 'Admin calls'): list, read, edit, block, promote. */
export const accountsAdminApi: FastifyPluginAsyncZod<{
  accountsAdmin: AccountsAdminService;
  notifications: NotificationsService;
}> = async (app, { accountsAdmin, notifications }) => {
  app.get(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Users, newest first, by role and by part of the name or e-mail',
        description: 'Deleted accounts are never listed.',
        querystring: UserListQuerySchema,
        response: { 200: UserListAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      const { items, ...page } = await accountsAdmin.listUsers(request.query, request.viewer!);
      return { data: items.map(toApiUser), ...page };
    },
  );

  app.get(
    '/user/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'One user (the same shape as GET /api/me)',
        params: UserIdParamsSchema,
        response: { 200: UserAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => ({
      user: toApiUser(await accountsAdmin.getUserForAdmin(request.params.id, request.viewer!)),
    }),
  );

  app.put(
    '/user/:id/status',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Block an active user or unblock a blocked one',
        description:
          'No body. Blocking ends all the user’s sessions at once. An admin cannot block ' +
          'themself (403), and the last active admin cannot be blocked (409).',
        params: UserIdParamsSchema,
        response: { 200: UserStatusAnswerSchema, ...adminWriteAnswers },
      },
    },
    async (request) => accountsAdmin.toggleUserStatus(request.params.id, request.viewer!),
  );

  app.put(
    '/user/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Change a user’s name and e-mail',
        description: 'The e-mail is unique whatever its case (409 when taken).',
        params: UserIdParamsSchema,
        body: UserInfoInputSchema,
        response: { 200: UserChangeAnswerSchema, ...adminWriteAnswers },
      },
    },
    async (request) => {
      const user = await accountsAdmin.updateUserInfo(
        request.params.id,
        request.body,
        request.viewer!,
      );
      return { message: t('users.updated'), user: toApiUser(user) };
    },
  );

  app.post(
    '/user/:id/verification',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Mark a user as a verified seller after checking their identity',
        description:
          'Body `{ "checkedIdentity": true }`: the admin confirms they checked an identity ' +
          'document. Only when and by whom are stored (never a document number); audited as ' +
          '`user.verify`. Their listings then answer `ownerVerified: true`. 409 when already verified.',
        params: UserIdParamsSchema,
        body: UserVerificationInputSchema,
        response: { 200: UserChangeAnswerSchema, ...adminWriteAnswers },
      },
    },
    async (request) => {
      const user = await accountsAdmin.verifyUser(request.params.id, request.body, request.viewer!);
      return { message: t('users.verified'), user: toApiUser(user) };
    },
  );

  app.delete(
    '/user/:id/verification',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Take a user’s verified-seller badge away',
        description: 'No body. Audited as `user.unverify`; 409 when the user is not verified.',
        params: UserIdParamsSchema,
        response: { 200: UserChangeAnswerSchema, ...adminWriteAnswers },
      },
    },
    async (request) => {
      const user = await accountsAdmin.unverifyUser(request.params.id, request.viewer!);
      return { message: t('users.unverified'), user: toApiUser(user) };
    },
  );

  app.delete(
    '/user/:id/two-step',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Turn a user’s two-step sign-in off, for an owner locked out of their account',
        description:
          'No body. Its secret and recovery codes are deleted and every session of the user ' +
          'ends; the user is told by e-mail. Audited as `user.twoStepReset`; 409 when two-step ' +
          'sign-in is not on. Check who is asking first: this lets the password alone sign in.',
        params: UserIdParamsSchema,
        response: { 200: UserChangeAnswerSchema, ...adminWriteAnswers },
      },
    },
    async (request) => {
      const user = await accountsAdmin.resetTwoStep(request.params.id, request.viewer!);
      return { message: t('users.twoStepReset'), user: toApiUser(user) };
    },
  );

  app.put(
    '/user/:id/role',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Promote a user to admin',
        description:
          'Only `admin` is accepted: there is no demotion. The user’s sessions end, so they ' +
          'sign in again. 409 when the user is already an admin.',
        params: UserIdParamsSchema,
        body: UserRoleInputSchema,
        response: { 200: UserChangeAnswerSchema, ...adminWriteAnswers },
      },
    },
    async (request) => {
      const user = await accountsAdmin.promoteUser(request.params.id, request.viewer!);
      return { message: t('users.promoted'), user: toApiUser(user) };
    },
  );

  app.delete(
    '/user/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a user: anonymise the account and withdraw their listings',
        description:
          'The row stays (listings and the audit log point at it) with its name, e-mail and ' +
          'password removed; sessions and reset links end; the user’s properties, assets and ' +
          'property requests are withdrawn. An admin cannot delete themself (403), nor the ' +
          'last active admin (409).',
        params: UserIdParamsSchema,
        response: { 200: MessageAnswerSchema, ...adminWriteAnswers },
      },
    },
    async (request) => {
      await accountsAdmin.deleteUser(request.params.id, request.viewer!);
      return { message: t('users.deleted') };
    },
  );

  app.post(
    '/message/:userId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Send a personal message to a user: their inbox and an e-mail',
        description: 'The body is the message as plain text (text/plain), or JSON `{message}`.',
        params: MessageUserParamsSchema,
        body: z.union([z.string(), z.looseObject({ message: z.unknown().optional() })]).optional(),
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      const body = request.body;
      const { message } = parseOrThrow(
        PersonalMessageSchema,
        typeof body === 'string' ? { message: body } : (body ?? {}),
      );
      await notifications.sendPersonalMessage(request.params.userId, message, request.viewer!);
      return { message: t('users.messageSent') };
    },
  );
};
