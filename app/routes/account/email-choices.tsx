import { data, Form, useNavigation } from 'react-router';
import type { FormResult } from '#lib/form-result.ts';
import { formatPhone } from '#lib/phone.ts';
import { SMS_NOTICE_KINDS, type SmsNoticeKind } from '#lib/sms.ts';
import { SmsChoicesFormSchema } from '#modules/sms/sms.schema.ts';
import { PushChoicesFormSchema } from '#modules/push/push.schema.ts';
import { Link } from '#app/components/link.tsx';
import { t, tCount } from '#lib/i18n.pages.ts';
import { ConflictError } from '#lib/errors.ts';
import { EMAIL_CHOICES } from '#lib/notifications.ts';
import { EmailChoicesFormSchema } from '#modules/email-choices/email-choices.schema.ts';
import { requireViewer } from '#app/auth.server.ts';
import { AccountPage } from '#app/components/account-page.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/email-choices';
import { ChoiceBoxes } from './choice-boxes.tsx';
import { PushChoices } from './push-choices.tsx';
import { getServices } from '#server/load-context.ts';

/** Which kinds of e-mail, of SMS and of push notification reach the signed-in user. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const { emailChoices, sms, push, accounts, settings } = getServices(context);
  // An account registered by phone alone has no address to choose e-mails for.
  const [choices, smsChoices, smsLimits, user, pushChoices, pushEndpoints] = await Promise.all([
    viewer.email ? emailChoices.getChoices(viewer.email) : null,
    sms.getChoices(viewer.id),
    settings.getSmsLimits(),
    accounts.getUser(viewer.id),
    push.getChoices(viewer.id),
    push.listEndpoints(viewer.id),
  ]);
  return {
    email: viewer.email,
    choices,
    phone: user.phone,
    smsChoices,
    smsPerDay: smsLimits.noticesPerUserPerDay,
    pushChoices,
    pushEndpoints,
  };
}

/** The answer, and which form it answers: the e-mail one (no channel), the SMS or push one. */
type ChoicesAnswer = FormResult & { channel?: 'sms' | 'push' };

/** Saves every box of the form posted: a ticked one is a kind to receive. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const { emailChoices, sms, push } = getServices(context);
  const channel = (await request.clone().formData()).get('channel');
  if (channel === 'push') {
    const answer = await handleForm({ request, context }, PushChoicesFormSchema, async (input) => {
      await push.setChoices(viewer.id, input);
      return t('pushChoices.saved');
    });
    return data<ChoicesAnswer>({ ...answer.data, channel: 'push' }, answer.init ?? undefined);
  }
  if (channel === 'sms') {
    const answer = await handleForm({ request, context }, SmsChoicesFormSchema, async (input) => {
      await sms.setChoices(viewer.id, input);
      return t('smsChoices.saved');
    });
    return data<ChoicesAnswer>({ ...answer.data, channel: 'sms' }, answer.init ?? undefined);
  }
  return handleForm({ request, context }, EmailChoicesFormSchema, async (choices) => {
    if (!viewer.email) throw new ConflictError(t('emailProof.none'));
    await emailChoices.setChoices(viewer.email, choices);
    return t('emailChoices.saved');
  });
}

/**
 * The SMS choices: the kinds sent by SMS, to the account's proved number; without one, the way
 * to add it.
 */
function SmsChoices({
  phone,
  choices,
  perDay,
  answer,
  isBusy,
}: {
  phone: string | null;
  /** At most this many a day (Platform Settings). */
  perDay: number;
  choices: Record<SmsNoticeKind, boolean>;
  answer: ChoicesAnswer | undefined;
  isBusy: boolean;
}) {
  return (
    <section aria-labelledby="sms-choices-heading" className="max-w-xl space-y-3">
      <h2 id="sms-choices-heading" className="text-xl font-bold">
        {t('smsChoices.heading')}
      </h2>
      {phone ? (
        <Form method="post" key={JSON.stringify(choices)} className="space-y-4">
          <input type="hidden" name="channel" value="sms" />
          <p className="text-slate-700 [overflow-wrap:anywhere]">
            {t('smsChoices.sentTo', { phone: formatPhone(phone) })}
          </p>
          <ChoiceBoxes
            legend={t('smsChoices.legend')}
            kinds={SMS_NOTICE_KINDS}
            choices={choices}
            labelOf={(kind) => t(`smsChoices.label.${kind}`)}
          />
          <p className="text-sm text-slate-600">{tCount('smsChoices.note', perDay)}</p>
          <button type="submit" className="button-secondary w-full sm:w-auto" disabled={isBusy}>
            {t('smsChoices.save')}
          </button>
          <div aria-live="polite">
            {answer?.channel === 'sms' && (
              <FormMessage tone={answer.ok ? 'success' : 'error'} answer={answer}>
                {answer.message}
              </FormMessage>
            )}
          </div>
        </Form>
      ) : (
        <p className="text-slate-700">
          {t('smsChoices.noPhone')}{' '}
          <Link to="/account/security" className="font-semibold text-brand-800 underline">
            {t('phone.add')}
          </Link>
        </p>
      )}
    </section>
  );
}

export function meta() {
  return pageMeta({ title: t('emailChoices.heading'), description: t('emailChoices.intro') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('error.body')} />;
}

export default function EmailChoicesPage({
  loaderData: { email, choices, phone, smsChoices, smsPerDay, pushChoices, pushEndpoints },
  actionData,
}: Route.ComponentProps) {
  const navigation = useNavigation();
  const answer = actionData as ChoicesAnswer | undefined;
  return (
    <AccountPage heading={t('emailChoices.heading')}>
      <p className="max-w-prose text-slate-700">{t('emailChoices.intro')}</p>
      {email === null || choices === null ? (
        <p className="font-medium text-slate-800">{t('emailProof.none')}</p>
      ) : (
        <>
          <p className="font-medium text-slate-800 [overflow-wrap:anywhere]">
            {t('emailChoices.sentTo', { email })}
          </p>
          {/* Keyed by the saved choices, so the boxes show them again after each save. */}
          <Form method="post" key={JSON.stringify(choices)} className="max-w-xl space-y-4">
            <ChoiceBoxes
              legend={t('emailChoices.legend')}
              kinds={EMAIL_CHOICES}
              choices={choices}
              labelOf={(kind) => t(`emailChoices.label.${kind}`)}
            />
            <p className="text-sm text-slate-600">{t('emailChoices.accountNote')}</p>
            <button
              type="submit"
              className="button-primary w-full sm:w-auto"
              disabled={navigation.state === 'submitting'}
            >
              {t('emailChoices.save')}
            </button>
            <div aria-live="polite">
              {answer && !answer.channel && (
                <FormMessage tone={answer.ok ? 'success' : 'error'} answer={answer}>
                  {answer.message}
                </FormMessage>
              )}
            </div>
          </Form>
        </>
      )}
      <SmsChoices
        phone={phone}
        choices={smsChoices}
        perDay={smsPerDay}
        answer={answer?.channel === 'sms' ? answer : undefined}
        isBusy={navigation.state === 'submitting'}
      />
      <PushChoices
        endpoints={pushEndpoints}
        choices={pushChoices}
        answer={answer?.channel === 'push' ? answer : undefined}
        isBusy={navigation.state === 'submitting'}
      />
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/notifications" className="font-semibold text-brand-800 underline">
          {t('notifications.heading')}
        </Link>
        <Link to="/account/data" className="font-semibold text-brand-800 underline">
          {t('myData.title')}
        </Link>
      </p>
    </AccountPage>
  );
}
