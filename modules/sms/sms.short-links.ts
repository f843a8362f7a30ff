import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { shortLinks } from '#db/schema.ts';
import type { Clock } from '#lib/clock.ts';
import { currentLocale, localePath, type Locale } from '#lib/i18n.ts';

export type ShortLinks = ReturnType<typeof createShortLinks>;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/**
 * 57 letters and digits (none that a phone's font confuses: 0 O, 1 l I), 7 of them: about 2×10¹²
 * codes, so that nobody finds the pages behind them by trying; those pages check who opens them
 * anyway.
 */
const CODE_LENGTH = 7;
const SHORT_CODE = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

function newCode(): string {
  return Array.from(
    { length: CODE_LENGTH },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  ).join('');
}

/**
 * The links of SMS: `https://…/s/Ab3dE9x` in place of a page's whole address, so that a notice
 * and its link fit one 160-character part in every language. A page (with its language) keeps
 * one code: the links of one conversation's SMS are all the same.
 */
export function createShortLinks({
  db,
  clock,
  siteUrl,
}: {
  db: Database;
  clock: Clock;
  siteUrl: string;
}) {
  const origin = siteUrl.replace(/\/+$/, '');

  /** `path` of this site, in `locale` (the one being written in), as a short link. */
  async function link(
    path: string,
    tx: Database | Transaction = db,
    locale: Locale = currentLocale(),
  ): Promise<string> {
    const target = localePath(path, locale);
    // A fresh code could meet one already taken (one chance in 10¹² a time): draw again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await tx
        .insert(shortLinks)
        .values({ code: newCode(), path: target, createdAt: clock() })
        .onConflictDoNothing();
      const [row] = await tx
        .select({ code: shortLinks.code })
        .from(shortLinks)
        .where(eq(shortLinks.path, target));
      if (row) return `${origin}/s/${row.code}`;
    }
    throw new Error('no short link code was free');
  }

  /** The path a code stands for, or null for a code never given. */
  async function resolve(code: string): Promise<string | null> {
    if (!SHORT_CODE.test(code)) return null;
    const [row] = await db
      .select({ path: shortLinks.path })
      .from(shortLinks)
      .where(eq(shortLinks.code, code));
    return row?.path ?? null;
  }

  return { link, resolve };
}
