import { z } from 'zod';
import {
  SIGNUP_ROLES,
  USER_ROLES,
  USER_STATUSES,
  type UserRole,
  type UserStatus,
} from '#lib/account.ts';
import { EmailSchema, requiredText } from '#lib/form-fields.ts';
import { t } from '#lib/i18n.all.ts';
import { LOCALES } from '#lib/i18n.ts';
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERSONAL_MESSAGE_MAX_LENGTH,
  SEARCH_TEXT_MAX_LENGTH,
  USER_LIST_PAGE_SIZE,
} from '#lib/limits.ts';
import { listQuerySchema } from '#lib/list-query.ts';

const PasswordSchema = z
  .string({ error: () => t('validation.required', { field: t('account.password') }) })
  .min(PASSWORD_MIN_LENGTH, {
    error: () => t('account.passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
  })
  .max(PASSWORD_MAX_LENGTH, { error: () => t('validation.tooLong', { max: PASSWORD_MAX_LENGTH }) });

/** Free text at registration, as the spec wants, but only buyer, seller or guest (any case). */
const SignupRoleSchema = z
  .string({ error: () => t('account.roleInvalid') })
  .trim()
  .toLowerCase()
  .pipe(z.enum(SIGNUP_ROLES, { error: () => t('account.roleInvalid') }));

function passwordsMatch(input: { password: string; confirmPassword: string }): boolean {
  return input.password === input.confirmPassword;
}

const mismatch = { path: ['confirmPassword'], error: () => t('account.passwordMismatch') };

export const SignupInputSchema = z
  .object({
    username: requiredText('account.username', NAME_MAX_LENGTH),
    email: EmailSchema,
    role: SignupRoleSchema,
    password: PasswordSchema,
    confirmPassword: z.string({ error: () => t('account.passwordMismatch') }),
    /**
     * The language of the page the visitor registered on (the form sends it), which their
     * e-mails and notices use; without it, the request's language.
     */
    locale: z.enum(LOCALES, { error: () => t('validation.locale') }).optional(),
  })
  .refine(passwordsMatch, mismatch);

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: () => t('validation.required', { field: t('account.password') }) })
    .min(1, { error: () => t('validation.required', { field: t('account.password') }) })
    .max(PASSWORD_MAX_LENGTH, {
      error: () => t('validation.tooLong', { max: PASSWORD_MAX_LENGTH }),
    }),
});

export const PasswordResetRequestSchema = z.object({ email: EmailSchema });

export const PasswordResetSchema = z
  .object({
    token: z
      .string({ error: () => t('reset.invalidLink') })
      .min(1, { error: () => t('reset.invalidLink') }),
    password: PasswordSchema,
    confirmPassword: z.string({ error: () => t('account.passwordMismatch') }),
  })
  .refine(passwordsMatch, mismatch);

export type SignupInput = z.infer<typeof SignupInputSchema>;
export type LoginInput = z.infer<typeof LoginInputSchema>;
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;
export type PasswordReset = z.infer<typeof PasswordResetSchema>;

/**
 * A user as the user themself and admins see it: never the password hash. The API answers it
 * in the spec's shape, with the id and the name twice (accounts.answers.ts).
 */
export type UserView = {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  status: UserStatus;
  createdAt: string;
  /** When an admin last checked their identity and marked them verified; null if not verified. */
  verifiedAt: string | null;
  /**
   * When they proved their e-mail address by following the link sent to it; null until then,
   * and again after the address changes.
   */
  emailProvedAt: string | null;
  /** Whether two-step sign-in is on for them. */
  isTwoStepOn: boolean;
};

export const UserIdParamsSchema = z.object({
  id: z.uuid({ error: () => t('account.userIdInvalid') }),
});

// --- What admins do with users (the admin panel's user management) ---

/** Blank search text means no search: forms send an empty field. */
const SearchTextSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string()
    .trim()
    .max(SEARCH_TEXT_MAX_LENGTH, {
      error: () => t('validation.tooLong', { max: SEARCH_TEXT_MAX_LENGTH }),
    })
    .optional(),
);

export const UserListQuerySchema = listQuerySchema(USER_LIST_PAGE_SIZE, {
  role: z.enum(USER_ROLES, { error: () => t('users.roleFilterInvalid') }).optional(),
  /** Part of the name or e-mail, any case. */
  q: SearchTextSchema,
});

export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/** What an admin may change of a user's account details. */
export const UserInfoInputSchema = z.object({
  name: requiredText('users.name', NAME_MAX_LENGTH),
  email: EmailSchema,
});

export type UserInfoInput = z.infer<typeof UserInfoInputSchema>;

/** Only promotion exists (spec section 4): there is no demotion. */
export const UserRoleInputSchema = z.object({
  role: z.literal('admin', { error: () => t('users.roleOnlyAdmin') }),
});

export const UserStatusAnswerSchema = z.object({ status: z.enum(USER_STATUSES) });

/**
 * Marking a user verified: the admin confirms they checked an identity document. Only who
 * checked and when are kept, never a document number, so there is no field for one.
 */
export const UserVerificationInputSchema = z.object({
  checkedIdentity: z.preprocess(
    (value) => value === true || value === 'true' || value === 'on',
    z.literal(true, { error: () => t('users.verifyCheckRequired') }),
  ),
});

export const PersonalMessageSchema = z.object({
  message: z
    .string({ error: () => t('validation.required', { field: t('users.messageLabel') }) })
    .trim()
    .min(1, { error: () => t('validation.required', { field: t('users.messageLabel') }) })
    .max(PERSONAL_MESSAGE_MAX_LENGTH, {
      error: () => t('validation.tooLong', { max: PERSONAL_MESSAGE_MAX_LENGTH }),
    }),
});

export const MessageUserParamsSchema = z.object({
  userId: z.uuid({ error: () => t('account.userIdInvalid') }),
});

// --- Two-step sign-in, sessions and password changes (accounts.security.service.ts) ---

/** ADMIN_2FA: `required` holds admins to two-step sign-in before the admin panel opens. */
export type AdminTwoStep = 'optional' | 'required';

/** A 6-digit code from an authenticator app, or a recovery code (spaces and dashes allowed). */
const CodeSchema = z
  .string({ error: () => t('validation.required', { field: t('twoStep.codeLabel') }) })
  .trim()
  .min(1, { error: () => t('validation.required', { field: t('twoStep.codeLabel') }) })
  .max(40, { error: () => t('twoStep.wrongCode') });

const CurrentPasswordSchema = z
  .string({ error: () => t('validation.required', { field: t('account.password') }) })
  .min(1, { error: () => t('validation.required', { field: t('account.password') }) })
  .max(PASSWORD_MAX_LENGTH, { error: () => t('validation.tooLong', { max: PASSWORD_MAX_LENGTH }) });

export const TwoStepLoginInputSchema = z.object({
  challenge: z
    .string({ error: () => t('twoStep.challengeExpired') })
    .min(1, { error: () => t('twoStep.challengeExpired') })
    .max(1000, { error: () => t('twoStep.challengeExpired') }),
  code: CodeSchema,
});

export const TwoStepSetupSchema = z.object({ password: CurrentPasswordSchema });

export const TwoStepEnableSchema = z.object({ password: CurrentPasswordSchema, code: CodeSchema });

export const TwoStepDisableSchema = z.object({ password: CurrentPasswordSchema, code: CodeSchema });

export const PasswordConfirmSchema = z.object({ password: CurrentPasswordSchema });

/** The token of the link that proves an account's e-mail address (`/account/email-proof`). */
export const EmailProofTokenSchema = z.object({
  token: z
    .string({ error: () => t('emailProof.invalidLink') })
    .min(1, { error: () => t('emailProof.invalidLink') })
    .max(600, { error: () => t('emailProof.invalidLink') }),
});

/** Where an account's e-mail address stands (GET /api/me/email-proof). */
export const EmailProofStateSchema = z.object({
  email: z.string(),
  /** When it was proved; null until the link sent to it is followed. */
  provedAt: z.string().nullable(),
});

export const PasswordChangeSchema = z.object({
  currentPassword: CurrentPasswordSchema,
  newPassword: PasswordSchema,
});

export const SessionIdParamsSchema = z.object({
  id: z.uuid({ error: () => t('sessions.idInvalid') }),
});

export type TwoStepLoginInput = z.infer<typeof TwoStepLoginInputSchema>;
export type TwoStepEnableInput = z.infer<typeof TwoStepEnableSchema>;
export type TwoStepDisableInput = z.infer<typeof TwoStepDisableSchema>;
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;
