import { redirect } from '#app/locale-redirect.ts';
import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';
import {
  PersonalMessageSchema,
  UserInfoInputSchema,
  UserVerificationInputSchema,
} from '#modules/accounts/accounts.schema.ts';
import { getServices } from '#server/load-context.ts';
import { adminContext } from '#app/auth.server.ts';
import {
  formHandler,
  handleIntents,
  type FormArgs,
  type IntentOf,
  type IntentResult,
} from '#app/forms/form-action.server.ts';

/** Every user form names its user: the list has a row per user, the profile one user. */
const TargetSchema = z.object({ userId: z.uuid({ error: () => t('users.notFound') }) });

/**
 * The admin user actions of both user pages: block/unblock and message, and on the profile,
 * edit, promote, verify, turn two-step sign-in off and delete. The services check the admin again.
 */
export function handleUserAction(args: FormArgs) {
  const admin = args.context.get(adminContext);
  const { accountsAdmin, notifications } = getServices(args.context);
  return handleIntents(args, {
    status: formHandler(TargetSchema, async ({ userId }) => {
      const { status } = await accountsAdmin.toggleUserStatus(userId, admin);
      const user = await accountsAdmin.getUserForAdmin(userId, admin);
      return t('users.statusChanged', { name: user.name, status: t(`users.status.${status}`) });
    }),
    message: formHandler(TargetSchema.extend(PersonalMessageSchema.shape), async (input) => {
      await notifications.sendPersonalMessage(input.userId, input.message, admin);
      return t('users.messageSent');
    }),
    update: formHandler(TargetSchema.extend(UserInfoInputSchema.shape), async (input) => {
      await accountsAdmin.updateUserInfo(input.userId, input, admin);
      return t('users.updated');
    }),
    promote: formHandler(TargetSchema, async ({ userId }) => {
      await accountsAdmin.promoteUser(userId, admin);
      return t('users.promoted');
    }),
    verify: formHandler(
      TargetSchema.extend(UserVerificationInputSchema.shape),
      async ({ userId, checkedIdentity }) => {
        await accountsAdmin.verifyUser(userId, { checkedIdentity }, admin);
        return t('users.verified');
      },
    ),
    unverify: formHandler(TargetSchema, async ({ userId }) => {
      await accountsAdmin.unverifyUser(userId, admin);
      return t('users.unverified');
    }),
    twoStepReset: formHandler(TargetSchema, async ({ userId }) => {
      await accountsAdmin.resetTwoStep(userId, admin);
      return t('users.twoStepReset');
    }),
    delete: formHandler(TargetSchema, async ({ userId }) => {
      await accountsAdmin.deleteUser(userId, admin);
      throw redirect('/admin-panel/users?deleted=1');
    }),
  });
}

export type UserIntent = IntentOf<typeof handleUserAction>;

/** A user form's answer, and which form it answers. */
export type UserActionResult = IntentResult<UserIntent>;
