import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkEndpoint, createPushAgents, isPrivateAddress } from './push.endpoint.ts';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.5',
    '172.16.3.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    'not an address',
  ])('%s is inner', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['142.250.185.10', '2a00:1450:4001:82b::200a', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('checkEndpoint', () => {
  it('allows the push services browsers use', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGq',
      'https://wns2-db5p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect(checkEndpoint(endpoint, false), endpoint).toBeNull();
    }
  });

  it('refuses what is not a public https host on the default port', () => {
    expect(checkEndpoint('nonsense', false)).toBe('not-url');
    expect(checkEndpoint('https://user:pass@fcm.googleapis.com/x', false)).toBe('not-url');
    expect(checkEndpoint('http://fcm.googleapis.com/x', false)).toBe('not-https');
    expect(checkEndpoint('https://fcm.googleapis.com:444/x', false)).toBe('not-https');
    expect(checkEndpoint('https://192.168.0.1/x', false)).toBe('private-host');
    expect(checkEndpoint('https://[fd00::1]/x', false)).toBe('private-host');
    expect(checkEndpoint('https://printer.local/x', false)).toBe('private-host');
    expect(checkEndpoint('https://metadata/x', false)).toBe('private-host');
  });

  it('allows http and inner hosts only when the operator says so', () => {
    expect(checkEndpoint('http://127.0.0.1:4000/push/1', true)).toBeNull();
    expect(checkEndpoint('file:///etc/passwd', true)).toBe('not-https');
  });
});

describe('createPushAgents', () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    server = http.createServer((_request, response) => response.end('inside'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  function get(agent: http.Agent): Promise<string> {
    return new Promise((resolve, reject) => {
      http
        .get(`http://localhost:${port}/`, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(String(response.statusCode)));
        })
        .on('error', reject);
    });
  }

  it('does not connect to a name that resolves to an inner address (DNS rebinding too)', async () => {
    await expect(get(createPushAgents(false).http)).rejects.toMatchObject({
      code: 'EPUSHPRIVATE',
    });
  });

  it('connects when inner addresses are allowed', async () => {
    const agents = createPushAgents(true);
    expect(await get(agents.http)).toBe('200');
    agents.http.destroy();
  });
});
