import type { SmsConfig } from '#config/env.ts';
import { createAfricasTalkingProvider } from './sms.africastalking.ts';
import type { SmsProvider } from './sms.provider.ts';
import { startSmsSimulator, type SmsSimulator } from './sms.simulator.ts';

/** How long a send may wait for the provider's answer before it counts as unanswered. */
const SMS_TIMEOUT_MS = 15_000;

/** The provider SMS goes through, and the embedded simulator when it stands in for one. */
export type StartedSmsProvider = {
  /** Undefined: SMS waits in the outbox and the log. */
  provider: SmsProvider | undefined;
  /** The simulator the demo's messages go to; null with Africa's Talking or none. */
  demo: SmsSimulator | null;
  close(): Promise<void>;
};

/**
 * The provider of SMS_PROVIDER: Africa's Talking as configured, the same client spoken to the
 * simulator started here on a local port (`simulator`: the demo, no SMS leaves), or none.
 * `callbackUrl` makes the addresses the simulator posts its delivery reports and replies to.
 */
export async function startSmsProvider(
  config: SmsConfig,
  { callbackUrl }: { callbackUrl: (kind: 'delivery-reports' | 'replies') => string },
): Promise<StartedSmsProvider> {
  if (config.mode === 'off') return { provider: undefined, demo: null, close: async () => {} };
  if (config.mode === 'africastalking') {
    const { baseUrl, username, apiKey, senderId } = config;
    return {
      provider: createAfricasTalkingProvider({
        baseUrl,
        username,
        apiKey,
        ...(senderId && { senderId }),
        timeoutMs: SMS_TIMEOUT_MS,
      }),
      demo: null,
      close: async () => {},
    };
  }
  const started = await startSmsSimulator({
    deliveryReportUrl: callbackUrl('delivery-reports'),
    inboundUrl: callbackUrl('replies'),
    autoReport: true,
  });
  const { username, apiKey } = started.simulator.credentials;
  return {
    provider: createAfricasTalkingProvider({
      baseUrl: started.url,
      username,
      apiKey,
      timeoutMs: SMS_TIMEOUT_MS,
    }),
    demo: started.simulator,
    close: started.close,
  };
}
