/**
 * A stand-in for Africa's Talking's SMS API that speaks its HTTP contract: the send endpoint with
 * its refusals, and the two callbacks it makes, delivery reports and incoming messages, as form
 * posts. The tests run the real client (sms.africastalking.ts) against it, and a demo can mount
 * it. Everything lives in memory, and nothing is decided by chance or by the clock: each send's
 * outcome is the one set beforehand, ids come from a counter, and reports are sent when asked.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { smsLength } from '#lib/sms-text.ts';

export type SimulatedOutcome =
  /** Accepted (101), then reported Success. */
  | 'delivered'
  /** Accepted (101), then reported Failed (DeliveryFailure). */
  | 'delivery-failed'
  /** Refused: 403 InvalidPhoneNumber. */
  | 'invalid-number'
  /** Refused: 406 UserInBlacklist. */
  | 'blacklisted'
  /** Refused: 405 InsufficientBalance. */
  | 'insufficient-balance'
  /** A 500, with nothing recorded. */
  | 'server-error'
  /** Recorded as sent (and later reported Success), but the HTTP answer never comes. */
  | 'timeout';

export type SimulatedSms = {
  /** ATXid_…; null when refused (Africa's Talking answers "None"). */
  messageId: string | null;
  to: string;
  /** The sender id or short code the request named. */
  from: string | null;
  message: string;
  /** The recipient's statusCode in the answer (101, 403 ...). */
  statusCode: number;
  /** `pending` until its delivery report is sent (sendDeliveryReports). */
  deliveryState: 'pending' | 'delivered' | 'failed' | 'refused';
  receivedAt: Date;
};

export type SmsSimulatorOptions = {
  /** Where it is mounted inside another server, e.g. `/sms-simulator`; '' by default. */
  basePath?: string;
  /** `sandbox` by default, as at Africa's Talking's sandbox. */
  username?: string;
  apiKey?: string;
  /** Where delivery reports go (registered in Africa's Talking's dashboard). */
  deliveryReportUrl?: string;
  /** Where incoming messages go (registered in Africa's Talking's dashboard). */
  inboundUrl?: string;
  now?: () => Date;
};

export type SmsSimulator = {
  readonly credentials: { username: string; apiKey: string };
  /** Every SMS it was asked to send, oldest first. */
  messages(): SimulatedSms[];
  /** The outcome of the next sends to `to` (or to every number when `to` is omitted); 'delivered' by default. */
  setOutcome(outcome: SimulatedOutcome, to?: string): void;
  /**
   * Sends the delivery reports of the messages whose reports have not been sent yet, to
   * deliveryReportUrl (POST form); answers how many the callback took (a 2xx). A report the
   * callback did not take stays due, and goes again on the next call with its retryCount up by
   * one, as Africa's Talking retries. Reports are sent only when asked, so tests decide when;
   * `autoReport: true` sends them right after each send, for the demo.
   */
  sendDeliveryReports(): Promise<number>;
  /**
   * Posts an incoming SMS (e.g. a STOP reply) from `from` to inboundUrl, as Africa's Talking
   * would; answers the HTTP status the callback gave.
   */
  sendInbound(from: string, text: string): Promise<number>;
  /**
   * Handles a request when mounted in another server (under basePath, before anything reads the
   * body); false when the path is not the simulator's, so the host answers it.
   */
  handle(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
};

type Stored = SimulatedSms & {
  /** How it ends, told by its delivery report; null when refused (no report). */
  ending: 'delivered' | 'delivery-failed' | null;
  report: 'due' | 'sending' | 'sent';
  retryCount: number;
};

type Recipient = {
  statusCode: number;
  number: string;
  status: string;
  cost: string;
  messageId: string;
  messageParts?: number;
};

const DEFAULT_USERNAME = 'sandbox';
const DEFAULT_API_KEY = 'simulator-api-key';
const MAX_BODY_BYTES = 64 * 1024;
const CALLBACK_TIMEOUT_MS = 5000;
const E164 = /^\+[1-9]\d{6,14}$/;
/** What one SMS part costs: a round figure near Africa's Talking's Rwandan price. */
const COST_PER_PART_RWF = 10;
/** Where a reply goes when no SMS went to its sender before. */
const DEFAULT_SHORT_CODE = '20880';

/** The statusCode and status of each outcome's answer. */
const ANSWERS: Record<Exclude<SimulatedOutcome, 'server-error'>, [number, string]> = {
  delivered: [101, 'Success'],
  'delivery-failed': [101, 'Success'],
  timeout: [101, 'Success'],
  'invalid-number': [403, 'InvalidPhoneNumber'],
  blacklisted: [406, 'UserInBlacklist'],
  'insufficient-balance': [405, 'InsufficientBalance'],
};

class BodyError extends Error {
  constructor(readonly status: 400 | 413) {
    super(status === 413 ? 'Request body too large' : 'Request body unreadable');
  }
}

/** Builds the simulator: a request handler with the controls the tests and the demo use. */
export function createSmsSimulator(
  options: SmsSimulatorOptions & { autoReport?: boolean } = {},
): SmsSimulator {
  const basePath = normaliseBasePath(options.basePath ?? '');
  const now = options.now ?? (() => new Date());
  const credentials = {
    username: options.username ?? DEFAULT_USERNAME,
    apiKey: options.apiKey ?? DEFAULT_API_KEY,
  };
  let defaultOutcome: SimulatedOutcome = 'delivered';
  const outcomes = new Map<string, SimulatedOutcome>();
  const stored: Stored[] = [];
  let sent = 0;
  let received = 0;

  const outcomeFor = (number: string) => outcomes.get(number) ?? defaultOutcome;

  async function route(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (path.replace(/\/$/, '') !== '/version1/messaging') return sendText(res, 404, 'Not Found');
    if (req.method !== 'POST') return sendText(res, 405, 'Method Not Allowed');

    const body = await readBody(req);
    // The endpoint reads a form; any other body carries no username, so it fails authentication.
    const isForm = (header(req, 'content-type') ?? '').startsWith(
      'application/x-www-form-urlencoded',
    );
    const fields = new URLSearchParams(isForm ? body : '');
    if (
      header(req, 'apikey') !== credentials.apiKey ||
      fields.get('username') !== credentials.username
    ) {
      return sendText(res, 401, 'The supplied authentication is invalid');
    }
    for (const name of ['to', 'message']) {
      if (!fields.get(name)?.trim()) {
        return sendText(res, 400, `Request is missing required form field '${name}'`);
      }
    }

    const numbers = fields
      .get('to')!
      .split(',')
      .map((number) => number.trim())
      .filter((number) => number !== '');
    if (numbers.some((number) => outcomeFor(number) === 'server-error')) {
      return sendText(res, 500, 'Internal Server Error');
    }
    const message = fields.get('message')!;
    const from = fields.get('from')?.trim() || null;
    const { parts } = smsLength(message);
    const recipients = numbers.map((number) => record(number, from, message, parts));

    if (numbers.some((number) => outcomeFor(number) === 'timeout')) {
      // The SMS went, but the answer never comes: the caller learns that a send it gave up on
      // may still have reached the phone. Closing the server ends the request.
      if (options.autoReport) void reportDue();
      return;
    }
    const accepted = recipients.filter((recipient) => recipient.messageId !== 'None');
    const totalRwf = accepted.length * parts * COST_PER_PART_RWF;
    const data = {
      Message: `Sent to ${accepted.length}/${recipients.length} Total Cost: ${totalRwf > 0 ? rwf(totalRwf) : '0'}`,
      Recipients: recipients,
    };
    // Africa's Talking answers XML unless asked for JSON.
    if (/\bapplication\/json\b/.test(header(req, 'accept') ?? '')) {
      sendJson(res, 201, { SMSMessageData: data });
    } else {
      sendXml(res, 201, data);
    }
    if (options.autoReport) void reportDue();
  }

  /** Records one recipient's SMS as its outcome says, and answers its part of the reply. */
  function record(number: string, from: string | null, message: string, parts: number) {
    const outcome = outcomeFor(number);
    const [statusCode, status] = E164.test(number)
      ? ANSWERS[outcome === 'server-error' ? 'delivered' : outcome]
      : ANSWERS['invalid-number'];
    const isAccepted = statusCode < 200;
    const messageId = isAccepted ? `ATXid_${(sent += 1).toString(16).padStart(32, '0')}` : null;
    stored.push({
      messageId,
      to: number,
      from,
      message,
      statusCode,
      deliveryState: isAccepted ? 'pending' : 'refused',
      receivedAt: now(),
      ending: isAccepted ? (outcome === 'delivery-failed' ? 'delivery-failed' : 'delivered') : null,
      report: 'due',
      retryCount: 0,
    });
    const recipient: Recipient = {
      statusCode,
      number,
      status,
      cost: isAccepted ? rwf(parts * COST_PER_PART_RWF) : '0',
      messageId: messageId ?? 'None',
    };
    if (isAccepted && parts > 1) recipient.messageParts = parts;
    return recipient;
  }

  /**
   * The network settles every SMS still pending, and each settled one not yet reported is posted
   * to the delivery-report callback, when there is one. Answers how many the callback took.
   */
  async function reportDue(): Promise<number> {
    let taken = 0;
    for (const sms of stored) {
      if (sms.ending === null || sms.report !== 'due' || sms.messageId === null) continue;
      sms.deliveryState = sms.ending === 'delivered' ? 'delivered' : 'failed';
      if (!options.deliveryReportUrl) continue;
      sms.report = 'sending';
      const status = await post(options.deliveryReportUrl, {
        id: sms.messageId,
        status: sms.ending === 'delivered' ? 'Success' : 'Failed',
        phoneNumber: sms.to,
        networkCode: networkCodeOf(sms.to),
        ...(sms.ending === 'delivery-failed' ? { failureReason: 'DeliveryFailure' } : {}),
        retryCount: String(sms.retryCount),
      }).catch(() => null);
      if (status !== null && status >= 200 && status < 300) {
        sms.report = 'sent';
        taken += 1;
      } else {
        sms.report = 'due';
        sms.retryCount += 1;
      }
    }
    return taken;
  }

  return {
    credentials,

    messages() {
      return stored.map(
        ({ messageId, to, from, message, statusCode, deliveryState, receivedAt }) => ({
          messageId,
          to,
          from,
          message,
          statusCode,
          deliveryState,
          receivedAt: new Date(receivedAt),
        }),
      );
    },

    setOutcome(outcome, to) {
      if (to === undefined) defaultOutcome = outcome;
      else outcomes.set(to, outcome);
    },

    async sendDeliveryReports() {
      if (!options.deliveryReportUrl) {
        throw new Error('the SMS simulator has no deliveryReportUrl to send reports to');
      }
      return reportDue();
    },

    async sendInbound(from, text) {
      if (!options.inboundUrl) {
        throw new Error('the SMS simulator has no inboundUrl to send incoming messages to');
      }
      received += 1;
      const counter = received.toString(16).padStart(12, '0');
      // A reply goes to the sender id or short code the last SMS to that number came from.
      const lastSent = stored.findLast((sms) => sms.to === from && sms.from !== null);
      return post(options.inboundUrl, {
        date: now().toISOString(),
        from,
        id: `00000000-0000-4000-8000-${counter}`,
        linkId: `00000000-0000-4000-9000-${counter}`,
        text,
        to: lastSent?.from ?? DEFAULT_SHORT_CODE,
        networkCode: networkCodeOf(from),
      });
    },

    async handle(req, res) {
      const pathname = new URL(req.url ?? '/', 'http://simulator.invalid').pathname;
      if (basePath && pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return false;
      try {
        await route(req, res, pathname.slice(basePath.length) || '/');
      } catch (error) {
        if (res.headersSent) res.destroy();
        else if (error instanceof BodyError) sendText(res, error.status, error.message);
        else sendText(res, 500, 'Internal Server Error');
      }
      return true;
    },
  };
}

export type StartedSmsSimulator = {
  /** The base URL for the client's baseUrl (with the basePath, when one is set). */
  url: string;
  simulator: SmsSimulator;
  close(): Promise<void>;
};

/** Starts the simulator on its own server at 127.0.0.1 on a free port. */
export async function startSmsSimulator(
  options: SmsSimulatorOptions & { autoReport?: boolean } = {},
): Promise<StartedSmsSimulator> {
  const simulator = createSmsSimulator(options);
  const server = http.createServer((req, res) => {
    void simulator.handle(req, res).then((isHandled) => {
      if (!isHandled) sendText(res, 404, 'Not Found');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${normaliseBasePath(options.basePath ?? '')}`,
    simulator,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets and the answers a 'timeout' holds back would keep it open.
        server.closeAllConnections();
      }),
  };
}

/** Posts a form, as Africa's Talking's callbacks do; answers the status the callback gave. */
async function post(url: string, fields: Record<string, string>): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  return response.status;
}

function rwf(amount: number): string {
  return `RWF ${amount.toFixed(4)}`;
}

/** Africa's Talking's networkCode (MCC and MNC) of a Rwandan number; 99999 (its sandbox) else. */
function networkCodeOf(phone: string): string {
  if (/^\+2507[89]/.test(phone)) return '63510';
  if (/^\+2507[23]/.test(phone)) return '63514';
  return '99999';
}

function normaliseBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, '');
  return trimmed === '' || trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function sendXml(
  res: ServerResponse,
  status: number,
  data: { Message: string; Recipients: Recipient[] },
): void {
  const recipients = data.Recipients.map(
    (recipient) =>
      `<Recipient>${Object.entries(recipient)
        .map(([key, value]) => `<${key}>${escapeXml(String(value))}</${key}>`)
        .join('')}</Recipient>`,
  ).join('');
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n<AfricasTalkingResponse><SMSMessageData><Message>${escapeXml(data.Message)}</Message><Recipients>${recipients}</Recipients></SMSMessageData></AfricasTalkingResponse>`;
  res.writeHead(status, {
    'Content-Type': 'application/xml; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      size += buffer.length;
      if (size > MAX_BODY_BYTES) throw new BodyError(413);
      chunks.push(buffer);
    }
  } catch (error) {
    throw error instanceof BodyError ? error : new BodyError(400);
  }
  return Buffer.concat(chunks).toString('utf8');
}
