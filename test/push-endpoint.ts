/**
 * A push service on this machine, for tests: it keeps every message posted to it, answers with
 * the status a test sets, and decrypts payloads as a browser would (RFC 8291 keys, RFC 8188
 * aes128gcm records) with the subscription keys it made, checking the VAPID signature (RFC 8292).
 */
import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a browser's PushSubscription.toJSON() gives, and the private half only it knows. */
export type TestSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: Buffer;
};

type ReceivedPush = {
  /** The subscription's endpoint it was posted to. */
  endpoint: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
};

export type TestPushEndpoint = {
  /** A new browser subscription whose endpoint is on this server. */
  subscribe(): TestSubscription;
  /** The status the next posts to this endpoint are answered with (201 by default). */
  answerWith(endpoint: string, status: number): void;
  received(endpoint?: string): ReceivedPush[];
  close(): Promise<void>;
};

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** The payload of an aes128gcm message, decrypted with the subscription's private key. */
export function decryptPush(message: Buffer, subscription: TestSubscription): string {
  const salt = message.subarray(0, 16);
  const recordSize = message.readUInt32BE(16);
  const keyIdLength = message[20]!;
  const serverPublic = message.subarray(21, 21 + keyIdLength);
  const records = message.subarray(21 + keyIdLength);
  if (records.length > recordSize) throw new Error('a push message holds one record');

  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(subscription.privateKey);
  const browserPublic = Buffer.from(subscription.keys.p256dh, 'base64url');
  const sharedSecret = ecdh.computeSecret(serverPublic);
  const authSecret = Buffer.from(subscription.keys.auth, 'base64url');
  // RFC 8291, 3.4: the input keying material from the ECDH secret and the auth secret.
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browserPublic,
    serverPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(authSecret, sharedSecret), keyInfo);
  // RFC 8188, 2.2 and 2.3: the content key and nonce from the salt.
  const prk = hmac(salt, ikm);
  const key = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);

  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([
    decipher.update(records.subarray(0, records.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then zero or more zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not the last record of a push message');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * The claims of a VAPID Authorization header (`vapid t=<JWT>, k=<key>`), once its ES256
 * signature is checked against the key it names; throws for a bad signature.
 */
export function readVapid(authorization: string | undefined): {
  publicKey: string;
  claims: { aud: string; sub: string; exp: number };
} {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID header: ${authorization}`);
  const [header, claims, signature] = match[1]!.split('.') as [string, string, string];
  const point = Buffer.from(match[2]!, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const isSigned = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isSigned) throw new Error('the VAPID signature does not verify');
  return {
    publicKey: match[2]!,
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
      aud: string;
      sub: string;
      exp: number;
    },
  };
}

export async function startPushEndpoint(): Promise<TestPushEndpoint> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${origin}${request.url}`;
      received.push({ endpoint, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answers.get(endpoint) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        endpoint: `${origin}/push/${randomUUID()}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
        privateKey: ecdh.getPrivateKey(),
      };
    },
    answerWith(endpoint, status) {
      answers.set(endpoint, status);
    },
    received(endpoint) {
      return endpoint ? received.filter((push) => push.endpoint === endpoint) : [...received];
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
