import { z } from 'zod';

/** Every error answer: a message naming the problem, and per-field issues for bad input. */
export const ErrorAnswerSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export const MessageAnswerSchema = z.object({ message: z.string() });

/** Response schemas for the error statuses a route can answer. */
export const errorAnswers = {
  400: ErrorAnswerSchema,
  404: ErrorAnswerSchema,
} as const;

/** Response schemas for routes closed to some callers (signed-in, owner or admin access). */
export const restrictedErrorAnswers = {
  ...errorAnswers,
  401: ErrorAnswerSchema,
  403: ErrorAnswerSchema,
} as const;

/** The rate limit a public form route applies, per client address. */
export type FormRateLimit = { max: number; timeWindow: number };
