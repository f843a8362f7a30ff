import { useEffect, useState } from 'react';
import { Form, useRevalidator } from 'react-router';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.pages.ts';
import { PUSH_NOTICE_KINDS, type PushNoticeKind } from '#lib/push.ts';
import { FormMessage } from '#app/components/form-message.tsx';
import { ChoiceBoxes } from './choice-boxes.tsx';

/**
 * What this browser can do about push: still finding out; nothing (no service worker or Push
 * API: an iPhone's Safari outside an installed app); blocked by the person; off; on (its
 * subscription is one of the account's); busy asking.
 */
type PushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on' | 'busy';

/** How long the page waits for the service worker to be ready before giving up. */
const WORKER_WAIT_MS = 10_000;

function isPushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The VAPID key as PushManager.subscribe takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

function readyWorker(): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error('no service worker')), WORKER_WAIT_MS),
    ),
  ]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Where this browser stands: on only when its subscription is one of the account's. */
async function readPushState(endpoints: string[]): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await currentSubscription().catch(() => null);
  return subscription && endpoints.includes(subscription.endpoint) ? 'on' : 'off';
}

/** Asks permission, subscribes this browser with the site's key and registers it. */
async function turnOn(): Promise<'on' | 'denied' | 'off'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const keyAnswer = await fetch('/api/push/key');
  if (!keyAnswer.ok) throw new Error(`key: ${keyAnswer.status}`);
  const { publicKey } = (await keyAnswer.json()) as { publicKey: string };
  const registration = await readyWorker();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const saved = await fetch('/api/my-push-subscriptions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(subscription.toJSON()),
  });
  if (!saved.ok) {
    await subscription.unsubscribe();
    throw new Error(`subscribe: ${saved.status}`);
  }
  return 'on';
}

/** Forgets this browser on the server, then in the browser. */
async function turnOff(): Promise<'off'> {
  const subscription = await currentSubscription();
  if (!subscription) return 'off';
  const removed = await fetch('/api/my-push-subscriptions', {
    method: 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint: subscription.endpoint }),
  });
  // 404: the server had forgotten it already.
  if (!removed.ok && removed.status !== 404) throw new Error(`unsubscribe: ${removed.status}`);
  await subscription.unsubscribe();
  return 'off';
}

/**
 * "On this phone": push notifications of the installed app, turned on or off for this browser,
 * and the kinds of notice they bring (for all the account's browsers). Its script loads with
 * this page only.
 */
export function PushChoices({
  endpoints,
  choices,
  answer,
  isBusy,
}: {
  /** The account's registered browsers: this one is on when its subscription is among them. */
  endpoints: string[];
  choices: Record<PushNoticeKind, boolean>;
  answer: FormResult | undefined;
  isBusy: boolean;
}) {
  const [state, setState] = useState<PushState>('checking');
  /** A new object each failure: its message comes into view again (FormMessage). */
  const [failure, setFailure] = useState<object | null>(null);
  const revalidator = useRevalidator();

  useEffect(() => {
    let isCurrent = true;
    void readPushState(endpoints).then((next) => {
      if (isCurrent) setState(next);
    });
    return () => {
      isCurrent = false;
    };
  }, [endpoints]);

  async function change(action: () => Promise<PushState>) {
    setState('busy');
    setFailure(null);
    try {
      setState(await action());
    } catch {
      setFailure({});
      setState((await currentSubscription().catch(() => null)) ? 'on' : 'off');
    }
    void revalidator.revalidate();
  }

  const statusText: Record<PushState, string> = {
    checking: t('pushChoices.checking'),
    unsupported: t('pushChoices.unsupported'),
    denied: t('pushChoices.denied'),
    off: t('pushChoices.off'),
    on: t('pushChoices.on'),
    busy: t('pushChoices.checking'),
  };
  const canChange = state === 'on' || state === 'off' || state === 'busy';

  return (
    <section aria-labelledby="push-choices-heading" className="max-w-xl space-y-3">
      <h2 id="push-choices-heading" className="text-xl font-bold">
        {t('pushChoices.heading')}
      </h2>
      <p className="text-slate-700">{t('pushChoices.intro')}</p>
      <p className="font-medium text-slate-800" aria-live="polite">
        {statusText[state]}
      </p>
      {canChange && (
        <button
          type="button"
          className="button-secondary w-full sm:w-auto"
          disabled={state === 'busy'}
          onClick={() => void change(state === 'on' ? turnOff : turnOn)}
        >
          {state === 'on' ? t('pushChoices.turnOff') : t('pushChoices.turnOn')}
        </button>
      )}
      {failure && (
        <FormMessage tone="error" answer={failure}>
          {t('pushChoices.failed')}
        </FormMessage>
      )}
      {endpoints.length > 0 && (
        <Form method="post" key={JSON.stringify(choices)} className="space-y-4">
          <input type="hidden" name="channel" value="push" />
          <ChoiceBoxes
            legend={t('pushChoices.legend')}
            kinds={PUSH_NOTICE_KINDS}
            choices={choices}
            labelOf={(kind) => t(`smsChoices.label.${kind}`)}
          />
          <p className="text-sm text-slate-600">{t('pushChoices.note')}</p>
          <button type="submit" className="button-secondary w-full sm:w-auto" disabled={isBusy}>
            {t('pushChoices.save')}
          </button>
          <div aria-live="polite">
            {answer && (
              <FormMessage tone={answer.ok ? 'success' : 'error'} answer={answer}>
                {answer.message}
              </FormMessage>
            )}
          </div>
        </Form>
      )}
    </section>
  );
}
