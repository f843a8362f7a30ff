/**
 * The TLS and HTTP/2 front that every deployment puts before the product (nginx or Caddy,
 * docs/deployment.md), for Lighthouse to load pages through as visitors get them: every file
 * of a page over one connection. A browser that talks to the Node port itself speaks HTTP/1.1,
 * opens six connections and queues the rest, which no visitor of a deployed site meets.
 */
import { once } from 'node:events';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

export type HttpsFront = { baseUrl: string; close(): Promise<void> };

/** Headers HTTP/2 forbids in a response (RFC 9113, section 8.2.2). */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Starts the front on a free port of 127.0.0.1, forwarding to `target` as a proxy does (the
 * Host asked for, X-Forwarded-For and -Proto). Its certificate is self-signed: the browser that
 * loads through it must ignore certificate errors.
 */
export async function startHttpsFront(target: URL): Promise<HttpsFront> {
  const { private: key, cert } = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const server = http2.createSecureServer({ key, cert });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    const forwarded: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(':') && value !== undefined) forwarded[name] = value;
    }
    forwarded.host = headers[':authority'];
    // Unknown once the browser has gone, which a cancelled load can do this early.
    const remoteAddress = stream.session?.socket?.remoteAddress;
    if (remoteAddress) forwarded['x-forwarded-for'] = remoteAddress;
    forwarded['x-forwarded-proto'] = 'https';
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: headers[':method'],
        path: headers[':path'],
        headers: forwarded,
      },
      (answer) => {
        // The browser may have cancelled the stream (a preload it no longer wants) meanwhile.
        if (stream.destroyed) {
          answer.resume();
          return;
        }
        const answerHeaders: http2.OutgoingHttpHeaders = { ':status': answer.statusCode ?? 502 };
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!CONNECTION_HEADERS.has(name)) answerHeaders[name] = value;
        }
        stream.respond(answerHeaders);
        answer.pipe(stream);
      },
    );
    upstream.on('error', () => {
      if (!stream.destroyed) stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
    });
    // A cancelled stream ends its request upstream too, as a proxy does.
    stream.on('error', () => upstream.destroy());
    stream.on('close', () => upstream.destroy());
    stream.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `https://127.0.0.1:${port}`,
    async close() {
      for (const session of sessions) session.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
