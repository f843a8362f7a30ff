import { z } from 'zod';
import { CheckboxSchema } from '#lib/form-fields.ts';
import { PUSH_NOTICE_KINDS, type PushNoticeKind } from '#lib/push.ts';

/** `GET /api/push/key`: the site's VAPID public key, which browsers subscribe with. */
export const PushKeyAnswerSchema = z.object({ publicKey: z.string() });

/**
 * `POST /api/my-push-subscriptions`: a browser's PushSubscription as its `toJSON()` writes it.
 * The keys are base64url: a P-256 public point (65 bytes, starting 0x04) and a 16-byte secret.
 * Whether the endpoint may be posted to is the service's to say (push.endpoint.ts).
 */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z.string().min(1).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z
      .string()
      .regex(/^B[\w-]{86}=?$/, 'must be a P-256 public key in base64url (65 bytes)'),
    auth: z.string().regex(/^[\w-]{22}(==)?$/, 'must be 16 bytes in base64url'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

/** `DELETE /api/my-push-subscriptions`: the browser to stop sending to. */
export const PushUnsubscribeInputSchema = z.object({ endpoint: z.string().min(1).max(2000) });

export const PushSubscriptionAnswerSchema = z.object({
  /** How many browsers of the account receive push notices now. */
  subscriptions: z.number().int(),
});

/** Whether each kind of notice reaches the account's browsers by push (lib/push.ts). */
const PushChoicesSchema = z.object(
  Object.fromEntries(PUSH_NOTICE_KINDS.map((kind) => [kind, z.boolean()])) as Record<
    PushNoticeKind,
    z.ZodBoolean
  >,
);

export const PushChoicesAnswerSchema = z.object({
  data: PushChoicesSchema,
  /** How many browsers receive them; 0: none, whatever the choices. */
  subscriptions: z.number().int(),
});

/** `PUT /api/my-push-preferences`: the kinds to change; the others stay as they are. */
export const PushChoicesInputSchema = PushChoicesSchema.partial().strict();

/** The account page's form: a ticked box for each kind, all of them sent together. */
export const PushChoicesFormSchema = z.object(
  Object.fromEntries(PUSH_NOTICE_KINDS.map((kind) => [kind, CheckboxSchema])) as Record<
    (typeof PUSH_NOTICE_KINDS)[number],
    typeof CheckboxSchema
  >,
);
