import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import type { UserStatus } from '#lib/account.ts';
import { DomainError } from '#lib/errors.ts';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.ts';
import {
  PersonalMessageSchema,
  UserInfoInputSchema,
  UserIdParamsSchema,
} from '#modules/accounts/accounts.schema.ts';
import { requireViewer } from './auth.server.ts';
import { handleFormAction } from './form-action.server.ts';

/** The intents the user list and the user profile post. */
export const USER_INTENTS = {
  status: 'status',
  message: 'message',
  update: 'update',
  promote: 'promote',
  delete: 'delete',
} as const;

export type UserIntent = (typeof USER_INTENTS)[keyof typeof USER_INTENTS];

/** A form answer, which intent it answers, and the user's new status after block/unblock. */
export type UserActionResult = FormResult & { intent?: UserIntent; status?: UserStatus };

/** Tags a form answer with its intent, keeping its status code and headers. */
function withIntent(
  result: ReturnType<typeof data<FormResult>>,
  intent: UserIntent,
): ReturnType<typeof data<UserActionResult>> {
  return data<UserActionResult>({ ...result.data, intent }, result.init ?? undefined);
}

const TargetSchema = z.object({ userId: z.string() });

/** Runs a service call, answering a FormResult; domain errors become the form's message. */
async function answer(
  intent: UserIntent,
  run: () => Promise<{ message: string; status?: UserStatus }>,
): Promise<ReturnType<typeof data<UserActionResult>>> {
  try {
    const { message, status } = await run();
    return data<UserActionResult>({ ok: true, message, intent, ...(status ? { status } : {}) });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data<UserActionResult>(
      { ok: false, message: error.message, fieldErrors: {}, intent },
      { status: error.status },
    );
  }
}

/**
 * The admin user actions of both user pages: block/unblock, message, and on the profile edit,
 * promote and delete. Every one re-checks the admin (an action runs without the layout loader)
 * and the service checks again.
 */
export async function handleUserAction(
  request: Request,
  context: AppLoadContext,
  options: { userId?: string } = {},
) {
  const admin = requireViewer(request, context, { role: 'admin' });
  const form = await request.clone().formData();
  const intent = form.get('intent');
  const userId =
    options.userId ?? TargetSchema.safeParse({ userId: form.get('userId') }).data?.userId;
  if (!userId || !UserIdParamsSchema.safeParse({ id: userId }).success) {
    return data<UserActionResult>(
      { ok: false, message: t('users.notFound'), fieldErrors: {} },
      { status: 404 },
    );
  }
  const { accounts, notifications, search } = context.services;
  switch (intent) {
    case USER_INTENTS.status:
      return answer(intent, async () => {
        const { status } = await accounts.toggleUserStatus(userId, admin);
        const user = await accounts.getUserForAdmin(userId, admin);
        return {
          message: t('users.statusChanged', {
            name: user.name,
            status: t(`users.status.${status}`),
          }),
          status,
        };
      });
    case USER_INTENTS.message:
      return withIntent(
        await handleFormAction(request, context, PersonalMessageSchema, async ({ message }) => {
          await notifications.sendPersonalMessage(userId, message, admin);
          return t('users.messageSent');
        }),
        intent,
      );
    case USER_INTENTS.update:
      return withIntent(
        await handleFormAction(request, context, UserInfoInputSchema, async (input) => {
          await accounts.updateUserInfo(userId, input, admin);
          return t('users.updated');
        }),
        intent,
      );
    case USER_INTENTS.promote:
      return answer(intent, async () => {
        await accounts.promoteUser(userId, admin);
        return { message: t('users.promoted') };
      });
    case USER_INTENTS.delete: {
      const result = await answer(intent, async () => {
        await accounts.deleteUser(userId, admin);
        return { message: t('users.deleted') };
      });
      if (!result.data.ok) return result;
      search.forgetCachedAnswers();
      throw redirect('/admin-panel/users?deleted=1');
    }
    default:
      return data<UserActionResult>(
        { ok: false, message: t('api.invalidInput'), fieldErrors: {} },
        { status: 400 },
      );
  }
}
