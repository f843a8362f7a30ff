import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { outbox } from '#db/schema.ts';
import { createTestDatabase } from '#db/testing.ts';
import { createMailService, type MailMessage, type MailTransport } from './mail.service.ts';

type LogEntry = { level: 'info' | 'error'; details: object; message: string };
type SentMessage = MailMessage & { from: string };

const NOW = new Date('2026-03-01T08:00:00.000Z');

/** A logger that keeps what it is told, in place of pino. */
function createRecordingLogger() {
  const entries: LogEntry[] = [];
  return {
    entries,
    info(details: object, message: string) {
      entries.push({ level: 'info', details, message });
    },
    error(details: object, message: string) {
      entries.push({ level: 'error', details, message });
    },
  };
}

/** Stands in for SMTP (no mail server runs here): records what it is asked to send. */
class RecordingTransport implements MailTransport {
  readonly sent: SentMessage[] = [];
  async send(message: SentMessage): Promise<void> {
    this.sent.push(message);
  }
}

/** A transport whose server is down. */
class FailingTransport implements MailTransport {
  calls = 0;
  async send(): Promise<void> {
    this.calls += 1;
    throw new Error('connect ECONNREFUSED 127.0.0.1:587');
  }
}

function newMessage(): MailMessage {
  return {
    to: `reader-${randomUUID()}@example.rw`,
    subject: 'Reset your Inzu password',
    text: 'Hello,\n\nOpen this link: http://localhost/reset-password?token=abc',
  };
}

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

async function outboxRowsFor(recipient: string) {
  return database.db.select().from(outbox).where(eq(outbox.recipient, recipient));
}

function createService(transport: MailTransport | undefined) {
  const logger = createRecordingLogger();
  const mail = createMailService({ db: database.db, clock: () => NOW, transport, logger });
  return { mail, logger };
}

describe('createMailService', () => {
  it('keeps the message in the outbox and logs it when no transport is configured', async () => {
    const { mail, logger } = createService(undefined);
    const message = newMessage();

    await mail.send(message);

    const rows = await outboxRowsFor(message.to);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      sentAt: null,
      failure: null,
    });
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

  it('sends through the transport from hello@inzu.rw and marks the row sent', async () => {
    const transport = new RecordingTransport();
    const { mail, logger } = createService(transport);
    const message = newMessage();

    await mail.send(message);

    expect(transport.sent).toEqual([{ ...message, from: 'hello@inzu.rw' }]);
    const [row] = await outboxRowsFor(message.to);
    expect(row?.sentAt?.toISOString()).toBe(NOW.toISOString());
    expect(row?.failure).toBeNull();
    expect(logger.entries.filter((entry) => entry.level === 'error')).toEqual([]);
  });

  it('records a delivery failure on the row and logs it without throwing', async () => {
    const transport = new FailingTransport();
    const { mail, logger } = createService(transport);
    const message = newMessage();

    await expect(mail.send(message)).resolves.toBeUndefined();

    expect(transport.calls).toBe(1);
    const [row] = await outboxRowsFor(message.to);
    expect(row).toMatchObject({
      body: message.text,
      sentAt: null,
      failure: 'connect ECONNREFUSED 127.0.0.1:587',
    });
    expect(logger.entries).toEqual([
      {
        level: 'error',
        details: { outboxId: row!.id, err: expect.any(Error) },
        message: expect.stringMatching(/failed/),
      },
    ]);
  });

  it('records a failure thrown as something other than an Error', async () => {
    const transport: MailTransport = {
      async send() {
        throw 'mailbox full';
      },
    };
    const { mail } = createService(transport);
    const message = newMessage();

    await mail.send(message);

    const [row] = await outboxRowsFor(message.to);
    expect(row).toMatchObject({ sentAt: null, failure: 'mailbox full' });
  });
});
