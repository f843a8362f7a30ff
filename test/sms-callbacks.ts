/**
 * Our side of Africa's Talking's callbacks in the SMS tests, and the simulator posting to it: the
 * tests read what it posted (delivery reports, replies) as the product would receive it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmsSimulator, type StartedSmsSimulator } from '#modules/sms/sms.simulator.ts';

type Arrival = { path: string; contentType: string; fields: Record<string, string> };

/**
 * Our side of Africa's Talking's callbacks: keeps each form posted to it, answers the status the
 * test sets, and lets a test await an arrival.
 */
export async function startReceiver() {
  const arrivals: Arrival[] = [];
  const waiters = new Set<() => void>();
  let status = 200;
  const server = http.createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      arrivals.push({
        path: req.url ?? '',
        contentType: req.headers['content-type'] ?? '',
        fields: Object.fromEntries(new URLSearchParams(text)),
      });
      res.writeHead(status);
      res.end();
      for (const waiter of waiters) waiter();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    answerWith(next: number) {
      status = next;
    },
    /** Resolves once `count` forms have arrived. */
    async arrived(count: number): Promise<Arrival[]> {
      while (arrivals.length < count) {
        await new Promise<void>((resolve) => {
          const waiter = () => {
            waiters.delete(waiter);
            resolve();
          };
          waiters.add(waiter);
        });
      }
      return arrivals;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The simulator, posting its delivery reports and replies to a receiver of its own. */
export async function startSimulatorWithReceiver(now: Date): Promise<{
  started: StartedSmsSimulator;
  receiver: Awaited<ReturnType<typeof startReceiver>>;
  close(): Promise<void>;
}> {
  const receiver = await startReceiver();
  const started = await startSmsSimulator({
    deliveryReportUrl: `${receiver.url}/sms/delivery-reports`,
    inboundUrl: `${receiver.url}/sms/inbound`,
    now: () => now,
  });
  return {
    started,
    receiver,
    close: async () => {
      await started.close();
      await receiver.close();
    },
  };
}
