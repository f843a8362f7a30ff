import type { PaymentsConfig } from '#config/env.ts';
import { createAirtelMoneyProvider } from './payments.airtel.ts';
import { createMtnMomoProvider } from './payments.mtn.ts';
import type { PaymentProviders } from './payments.service.ts';
import { startPaymentsSimulator, type PaymentsSimulator } from './payments.simulator.ts';

/** Where the embedded simulator's phone page is served on the site (the demo only). */
export const DEMO_PHONE_BASE_PATH = '/payments-simulator';

/** The providers payments go through, and the embedded simulator when it stands in for them. */
export type StartedPaymentProviders = {
  providers: PaymentProviders;
  /** The simulator the demo's phone page drives; null with real providers or none. */
  demo: PaymentsSimulator | null;
  close(): Promise<void>;
};

/**
 * The providers of PAYMENTS: MTN MoMo and Airtel Money as configured (`live`), both spoken to the
 * simulator started here on a local port (`simulator`: the demo, no money moves), or none.
 */
export async function startPaymentProviders(
  config: PaymentsConfig,
  { siteUrl }: { siteUrl: string },
): Promise<StartedPaymentProviders> {
  const callbackUrl = (network: string) => `${siteUrl}/api/payments/callback/${network}`;
  if (config.mode === 'off') return { providers: {}, demo: null, close: async () => {} };
  if (config.mode === 'live') {
    const { momo, airtel } = config;
    return {
      providers: {
        ...(momo && {
          mtn: createMtnMomoProvider({
            ...momo,
            callbackUrl: momo.callbackUrl ?? callbackUrl('mtn'),
            timeoutMs: config.timeoutMs,
          }),
        }),
        ...(airtel && {
          airtel: createAirtelMoneyProvider({ ...airtel, timeoutMs: config.timeoutMs }),
        }),
      },
      demo: null,
      close: async () => {},
    };
  }
  const started = await startPaymentsSimulator({
    basePath: DEMO_PHONE_BASE_PATH,
    airtelCallbackUrl: callbackUrl('airtel'),
  });
  // Every prompt waits on the demo phone page until it is approved or declined there.
  started.simulator.setOutcome('prompt');
  const { mtn, airtel } = started.simulator.credentials;
  return {
    providers: {
      mtn: createMtnMomoProvider({
        baseUrl: started.url,
        ...mtn,
        callbackUrl: callbackUrl('mtn'),
        timeoutMs: config.timeoutMs,
      }),
      airtel: createAirtelMoneyProvider({
        baseUrl: started.url,
        ...airtel,
        timeoutMs: config.timeoutMs,
      }),
    },
    demo: started.simulator,
    close: started.close,
  };
}
