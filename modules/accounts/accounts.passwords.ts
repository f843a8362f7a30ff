import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** A password as it is stored: its argon2id hash, never the password. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

/** A hash of a random password nobody knows, made once: what a check without a hash verifies. */
let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. Without a hash (no such account, or a deleted one)
 * it still spends the time a check takes, so timing does not tell who has an account.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash) return argon2.verify(hash, password);
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  await argon2.verify(await dummyHash, password);
  return false;
}
