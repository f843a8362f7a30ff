import { z } from 'zod';
import {
  SIGNUP_ROLES,
  USER_ROLES,
  USER_STATUSES,
  type UserRole,
  type UserStatus,
} from '#lib/account.ts';
import { EmailSchema, requiredText } from '#lib/form-fields.ts';
import { looksLikePhone, toAccountPhone } from '#lib/phone.ts';
import { t } from '#lib/i18n.all.ts';
import { LOCALES } from '#lib/i18n.ts';
import {
  EMAIL_MAX_LENGTH,
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

/** A field a form may leave blank: blank is absent. */
function blankAsAbsent<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );
}

/** A mobile number in any common shape, as E.164 (lib/phone.ts). */
const AccountPhoneSchema = z
  .string({ error: () => t('validation.phone') })
  .max(40, { error: () => t('validation.phone') })
  .transform((value, context) => {
    const phone = toAccountPhone(value);
    if (phone) return phone;
    context.addIssue({ code: 'custom', message: t('validation.phone') });
    return z.NEVER;
  });

/** Who signs in or asks for a new password: their e-mail address or their phone number. */
export type SignInName =
  { email: string; phone?: undefined } | { phone: string; email?: undefined };

/**
 * The spec's `email` field takes a phone number too (the form has one box for either); an API
 * client may send `phone` instead.
 */
const signInNameFields = {
  email: blankAsAbsent(z.string().trim().max(EMAIL_MAX_LENGTH)),
  phone: blankAsAbsent(z.string().trim().max(40)),
};

function toSignInName(
  typed: { email?: string | undefined; phone?: string | undefined },
  context: z.RefinementCtx,
): SignInName {
  const field = typed.phone !== undefined ? 'phone' : 'email';
  const value = typed.phone ?? typed.email;
  if (value === undefined) {
    context.addIssue({ code: 'custom', path: ['email'], message: t('account.identifierInvalid') });
    return z.NEVER;
  }
  if (field === 'phone' || looksLikePhone(value)) {
    const phone = toAccountPhone(value);
    if (phone) return { phone };
    context.addIssue({ code: 'custom', path: [field], message: t('validation.phone') });
    return z.NEVER;
  }
  const email = EmailSchema.safeParse(value);
  if (email.success) return { email: email.data };
  context.addIssue({ code: 'custom', path: ['email'], message: t('account.identifierInvalid') });
  return z.NEVER;
}

export const SignupInputSchema = z
  .object({
    username: requiredText('account.username', NAME_MAX_LENGTH),
    /** An e-mail address, a phone number, or both: at least one. */
    email: blankAsAbsent(EmailSchema),
    phone: blankAsAbsent(AccountPhoneSchema),
    role: SignupRoleSchema,
    password: PasswordSchema,
    confirmPassword: z.string({ error: () => t('account.passwordMismatch') }),
    /**
     * The language of the page the visitor registered on (the form sends it), which their
     * e-mails and notices use; without it, the request's language.
     */
    locale: z.enum(LOCALES, { error: () => t('validation.locale') }).optional(),
  })
  .refine(passwordsMatch, mismatch)
  .refine((input) => input.email !== undefined || input.phone !== undefined, {
    path: ['phone'],
    error: () => t('account.emailOrPhone'),
  });

export const LoginInputSchema = z
  .object({
    ...signInNameFields,
    password: z
      .string({ error: () => t('validation.required', { field: t('account.password') }) })
      .min(1, { error: () => t('validation.required', { field: t('account.password') }) })
      .max(PASSWORD_MAX_LENGTH, {
        error: () => t('validation.tooLong', { max: PASSWORD_MAX_LENGTH }),
      }),
  })
  .transform(({ email, phone, password }, context) => ({
    ...toSignInName({ email, phone }, context),
    password,
  }));

/** A reset link by e-mail, or a code by SMS, to whoever holds the address or number. */
export const PasswordResetRequestSchema = z
  .object(signInNameFields)
  .transform((typed, context) => toSignInName(typed, context));

/** The token that a code sent by SMS is typed with (the answer that sent it gave it). */
const ProofSchema = z
  .string({ error: () => t('phoneCode.proofInvalid') })
  .min(1, { error: () => t('phoneCode.proofInvalid') })
  .max(200, { error: () => t('phoneCode.proofInvalid') });

/** A code sent by SMS, with its token. */
export const PhoneCodeInputSchema = z.object({
  proof: ProofSchema,
  code: z
    .string({ error: () => t('validation.required', { field: t('phoneCode.codeLabel') }) })
    .trim()
    .min(1, { error: () => t('validation.required', { field: t('phoneCode.codeLabel') }) })
    .max(20, { error: () => t('phoneCode.expired') }),
});

/** Asking for a new code in place of the one a token types. */
export const PhoneCodeResendSchema = z.object({ proof: ProofSchema });

/** A number to sign in to by SMS code. */
export const PhoneInputSchema = z.object({ phone: AccountPhoneSchema });

/** A new password set with a code sent by SMS instead of an e-mailed link. */
export const PhonePasswordResetSchema = z
  .object({
    ...PhoneCodeInputSchema.shape,
    password: PasswordSchema,
    confirmPassword: z.string({ error: () => t('account.passwordMismatch') }),
  })
  .refine(passwordsMatch, mismatch);

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
export type PhoneCodeInput = z.infer<typeof PhoneCodeInputSchema>;
export type PhonePasswordReset = z.infer<typeof PhonePasswordResetSchema>;

/**
 * A user as the user themself and admins see it: never the password hash. The API answers it
 * in the spec's shape, with the id and the name twice (accounts.answers.ts).
 */
export type UserView = {
  id: string;
  name: string;
  /** Null for an account registered with a phone number alone. */
  email: string | null;
  /** The account's proved mobile number (E.164), or null. */
  phone: string | null;
  /** When its number was proved by the code sent to it. */
  phoneProvedAt: string | null;
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
  /** Blank only for an account registered by phone (the service checks). */
  email: blankAsAbsent(EmailSchema),
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
  /** Null for an account registered with a phone number alone. */
  email: z.string().nullable(),
  /** When it was proved; null until the link sent to it is followed. */
  provedAt: z.string().nullable(),
});

/** A number to add to one's account, with the password (accounts.security.service.ts). */
export const PhoneAddSchema = z.object({
  phone: AccountPhoneSchema,
  password: CurrentPasswordSchema,
});

export type PhoneAddInput = z.infer<typeof PhoneAddSchema>;

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
