import { z } from 'zod';
import { USER_ROLES, USER_STATUSES } from '#lib/account.ts';
import type { UserView } from './accounts.schema.ts';
import { listAnswerSchema } from '#lib/list-query.ts';

/**
 * A user in the API's answers (`/me`, sign-in, the admin's user calls). The specification names
 * the id twice (`_id`, `id`) and the name twice (`username`, `name`), so clients written
 * against it find all four; inside the product a user has one of each (UserView).
 */
const ApiUserSchema = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  name: z.string(),
  /** Null for an account registered with a phone number alone. */
  email: z.string().nullable(),
  /** The account's mobile number (E.164), once proved by the code sent to it; null otherwise. */
  phone: z.string().nullable(),
  /** When the number was proved. */
  phoneProvedAt: z.string().nullable(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
  /** When an admin marked them a verified seller (identity checked); null if not. */
  verifiedAt: z.string().nullable(),
  /**
   * When they proved their e-mail address (the link e-mailed to it); null if not yet. Not an
   * admin's verification of the seller (`verifiedAt`).
   */
  emailProvedAt: z.string().nullable(),
  /** Whether two-step sign-in is on for them. */
  isTwoStepOn: z.boolean(),
});

/** A user in the shape the API answers it. */
export function toApiUser(user: UserView): z.infer<typeof ApiUserSchema> {
  return {
    _id: user.id,
    id: user.id,
    username: user.name,
    name: user.name,
    email: user.email,
    phone: user.phone,
    phoneProvedAt: user.phoneProvedAt,
    role: user.role,
    status: user.status,
    createdAt: user.createdAt,
    verifiedAt: user.verifiedAt,
    emailProvedAt: user.emailProvedAt,
    isTwoStepOn: user.isTwoStepOn,
  };
}

/** `{ user }`: GET /me and the admin's GET /user/:id. */
export const UserAnswerSchema = z.object({ user: ApiUserSchema });

/** An admin's change to a user, with the user as changed. */
export const UserChangeAnswerSchema = z.object({ message: z.string(), user: ApiUserSchema });

/** Signup and login: the session token, and who it signs in. */
export const SessionAnswerSchema = z.object({
  message: z.string(),
  token: z.string(),
  user: ApiUserSchema,
});

/** Login with two-step sign-in on: no session yet, a challenge for POST /login/two-step. */
export const TwoStepChallengeAnswerSchema = z.object({
  message: z.string(),
  twoStepRequired: z.literal(true),
  challenge: z.string(),
});

/**
 * A code was sent by SMS: the token to send back with it (`proof`). A registration by phone, a
 * sign-in by code and a reset by code answer this.
 */
export const PhoneCodeSentAnswerSchema = z.object({
  message: z.string(),
  codeSent: z.literal(true),
  proof: z.string(),
});

export const UserListAnswerSchema = listAnswerSchema(ApiUserSchema);
