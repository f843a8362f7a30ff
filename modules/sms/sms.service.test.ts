/**
 * The SMS outbox and its job, through the real Africa's Talking client and its simulator over
 * HTTP: written with what it tells, sent once, refused or retried as the provider answers, never
 * sent twice after a send that went unanswered; delivery reports and STOP replies. On both
 * databases.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { smsOutbox } from '#db/schema.ts';
import { createTestDatabase } from '#db/testing.ts';
import { createUser } from '#seed/factories.ts';
import { createAuditService } from '#modules/audit/audit.service.ts';
import { createJobQueue, type JobQueue } from '#modules/jobs/jobs.service.ts';
import { createSettingsService } from '#modules/settings/settings.service.ts';
import { createSigner } from '#modules/signing/signing.service.ts';
import { createAfricasTalkingProvider } from './sms.africastalking.ts';
import type { SmsProvider } from './sms.provider.ts';
import { startSmsSimulator, type StartedSmsSimulator } from './sms.simulator.ts';
import { createShortLinks } from './sms.short-links.ts';
import { createSmsService } from './sms.service.ts';

const NOW = new Date('2026-03-01T08:00:00.000Z');

let database: DatabaseHandle;
let started: StartedSmsSimulator;
const queues: JobQueue[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  started = await startSmsSimulator();
});

afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await started.close();
  await database.close();
});

/** The client of the simulator, answering within `timeoutMs`. */
function simulatorProvider(timeoutMs = 5_000): SmsProvider {
  const { username, apiKey } = started.simulator.credentials;
  return createAfricasTalkingProvider({
    baseUrl: started.url,
    username,
    apiKey,
    senderId: 'INZU',
    timeoutMs,
  });
}

/** An SMS service on its own job queue, with no workers: the test runs the jobs. */
async function createService(provider: SmsProvider | undefined) {
  const logged: string[] = [];
  const record = (_details: object, message: string) => {
    logged.push(message);
  };
  const logger = { info: record, warn: record, error: record };
  const jobs = createJobQueue({ db: database.db, runner: database.sql, isWorking: false, logger });
  const clock = () => NOW;
  const settings = createSettingsService({
    db: database.db,
    clock,
    audit: createAuditService({ db: database.db, clock }),
  });
  const sms = createSmsService({
    db: database.db,
    jobs,
    clock,
    signer: createSigner({ db: database.db }),
    provider,
    settings,
    shortLinks: createShortLinks({ db: database.db, clock, siteUrl: 'https://inzu.example' }),
    logger,
  });
  await jobs.start();
  queues.push(jobs);
  return { sms, jobs, logged, settings };
}

let numbers = 0;
/** A number no other test sends to: the simulator and the outbox are shared by the file. */
const newNumber = () => `+25078800${String(++numbers).padStart(4, '0')}`;

const rowsTo = (recipient: string) =>
  database.db.select().from(smsOutbox).where(eq(smsOutbox.recipient, recipient));

const sentTo = (recipient: string) =>
  started.simulator.messages().filter((message) => message.to === recipient);

describe('an SMS', () => {
  it('is written with what it tells and sent by its job, once', async () => {
    const { sms, jobs } = await createService(simulatorProvider());
    const to = newNumber();

    await sms.send({
      to,
      kind: 'inquiry',
      text: 'Nouvelle demande\u202f: ouvrez https://inzu.rw/i/1',
    });
    expect(await rowsTo(to)).toMatchObject([{ status: 'queued', parts: 1 }]);
    expect(sentTo(to)).toEqual([]);

    expect(await jobs.runDue()).toBe(1);
    expect(await jobs.runDue({ isIncludingLater: true })).toBe(0);

    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ status: 'sent', cost: 'RWF 10.0000', failure: null });
    expect(row!.providerMessageId).toMatch(/^ATXid_/);
    // In the characters an SMS carries: the narrow no-break space became a space.
    expect(sentTo(to)).toMatchObject([
      { message: 'Nouvelle demande : ouvrez https://inzu.rw/i/1', from: 'INZU' },
    ]);
  });

  it('takes a local number in international form, and refuses what is not a number', async () => {
    const { sms, jobs } = await createService(simulatorProvider());
    await sms.send({ to: '0788 111 222', kind: 'account', text: 'Code 123456' });
    expect(await rowsTo('+250788111222')).toHaveLength(1);
    await expect(sms.send({ to: 'hello', kind: 'account', text: 'Code' })).rejects.toThrow();
    await jobs.runDue();
  });

  it('is not written when the change it tells of rolls back', async () => {
    const { sms, jobs } = await createService(simulatorProvider());
    const to = newNumber();

    await expect(
      database.db.transaction(async (tx) => {
        await sms.send({ to, kind: 'match', text: 'A house fits your request' }, tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    expect(await rowsTo(to)).toEqual([]);
    expect(await jobs.runDue({ isIncludingLater: true })).toBe(0);
  });

  it('waits in the outbox and the log without a provider', async () => {
    const { sms, jobs, logged } = await createService(undefined);
    const to = newNumber();

    await sms.send({ to, kind: 'account', text: 'Your code is 123456' });
    await jobs.runDue();

    expect(await rowsTo(to)).toMatchObject([{ status: 'kept', body: 'Your code is 123456' }]);
    expect(logged).toContain('SMS kept in the outbox (no SMS provider is configured)');
  });

  it('stays refused, and is not tried again, when the number can never take it', async () => {
    const { sms, jobs } = await createService(simulatorProvider());
    const to = newNumber();
    started.simulator.setOutcome('invalid-number', to);

    await sms.send({ to, kind: 'listing', text: 'Your listing is live' });
    await jobs.runDue();
    expect(await jobs.runDue({ isIncludingLater: true })).toBe(0);

    expect(await rowsTo(to)).toMatchObject([
      { status: 'refused', failure: expect.stringContaining('InvalidPhoneNumber') },
    ]);
  });

  it('is tried again later when the refusal may pass (the balance), and then sent once', async () => {
    const { sms, jobs } = await createService(simulatorProvider());
    const to = newNumber();
    started.simulator.setOutcome('insufficient-balance', to);

    await sms.send({ to, kind: 'payment', text: 'Receipt 1042: RWF 5,000' });
    await jobs.runDue();
    expect(await rowsTo(to)).toMatchObject([
      { status: 'queued', failure: expect.stringContaining('InsufficientBalance') },
    ]);

    started.simulator.setOutcome('delivered', to);
    expect(await jobs.runDue({ isIncludingLater: true })).toBe(1);

    expect(await rowsTo(to)).toMatchObject([{ status: 'sent', failure: null }]);
    expect(sentTo(to).filter((message) => message.messageId !== null)).toHaveLength(1);
  });

  it('is never sent twice when the provider did not answer: it may have gone', async () => {
    const { sms, jobs } = await createService(simulatorProvider(300));
    const to = newNumber();
    started.simulator.setOutcome('timeout', to);

    await sms.send({ to, kind: 'inquiry', text: 'New message about your house' });
    await jobs.runDue();
    started.simulator.setOutcome('delivered', to);
    expect(await jobs.runDue({ isIncludingLater: true })).toBe(0);

    expect(await rowsTo(to)).toMatchObject([{ status: 'uncertain' }]);
    expect(sentTo(to)).toHaveLength(1);
  });

  it('is not sent again after a process stopped while sending it', async () => {
    const { sms, jobs } = await createService(simulatorProvider());
    const to = newNumber();
    await sms.send({ to, kind: 'inquiry', text: 'New message about your house' });
    // The job's first run claimed the row, then its process died before the answer.
    await database.db
      .update(smsOutbox)
      .set({ status: 'sending', attemptedAt: NOW })
      .where(eq(smsOutbox.recipient, to));

    await jobs.runDue();

    expect(await rowsTo(to)).toMatchObject([{ status: 'uncertain' }]);
    expect(sentTo(to)).toEqual([]);
  });
});

describe('delivery reports', () => {
  const report = (
    providerMessageId: string,
    phone: string,
    state: 'delivered' | 'failed',
    failureReason: string | null = null,
  ) => ({
    providerMessageId,
    phone,
    state,
    providerStatus: state === 'delivered' ? 'Success' : 'Failed',
    failureReason,
  });

  it('mark one of our SMS delivered or failed, and nothing that is not ours', async () => {
    const { sms, jobs } = await createService(simulatorProvider());
    const [delivered, failed] = [newNumber(), newNumber()];
    started.simulator.setOutcome('delivery-failed', failed);
    await sms.send({ to: delivered, kind: 'match', text: 'A house fits your request' });
    await sms.send({ to: failed, kind: 'match', text: 'A house fits your request' });
    await jobs.runDue();
    const [deliveredRow] = await rowsTo(delivered);
    const [failedRow] = await rowsTo(failed);

    // Another number, or an id we never had: nothing changes.
    expect(
      await sms.recordDeliveryReport(
        report(deliveredRow!.providerMessageId!, failed, 'failed', 'DeliveryFailure'),
      ),
    ).toBe(false);
    expect(await sms.recordDeliveryReport(report('ATXid_forged', delivered, 'delivered'))).toBe(
      false,
    );
    expect(await rowsTo(delivered)).toMatchObject([{ status: 'sent', reportedAt: null }]);

    await sms.recordDeliveryReport(
      report(deliveredRow!.providerMessageId!, delivered, 'delivered'),
    );
    await sms.recordDeliveryReport(
      report(failedRow!.providerMessageId!, failed, 'failed', 'DeliveryFailure'),
    );

    expect(await rowsTo(delivered)).toMatchObject([{ status: 'delivered', reportedAt: NOW }]);
    expect(await rowsTo(failed)).toMatchObject([{ status: 'failed', failure: 'DeliveryFailure' }]);
  });
});

describe('a STOP reply', () => {
  it('turns notices off for its number, not its codes; START turns them back on', async () => {
    const { sms, jobs } = await createService(simulatorProvider());
    const to = newNumber();
    const reply = (text: string) =>
      sms.receiveReply({
        providerMessageId: 'ATXid_in',
        from: to,
        to: '1234',
        text,
        receivedAt: null,
      });

    expect(await reply('  hagarika. ')).toBe('stop');
    expect(await sms.isOptedOut(to)).toBe(true);
    await sms.send({ to, kind: 'search', text: 'New listings for your search' });
    await sms.send({ to, kind: 'account', text: 'Your code is 654321' });
    expect((await rowsTo(to)).map((row) => row.kind)).toEqual(['account']);

    expect(await reply('Thanks!')).toBeNull();
    expect(await reply('START')).toBe('start');
    expect(await sms.isOptedOut(to)).toBe(false);
    await sms.send({ to, kind: 'search', text: 'New listings for your search' });
    expect(await rowsTo(to)).toHaveLength(2);
    await jobs.runDue();
  });

  it('stops a notice already waiting for its job', async () => {
    const { sms, jobs } = await createService(simulatorProvider());
    const to = newNumber();
    await sms.send({ to, kind: 'inquiry', text: 'New message about your house' });
    await sms.setOptOut(to, true);

    await jobs.runDue();

    expect(await rowsTo(to)).toMatchObject([{ status: 'skipped' }]);
    expect(sentTo(to)).toEqual([]);
  });
});

describe('SMS notices', () => {
  it('never pass a person’s daily share, however many are written at the same moment', async () => {
    const { sms, jobs, settings } = await createService(undefined);
    const admin = await createUser(database.db, { role: 'admin' });
    await settings.updateSmsLimits({ noticesPerUserPerDay: 3, noticesPerDay: 2000 }, admin);
    const to = newNumber();
    const user = await createUser(database.db, { phone: to, phoneProvedAt: NOW });
    const notice = {
      user: { id: user.id, phone: to },
      kind: 'inquiry',
      text: 'New message',
    } as const;

    // Each in its own transaction, as callers send them: on PostgreSQL they run side by side.
    const written = await Promise.all(
      Array.from({ length: 8 }, () => database.db.transaction((tx) => sms.sendNotice(notice, tx))),
    );

    expect(written.filter(Boolean)).toHaveLength(3);
    expect(await rowsTo(to)).toHaveLength(3);
    await jobs.runDue();
  });

  it('follow the settings: a lower share, then 0, which sends none', async () => {
    const { sms, jobs, settings } = await createService(undefined);
    const admin = await createUser(database.db, { role: 'admin' });
    const to = newNumber();
    const user = await createUser(database.db, { phone: to, phoneProvedAt: NOW });
    const notice = { user: { id: user.id, phone: to }, kind: 'listing', text: 'Approved' } as const;

    await settings.updateSmsLimits({ noticesPerUserPerDay: 1, noticesPerDay: 2000 }, admin);
    expect(await sms.sendNotice(notice)).toBe(true);
    expect(await sms.sendNotice(notice)).toBe(false);

    await settings.updateSmsLimits({ noticesPerUserPerDay: 50, noticesPerDay: 0 }, admin);
    expect(await sms.sendNotice(notice)).toBe(false);
    expect(await rowsTo(to)).toHaveLength(1);
    // Codes are no notices: they still go.
    await sms.send({ to, kind: 'account', text: 'Your code is 123456', userId: user.id });
    expect(await rowsTo(to)).toHaveLength(2);
    await jobs.runDue();
  });
});
