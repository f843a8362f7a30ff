import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { outbox, signingKeys } from '#db/schema.ts';
import { createTestDatabase } from '#db/testing.ts';
import { createJobQueue, type JobQueue } from '#modules/jobs/jobs.service.ts';
import { createSigner } from '#modules/signing/signing.service.ts';
import { startSmtpServer, type TestSmtpServer } from '#test/smtp-server.ts';
import { createMailLinks } from './mail.links.ts';
import {
  createMailService,
  createSmtpTransport,
  type MailMessage,
  type MailTransport,
} from './mail.service.ts';

type LogEntry = { level: 'info' | 'warn' | 'error'; details: object; message: string };

const NOW = new Date('2026-03-01T08:00:00.000Z');
const SITE_URL = 'https://inzu.example';

/** A logger that keeps what it is told, in place of pino. */
function createRecordingLogger() {
  const entries: LogEntry[] = [];
  const record = (level: LogEntry['level']) => (details: object, message: string) => {
    entries.push({ level, details, message });
  };
  return { entries, info: record('info'), warn: record('warn'), error: record('error') };
}

function newMessage(): MailMessage & { to: string } {
  return {
    to: `reader-${randomUUID()}@example.rw`,
    kind: 'account',
    subject: 'Reset your Inzu password',
    text: 'Hello,\n\nOpen this link: http://localhost/reset',
  };
}

let database: DatabaseHandle;
let smtp: TestSmtpServer;
const queues: JobQueue[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
});

afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await smtp.close();
  await database.close();
});

async function outboxRowsFor(recipient: string) {
  return database.db.select().from(outbox).where(eq(outbox.recipient, recipient));
}

/** A mail service on its own job queue, with no workers: the test runs the jobs. */
async function createService(transport: MailTransport | undefined) {
  const logger = createRecordingLogger();
  const jobs = createJobQueue({
    db: database.db,
    runner: database.sql,
    isWorking: false,
    logger,
  });
  const mail = createMailService({
    db: database.db,
    jobs,
    signer: createSigner({ db: database.db }),
    links: createMailLinks(SITE_URL),
    clock: () => NOW,
    transport,
    logger,
  });
  await jobs.start();
  queues.push(jobs);
  return { mail, jobs, logger };
}

describe('createMailService', () => {
  it('writes to the outbox at once and delivers through SMTP in a background job, once', async () => {
    const { mail, jobs, logger } = await createService(createSmtpTransport(smtp.url));
    const message = newMessage();

    await mail.send(message);
    const [waiting] = await outboxRowsFor(message.to);
    expect(waiting).toMatchObject({ subject: message.subject, body: message.text, sentAt: null });
    expect(smtp.received.filter((mail) => mail.to.includes(message.to))).toEqual([]);

    expect(await jobs.runDue()).toBe(1);
    expect(await jobs.runDue()).toBe(0);

    const delivered = smtp.received.filter((mail) => mail.to.includes(message.to));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.from).toBe('hello@inzu.rw');
    expect(delivered[0]!.raw).toContain(`Subject: ${message.subject}`);
    expect(delivered[0]!.raw).toContain('Open this link: http://localhost/reset');
    const [sent] = await outboxRowsFor(message.to);
    expect(sent?.sentAt?.toISOString()).toBe(NOW.toISOString());
    expect(sent?.failure).toBeNull();
    expect(logger.entries.filter((entry) => entry.level !== 'info')).toEqual([]);
  });

  it('keeps the message in the outbox and logs it when no transport is configured', async () => {
    const { mail, jobs, logger } = await createService(undefined);
    const message = newMessage();

    await mail.send(message);
    await jobs.runDue();

    const rows = await outboxRowsFor(message.to);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sentAt: null, failure: null });
    expect(logger.entries).toEqual([
      {
        level: 'info',
        details: {
          outboxId: rows[0]!.id,
          to: message.to,
          subject: message.subject,
          body: message.text,
        },
        message: expect.stringMatching(/outbox/),
      },
    ]);
  });

  it('records a delivery failure on the row and leaves the job for a later retry', async () => {
    const down = await startSmtpServer();
    await down.close();
    const { mail, jobs, logger } = await createService(createSmtpTransport(down.url));
    const message = newMessage();

    await expect(mail.send(message)).resolves.toBeUndefined();
    expect(await jobs.runDue()).toBe(1);

    const [row] = await outboxRowsFor(message.to);
    expect(row).toMatchObject({ sentAt: null, failure: expect.stringMatching(/ECONNREFUSED/) });
    expect(logger.entries).toContainEqual({
      level: 'error',
      details: { outboxId: row!.id, err: expect.any(Error) },
      message: expect.stringMatching(/failed/),
    });
    // The retry waits (30 s and growing), so nothing is due again at once.
    expect(await jobs.runDue()).toBe(0);
  });

  it('sends nothing when the transaction the e-mail belongs to rolls back', async () => {
    const { mail, jobs } = await createService(createSmtpTransport(smtp.url));
    const message = newMessage();

    await expect(
      database.db.transaction(async (tx) => {
        await mail.send(message, tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    expect(await outboxRowsFor(message.to)).toEqual([]);
    expect(await jobs.runDue()).toBe(0);
  });

  it('gives an e-mail its unsubscribe link, in its text and as one-click headers (RFC 8058)', async () => {
    const { mail, jobs } = await createService(createSmtpTransport(smtp.url));
    const message = { ...newMessage(), kind: 'match' as const, subject: 'New matches' };

    await mail.send(message);
    await jobs.runDue();

    const [row] = await outboxRowsFor(message.to);
    const link = row!.unsubscribeUrl!;
    expect(link).toMatch(/^https:\/\/inzu\.example\/unsubscribe\?token=[\w-]+\.[\w-]+$/);
    expect(row!.body).toBe(
      `${message.text}\n\n-- \nYou get this e-mail about listings that match your requests. To stop these e-mails: ${link}`,
    );
    const [delivered] = smtp.received.filter((mail) => mail.to.includes(message.to));
    const headers = delivered!.raw.replace(/\r\n\s+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <${link}>`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const token = new URL(link).searchParams.get('token')!;
    expect(await mail.readUnsubscribeToken(token)).toEqual({
      kind: 'match',
      email: message.to.toLowerCase(),
    });
  });

  it('gives an account e-mail no unsubscribe link', async () => {
    const { mail } = await createService(undefined);
    const message = newMessage();

    await mail.send(message);

    const [row] = await outboxRowsFor(message.to);
    expect(row).toMatchObject({ body: message.text, unsubscribeUrl: null });
  });

  it('writes no e-mail of a kind its address turned off, in any case of the address', async () => {
    const { mail } = await createService(undefined);
    const message = { ...newMessage(), kind: 'inquiry' as const };
    await mail.setOptOut(message.to.toUpperCase(), 'inquiry', true);

    await mail.send(message);
    await mail.send({ ...message, kind: 'favourite', subject: 'A saved listing changed' });
    await mail.send({ ...message, kind: 'account', subject: 'Reset your password' });

    const subjects = (await outboxRowsFor(message.to)).map((row) => row.subject).sort();
    expect(subjects).toEqual(['A saved listing changed', 'Reset your password']);
    expect(await mail.listOptOuts(message.to)).toEqual(['inquiry']);

    await mail.setOptOut(message.to, 'inquiry', false);
    await mail.send(message);
    expect(await outboxRowsFor(message.to)).toHaveLength(3);
  });

  it('signs an opaque id of the address into an unsubscribe token, never the address', async () => {
    const { mail } = await createService(undefined);
    const address = `Reader-${randomUUID()}@example.rw`;
    const link = await mail.unsubscribeUrl(address, 'match');
    const again = await mail.unsubscribeUrl(address.toLowerCase(), 'match');
    const token = new URL(link).searchParams.get('token')!;
    const [payload] = token.split('.') as [string];

    const readable = Buffer.from(payload, 'base64url').toString();
    expect(readable).toMatch(/^match [0-9a-f-]{36}$/);
    expect(link.toLowerCase()).not.toContain('reader-');
    expect(decodeURIComponent(link)).not.toContain('@');
    // One id per address, whatever its case: its links are alike.
    expect(again).toBe(link);
    expect(await mail.readUnsubscribeToken(token)).toEqual({
      kind: 'match',
      email: address.toLowerCase(),
    });
    // Another address's id under this signature opens nothing.
    const other = new URL(await mail.unsubscribeUrl('other@example.rw', 'match')).searchParams
      .get('token')!
      .split('.')[0]!;
    expect(await mail.readUnsubscribeToken(`${other}.${token.split('.')[1]}`)).toBeNull();
    // A well-formed id that names no address opens nothing either.
    const signer = createSigner({ db: database.db });
    expect(
      await mail.readUnsubscribeToken(await signer.sign('unsubscribe', `match ${randomUUID()}`)),
    ).toBeNull();
  });

  it('still reads the links sent before, which carried the address itself', async () => {
    const { mail } = await createService(undefined);
    const signer = createSigner({ db: database.db });
    const old = await signer.sign('unsubscribe', 'inquiry someone@example.rw');

    expect(await mail.readUnsubscribeToken(old)).toEqual({
      kind: 'inquiry',
      email: 'someone@example.rw',
    });
    expect(
      await mail.readUnsubscribeToken(await signer.sign('unsubscribe', 'inquiry not-an-id')),
    ).toBeNull();
  });

  it('refuses an unsubscribe token that was changed, cut or signed with another key', async () => {
    const { mail } = await createService(undefined);
    const link = await mail.unsubscribeUrl('someone@example.rw', 'notice');
    const token = new URL(link).searchParams.get('token')!;
    const [payload, signature] = token.split('.') as [string, string];
    const forged = `${Buffer.from('notice other@example.rw').toString('base64url')}.${signature}`;

    expect(await mail.readUnsubscribeToken(token)).toEqual({
      kind: 'notice',
      email: 'someone@example.rw',
    });
    expect(await mail.readUnsubscribeToken(forged)).toBeNull();
    expect(await mail.readUnsubscribeToken(payload)).toBeNull();
    expect(await mail.readUnsubscribeToken(`${token}x`)).toBeNull();
    expect(await mail.readUnsubscribeToken('')).toBeNull();

    const elsewhere = await createTestDatabase();
    try {
      await elsewhere.db.update(signingKeys).set({ secret: 'another deployment’s key' });
      const otherKey = createSigner({ db: elsewhere.db });
      expect(await otherKey.verify('unsubscribe', token)).toBeNull();
    } finally {
      await elsewhere.close();
    }
  });

  it('keeps an address’s choices when the account’s e-mail changes', async () => {
    const { mail } = await createService(undefined);
    const before = `before-${randomUUID()}@example.rw`;
    const after = `After-${randomUUID()}@example.rw`;
    await mail.setOptOut(before, 'match', true);

    await database.db.transaction((tx) => mail.moveOptOuts(before, after, tx));

    expect(await mail.listOptOuts(before)).toEqual([]);
    expect(await mail.listOptOuts(after)).toEqual(['match']);
  });
});
