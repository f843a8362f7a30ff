import { z } from 'zod';
import { SIGNUP_ROLES, USER_ROLES, USER_STATUSES } from '#lib/account.ts';
import { EmailSchema, requiredText } from '#lib/form-fields.ts';
import { t } from '#lib/i18n.ts';
import { MAX_PAGE, MAX_PAGE_SIZE } from '#lib/pagination.ts';

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 accepts any length; a bound keeps one request from costing seconds of CPU. */
const PASSWORD_MAX_LENGTH = 256;

const PasswordSchema = z
  .string({ error: t('validation.required', { field: t('account.password') }) })
  .min(PASSWORD_MIN_LENGTH, t('account.passwordTooShort', { min: PASSWORD_MIN_LENGTH }))
  .max(PASSWORD_MAX_LENGTH, t('validation.tooLong', { max: PASSWORD_MAX_LENGTH }));

/** Free text at registration, as the spec wants, but only buyer, seller or guest (any case). */
const SignupRoleSchema = z
  .string({ error: t('account.roleInvalid') })
  .trim()
  .toLowerCase()
  .pipe(z.enum(SIGNUP_ROLES, t('account.roleInvalid')));

function passwordsMatch(input: { password: string; confirmPassword: string }): boolean {
  return input.password === input.confirmPassword;
}

const mismatch = { path: ['confirmPassword'], message: t('account.passwordMismatch') };

export const SignupInputSchema = z
  .object({
    username: requiredText('account.username', 100),
    email: EmailSchema,
    role: SignupRoleSchema,
    password: PasswordSchema,
    confirmPassword: z.string({ error: t('account.passwordMismatch') }),
  })
  .refine(passwordsMatch, mismatch);

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: t('validation.required', { field: t('account.password') }) })
    .min(1, t('validation.required', { field: t('account.password') }))
    .max(PASSWORD_MAX_LENGTH, t('validation.tooLong', { max: PASSWORD_MAX_LENGTH })),
});

export const PasswordResetRequestSchema = z.object({ email: EmailSchema });

export const PasswordResetSchema = z
  .object({
    token: z.string({ error: t('reset.invalidLink') }).min(1, t('reset.invalidLink')),
    password: PasswordSchema,
    confirmPassword: z.string({ error: t('account.passwordMismatch') }),
  })
  .refine(passwordsMatch, mismatch);

export type SignupInput = z.infer<typeof SignupInputSchema>;
export type LoginInput = z.infer<typeof LoginInputSchema>;
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;
export type PasswordReset = z.infer<typeof PasswordResetSchema>;

/** A user as the user themself and admins see it: never the password hash. */
export const UserViewSchema = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
});

export type UserView = z.infer<typeof UserViewSchema>;

export const SessionAnswerSchema = z.object({
  message: z.string(),
  token: z.string(),
  user: UserViewSchema,
});

export const UserIdParamsSchema = z.object({
  id: z.uuid(t('account.userIdInvalid')),
});

// --- What admins do with users (the admin panel's user management) ---

/** Blank search text means no search: forms send an empty field. */
const SearchTextSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string()
    .trim()
    .max(100, t('validation.tooLong', { max: 100 }))
    .optional(),
);

export const USER_LIST_PAGE_SIZE = 20;

export const UserListQuerySchema = z.object({
  role: z.enum(USER_ROLES, t('users.roleFilterInvalid')).optional(),
  /** Part of the name or e-mail, any case. */
  q: SearchTextSchema,
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(USER_LIST_PAGE_SIZE),
});

export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const UserListAnswerSchema = z.object({
  data: z.array(UserViewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  isTotalCapped: z.boolean(),
});

/** What an admin may change of a user's account details. */
export const UserInfoInputSchema = z.object({
  name: requiredText('users.name', 100),
  email: EmailSchema,
});

export type UserInfoInput = z.infer<typeof UserInfoInputSchema>;

/** Only promotion exists (spec section 4): there is no demotion. */
export const UserRoleInputSchema = z.object({
  role: z.literal('admin', { error: t('users.roleOnlyAdmin') }),
});

export const UserStatusAnswerSchema = z.object({ status: z.enum(USER_STATUSES) });

export const UserAnswerSchema = z.object({ user: UserViewSchema });

export const UserChangeAnswerSchema = z.object({ message: z.string(), user: UserViewSchema });

export const PERSONAL_MESSAGE_MAX_LENGTH = 5000;

export const PersonalMessageSchema = z.object({
  message: z
    .string({ error: t('validation.required', { field: t('users.messageLabel') }) })
    .trim()
    .min(1, t('validation.required', { field: t('users.messageLabel') }))
    .max(
      PERSONAL_MESSAGE_MAX_LENGTH,
      t('validation.tooLong', { max: PERSONAL_MESSAGE_MAX_LENGTH }),
    ),
});

export const MessageUserParamsSchema = z.object({
  userId: z.uuid(t('account.userIdInvalid')),
});
