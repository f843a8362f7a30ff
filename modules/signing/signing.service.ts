import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '#db/client.ts';
import { signingKeys } from '#db/schema.ts';

export type Signer = ReturnType<typeof createSigner>;

const KEY_NAME = 'links';
/** 24 bytes of HMAC-SHA256: short enough for a link, far beyond guessing. */
const SIGNATURE_BYTES = 24;

/**
 * Signs short texts for links that act without signing in (an unsubscribe link, later a
 * "still available" link): `<payload>.<signature>`, both base64url. The key is made once, by a
 * migration, in the database, so that every process (and every restart) signs and checks alike.
 */
export function createSigner({ db }: { db: Database }) {
  let key: Buffer | undefined;

  /**
   * The key, made by the migration that made its table, read once; through the caller's
   * transaction when it has one (the embedded database runs one at a time).
   */
  async function loadKey(runner: Database | Transaction): Promise<Buffer> {
    if (key) return key;
    const [row] = await runner
      .select({ secret: signingKeys.secret })
      .from(signingKeys)
      .where(eq(signingKeys.name, KEY_NAME));
    if (!row) throw new Error(`the signing key '${KEY_NAME}' is missing: run the migrations`);
    key = Buffer.from(row.secret);
    return key;
  }

  function signatureOf(secret: Buffer, purpose: string, payload: string): Buffer {
    return createHmac('sha256', secret)
      .update(`${purpose}\n${payload}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES);
  }

  /** A token carrying `payload`, good only for `purpose`. */
  async function sign(
    purpose: string,
    payload: string,
    runner: Database | Transaction = db,
  ): Promise<string> {
    const secret = await loadKey(runner);
    const encoded = Buffer.from(payload).toString('base64url');
    return `${encoded}.${signatureOf(secret, purpose, payload).toString('base64url')}`;
  }

  /** The payload of a token signed for `purpose`, or null for anything else. */
  async function verify(purpose: string, token: string): Promise<string | null> {
    const [encoded, signature, ...rest] = token.split('.');
    if (!encoded || !signature || rest.length > 0) return null;
    // Compared as text: a base64url decoder also accepts a character added at the end, which
    // would give one token several spellings.
    const payload = Buffer.from(encoded, 'base64url').toString();
    if (Buffer.from(payload).toString('base64url') !== encoded) return null;
    const expected = Buffer.from(
      signatureOf(await loadKey(db), purpose, payload).toString('base64url'),
    );
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return payload;
  }

  /** The JSON payload of a token signed for `purpose`, when it has `schema`'s shape; else null. */
  async function verifyJson<Payload>(
    purpose: string,
    token: string,
    schema: z.ZodType<Payload>,
  ): Promise<Payload | null> {
    const payload = await verify(purpose, token);
    if (payload === null) return null;
    try {
      const parsed = schema.safeParse(JSON.parse(payload));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  return { sign, verify, verifyJson };
}
