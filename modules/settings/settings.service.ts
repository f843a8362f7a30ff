import { asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Transaction } from '#db/client.ts';
import { faqs, siteSettings } from '#db/schema.ts';
import { assertAdmin, type Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import type { PublicSettings } from '#lib/site.ts';
import { NotFoundError } from '#lib/errors.ts';
import { parseOrThrow } from '#lib/form-result.ts';
import { t } from '#lib/i18n.all.ts';
import type { AuditRecord, AuditService } from '#modules/audit/audit.service.ts';
import {
  DEFAULT_PLATFORM_SETTINGS,
  DEFAULT_PRICES,
  DEFAULT_SMS_LIMITS,
  DEFAULT_SUPPORT_INFO,
  PlatformSettingsSchema,
  PricesSchema,
  SmsLimitsSchema,
  SupportInfoSchema,
  toPublicSettings,
  type Faq,
  type FaqInput,
  type PlatformSettings,
  type PlatformSettingsInput,
  type Prices,
  type SmsLimits,
  type SupportInfo,
} from './settings.schema.ts';

export type SettingsService = ReturnType<typeof createSettingsService>;

/** How long this process trusts its copy of the settings before reading them again. */
const SETTINGS_CACHE_MS = 5000;

type Groups = { platform: PlatformSettings; support: SupportInfo; prices: Prices; sms: SmsLimits };
type GroupInputs = {
  platform: PlatformSettingsInput;
  support: SupportInfo;
  prices: Prices;
  sms: SmsLimits;
};

const GROUPS = {
  platform: { schema: PlatformSettingsSchema, defaults: DEFAULT_PLATFORM_SETTINGS },
  support: { schema: SupportInfoSchema, defaults: DEFAULT_SUPPORT_INFO },
  prices: { schema: PricesSchema, defaults: DEFAULT_PRICES },
  sms: { schema: SmsLimitsSchema, defaults: DEFAULT_SMS_LIMITS },
} as const;

type GroupKey = keyof typeof GROUPS;

/**
 * A stored group checked field by field: a field the schema refuses (or one never saved) falls
 * back to its default, so one bad value in the database cannot take the site down.
 */
function readGroup<Key extends GroupKey>(key: Key, stored: unknown): Groups[Key] {
  const { schema, defaults } = GROUPS[key];
  const value = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<
    string,
    unknown
  >;
  const result: Record<string, unknown> = { ...defaults };
  for (const [field, fieldSchema] of Object.entries(schema.shape)) {
    if (!(field in value)) continue;
    const parsed = (fieldSchema as z.ZodType).safeParse(value[field]);
    if (parsed.success) result[field] = parsed.data;
  }
  return result as Groups[Key];
}

function toFaq(row: typeof faqs.$inferSelect): Faq {
  return {
    _id: row.id,
    question: row.question,
    answer: row.answer,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createSettingsService({
  db,
  clock,
  audit,
  cacheMs = SETTINGS_CACHE_MS,
}: {
  db: Database;
  clock: Clock;
  audit: AuditService;
  cacheMs?: number;
}) {
  // Every page and API request reads the settings (footer, maintenance mode): they come from
  // this copy, read again after `cacheMs` and at once after this process saves them.
  let cached: { groups: Groups; readAt: number } | undefined;
  let reading: Promise<Groups> | undefined;
  // Bumped by every save: a read that started before a save must not become the copy.
  let version = 0;
  const changeListeners = new Set<() => void>();

  /**
   * Drops this process's copy and tells every listener (the page cache, the relay to other
   * processes). Called after each committed save here, and by the relay when another process saved.
   */
  function changed(): void {
    version += 1;
    cached = undefined;
    reading = undefined;
    for (const listener of changeListeners) listener();
  }

  /** Calls `listener` after every change to the settings or FAQs; answers the function that stops it. */
  function onChange(listener: () => void): () => void {
    changeListeners.add(listener);
    return () => changeListeners.delete(listener);
  }

  async function readGroups(): Promise<Groups> {
    const rows = await db
      .select()
      .from(siteSettings)
      .where(inArray(siteSettings.key, Object.keys(GROUPS)));
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    return {
      platform: readGroup('platform', stored.get('platform')),
      support: readGroup('support', stored.get('support')),
      prices: readGroup('prices', stored.get('prices')),
      sms: readGroup('sms', stored.get('sms')),
    };
  }

  async function getGroups(): Promise<Groups> {
    const now = clock().getTime();
    if (cached && now - cached.readAt < cacheMs) return cached.groups;
    // Concurrent requests share one read.
    if (reading) return reading;
    const startedAt = version;
    const read = readGroups()
      .then((groups) => {
        if (startedAt === version) cached = { groups, readAt: clock().getTime() };
        return groups;
      })
      .finally(() => {
        if (reading === read) reading = undefined;
      });
    reading = read;
    return read;
  }

  async function saveGroup<Key extends GroupKey>(
    key: Key,
    input: GroupInputs[Key],
    actor: Actor,
    action: AuditRecord['action'],
  ): Promise<Groups[Key]> {
    assertAdmin(actor);
    const parsed: Record<string, unknown> = parseOrThrow(GROUPS[key].schema, input);
    // A field the schema lets a save leave out (page texts, numbers of days) keeps its saved value.
    const sent = Object.fromEntries(
      Object.entries(parsed).filter(([, value]) => value !== undefined),
    );
    const after = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ value: siteSettings.value })
        .from(siteSettings)
        .where(eq(siteSettings.key, key))
        .for('update');
      const before = readGroup(key, row?.value);
      const saved = readGroup(key, { ...before, ...sent });
      // What is kept and what is sent must also agree (the warning before the lifetime).
      parseOrThrow(GROUPS[key].schema, saved);
      const now = clock();
      await tx
        .insert(siteSettings)
        .values({ key, value: saved, updatedAt: now, updatedBy: actor.id })
        .onConflictDoUpdate({
          target: siteSettings.key,
          set: { value: saved, updatedAt: now, updatedBy: actor.id },
        });
      await audit.record(
        { actor, action, targetType: 'settings', targetId: key, before, after: saved },
        tx,
      );
      return saved;
    });
    changed();
    return after;
  }

  /** The platform settings (defaults until an admin saves them). */
  async function getPlatformSettings(): Promise<PlatformSettings> {
    return (await getGroups()).platform;
  }

  /** The support info (defaults until an admin saves it). */
  async function getSupportInfo(): Promise<SupportInfo> {
    return (await getGroups()).support;
  }

  /** What every page shows: footer text, contact details, links, and whether maintenance is on. */
  async function getPublicSettings(): Promise<PublicSettings> {
    const { platform, support } = await getGroups();
    return toPublicSettings(platform, support);
  }

  /** Whether maintenance mode is on (from this process's copy, at most `cacheMs` old). */
  async function isMaintenanceOn(): Promise<boolean> {
    return (await getGroups()).platform.maintenanceMode;
  }

  /**
   * An admin replaces the platform settings, but for page texts left out, which stay as saved;
   * audited as `settings.update`.
   */
  async function updatePlatformSettings(input: PlatformSettingsInput, actor: Actor) {
    return saveGroup('platform', input, actor, 'settings.update');
  }

  /** An admin replaces the support info; audited as `support.update`. */
  async function updateSupportInfo(input: SupportInfo, actor: Actor) {
    return saveGroup('support', input, actor, 'support.update');
  }

  /** What the marketplace charges (defaults until an admin saves prices). */
  async function getPrices(): Promise<Prices> {
    return (await getGroups()).prices;
  }

  /** An admin replaces the prices; audited as `prices.update`. */
  async function updatePrices(input: Prices, actor: Actor) {
    return saveGroup('prices', input, actor, 'prices.update');
  }

  /**
   * How many SMS notices a person and the platform may be sent a day (defaults until saved).
   * Asked inside a transaction, pass it: on PGlite, whose one connection the transaction holds,
   * a read through `db` would wait for it forever.
   */
  async function getSmsLimits(runner: Database | Transaction = db): Promise<SmsLimits> {
    if (runner === db || (cached && clock().getTime() - cached.readAt < cacheMs)) {
      return (await getGroups()).sms;
    }
    const [row] = await runner
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(eq(siteSettings.key, 'sms'));
    return readGroup('sms', row?.value);
  }

  /** An admin replaces the SMS notices' daily limits; audited as `sms.update`. */
  async function updateSmsLimits(input: SmsLimits, actor: Actor) {
    return saveGroup('sms', input, actor, 'sms.update');
  }

  /** Every FAQ, oldest first (the order admins added them in). */
  async function listFaqs(): Promise<Faq[]> {
    const rows = await db.select().from(faqs).orderBy(asc(faqs.createdAt), asc(faqs.id));
    return rows.map(toFaq);
  }

  /** An admin adds a FAQ; audited as `faq.create`. */
  async function createFaq(input: FaqInput, actor: Actor): Promise<Faq> {
    assertAdmin(actor);
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(faqs)
        .values({ question: input.question, answer: input.answer, createdAt: clock() })
        .returning();
      const faq = toFaq(row!);
      await audit.record(
        { actor, action: 'faq.create', targetType: 'faq', targetId: faq._id, after: faq },
        tx,
      );
      return faq;
    });
    changed();
    return created;
  }

  /** An admin deletes a FAQ; audited as `faq.delete`. An unknown id is NotFound. */
  async function deleteFaq(id: string, actor: Actor): Promise<void> {
    assertAdmin(actor);
    if (!z.uuid().safeParse(id).success) throw new NotFoundError(t('settings.faqNotFound'));
    await db.transaction(async (tx) => {
      const [row] = await tx.delete(faqs).where(eq(faqs.id, id)).returning();
      if (!row) throw new NotFoundError(t('settings.faqNotFound'));
      await audit.record(
        { actor, action: 'faq.delete', targetType: 'faq', targetId: id, before: toFaq(row) },
        tx,
      );
    });
    changed();
  }

  return {
    getPlatformSettings,
    getSupportInfo,
    getPublicSettings,
    isMaintenanceOn,
    updatePlatformSettings,
    updateSupportInfo,
    getPrices,
    updatePrices,
    getSmsLimits,
    updateSmsLimits,
    listFaqs,
    createFaq,
    deleteFaq,
    changed,
    onChange,
  };
}
