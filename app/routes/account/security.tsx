import { Form, useActionData, useNavigation, useSearchParams } from 'react-router';
import { formatDate, formatDateTime } from '#lib/format.ts';
import type { FormResult } from '#lib/form-result.ts';
import { t, tCount } from '#lib/i18n.pages.ts';
import { requireViewer } from '#app/auth.server.ts';
import { AccountPage } from '#app/components/account-page.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { answerToShow, FormMessage } from '#app/components/form-message.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import type { IntentOf } from '#app/forms/form-action.server.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/security';
import { PasswordField } from './password-field.tsx';
import { ONE_TIME_CODE_INPUT, PhoneCodeFields } from './phone-code-fields.tsx';
import { formatPhone } from '#lib/phone.ts';
import { runSecurityForm } from './security-actions.server.ts';
import { getServices } from '#server/load-context.ts';

/** The e-mail address, two-step sign-in, the password and the sessions of the signed-in user. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const { accountSecurity, accounts, emailProof } = getServices(context);
  const [emailState, user, twoStep, pendingSetup, sessions] = await Promise.all([
    emailProof.getEmailProof(viewer.id),
    accounts.getUser(viewer.id),
    accountSecurity.getTwoStep(viewer.id),
    accountSecurity.getPendingSetup(viewer.id),
    accountSecurity.listSessions(viewer),
  ]);
  return {
    emailState,
    phoneState: { phone: user.phone, provedAt: user.phoneProvedAt },
    twoStep,
    pendingSetup,
    sessions,
    isTwoStepRequired: accounts.mustTurnOnTwoStep(viewer),
  };
}

/** A page answer, with the recovery codes when a form made new ones (shown this once). */
type SecurityAnswer = FormResult & {
  intent: string | null;
  recoveryCodes?: string[];
  /** The token of the code just sent to a number being added. */
  phoneProof?: string;
};

export function action(args: Route.ActionArgs) {
  return runSecurityForm(args);
}

type Intent = IntentOf<typeof action>;

export function meta() {
  return pageMeta({ title: t('security.title'), description: t('security.intro') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('error.body')} />;
}

/** A secret in groups of 4, easier to type into an app. */
function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The id prefix of each form's fields, for the error summary's links. */
const FIELD_ID_PREFIXES: Record<Intent, string> = {
  emailProof: 'field',
  phoneAdd: 'phone',
  phoneConfirm: 'field',
  phoneResend: 'field',
  phoneRemove: 'phone-remove',
  setUp: 'setup',
  enable: 'enable',
  disable: 'disable',
  recoveryCodes: 'codes',
  password: 'field',
  endSession: 'field',
};

/**
 * The answer to one of the page's forms, under that form: a refusal naming fields is the site's
 * error summary (their labels, linked), not the answer's `field: message`.
 */
function Answer({ answer, intent }: { answer: SecurityAnswer | undefined; intent: Intent }) {
  if (!answer || answer.intent !== intent) return null;
  if (!answer.ok && Object.keys(answer.fieldErrors).length > 0) {
    return (
      <FormErrorSummary
        answer={answer}
        fieldErrors={answer.fieldErrors}
        idPrefix={FIELD_ID_PREFIXES[intent]}
      />
    );
  }
  return (
    <div aria-live="polite">
      <FormMessage tone={answer.ok ? 'success' : 'error'} answer={answerToShow(answer)}>
        {answer.message}
      </FormMessage>
    </div>
  );
}

/** The error of one field, when the page's answer to `intent` names it. */
function fieldError(answer: SecurityAnswer | undefined, intent: Intent, field: string) {
  if (!answer || answer.ok || answer.intent !== intent) return undefined;
  return answer.fieldErrors[field];
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section
      aria-labelledby="recovery-codes-heading"
      className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h3 id="recovery-codes-heading" className="font-semibold">
        {t('twoStep.recoveryCodesHeading')}
      </h3>
      <p className="text-sm text-slate-700">{t('twoStep.recoveryCodesExplain')}</p>
      <ul className="grid grid-cols-1 gap-1 font-mono sm:grid-cols-2" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  );
}

const CARD = 'space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6';

/**
 * The account's phone number: confirmed since when, or none; adding one (with the password)
 * sends a code, typed here; removing it asks for the password, and only when an e-mail address
 * is left to sign in with.
 */
function PhoneSection({
  phoneState,
  answer,
  isBusy,
  canRemove,
}: {
  phoneState: { phone: string | null; provedAt: string | null };
  answer: SecurityAnswer | undefined;
  isBusy: boolean;
  canRemove: boolean;
}) {
  const proof = answer?.phoneProof;
  const isCodeStep = proof !== undefined && !(answer?.ok && answer.intent === 'phoneConfirm');
  return (
    <section aria-labelledby="phone-heading" className={CARD}>
      <h2 id="phone-heading" className="text-xl font-bold">
        {t('phone.heading')}
      </h2>
      <p className="max-w-prose text-slate-700">{t('phone.intro')}</p>
      <p className="[overflow-wrap:anywhere]" data-testid="phone-status">
        {phoneState.phone && phoneState.provedAt
          ? t('phone.provedOn', {
              phone: formatPhone(phoneState.phone),
              date: formatDate(phoneState.provedAt),
            })
          : t('phone.noneYet')}
      </p>
      {isCodeStep ? (
        <Form method="post" className="max-w-xl space-y-3">
          <IntentInput<Intent> value="phoneConfirm" />
          <PhoneCodeFields proof={proof} error={fieldError(answer, 'phoneConfirm', 'code')} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="button-primary" disabled={isBusy}>
              {t('phoneCode.submit')}
            </button>
            <button
              type="submit"
              name="intent"
              value="phoneResend"
              className="button-secondary"
              disabled={isBusy}
            >
              {t('phoneCode.resend')}
            </button>
          </div>
          <Answer answer={answer} intent="phoneAdd" />
          <Answer answer={answer} intent="phoneResend" />
          <Answer answer={answer} intent="phoneConfirm" />
        </Form>
      ) : (
        <details
          className="max-w-xl rounded-lg border border-slate-200 p-3"
          open={answer?.intent === 'phoneAdd' && !answer.ok}
        >
          <summary className="cursor-pointer font-medium text-brand-800">
            {phoneState.phone ? t('phone.change') : t('phone.add')}
          </summary>
          <Form method="post" className="mt-3 space-y-3">
            <IntentInput<Intent> value="phoneAdd" />
            <FormField
              name="phone"
              idPrefix="phone"
              label={t('account.phone')}
              error={fieldError(answer, 'phoneAdd', 'phone')}
            >
              {(props) => (
                <input {...props} type="tel" inputMode="tel" required autoComplete="tel" />
              )}
            </FormField>
            <p className="text-sm text-slate-700">{t('phone.passwordExplain')}</p>
            <PasswordField
              name="password"
              idPrefix="phone"
              label={t('account.password')}
              error={fieldError(answer, 'phoneAdd', 'password')}
              autoComplete="current-password"
            />
            <button type="submit" className="button-secondary" disabled={isBusy}>
              {t('phone.sendCode')}
            </button>
          </Form>
        </details>
      )}
      {!isCodeStep && <Answer answer={answer} intent="phoneAdd" />}
      {!isCodeStep && <Answer answer={answer} intent="phoneConfirm" />}
      {phoneState.phone && canRemove && !isCodeStep && (
        <details className="max-w-xl rounded-lg border border-slate-200 p-3">
          <summary className="cursor-pointer font-medium text-brand-800">
            {t('phone.remove')}
          </summary>
          <Form method="post" className="mt-3 space-y-3">
            <IntentInput<Intent> value="phoneRemove" />
            <PasswordField
              name="password"
              idPrefix="phone-remove"
              label={t('account.password')}
              error={fieldError(answer, 'phoneRemove', 'password')}
              autoComplete="current-password"
            />
            <button type="submit" className="button-secondary" disabled={isBusy}>
              {t('phone.remove')}
            </button>
          </Form>
        </details>
      )}
      <Answer answer={answer} intent="phoneRemove" />
    </section>
  );
}

export default function SecurityPage({
  loaderData: { emailState, phoneState, twoStep, pendingSetup, sessions, isTwoStepRequired },
}: Route.ComponentProps) {
  const answer = useActionData<SecurityAnswer>();
  const navigation = useNavigation();
  const isBusy = navigation.state === 'submitting';
  const [searchParams] = useSearchParams();
  const isSentByAdminPanel = searchParams.get('adminTwoStep') === 'required';

  return (
    <AccountPage heading={t('security.title')}>
      <p className="max-w-prose text-slate-700">{t('security.intro')}</p>
      {(isTwoStepRequired || isSentByAdminPanel) && !twoStep.isOn && (
        <FormMessage tone="pending">{t('twoStep.requiredForAdmins')}</FormMessage>
      )}

      <section aria-labelledby="email-heading" className={CARD}>
        <h2 id="email-heading" className="text-xl font-bold">
          {t('emailProof.heading')}
        </h2>
        {emailState.email === null ? (
          <p data-testid="email-proof-status">{t('emailProof.none')}</p>
        ) : emailState.provedAt ? (
          <p className="[overflow-wrap:anywhere]" data-testid="email-proof-status">
            {t('emailProof.provedOn', {
              email: emailState.email,
              date: formatDate(emailState.provedAt),
            })}
          </p>
        ) : (
          <Form method="post" className="max-w-xl space-y-3">
            <IntentInput<Intent> value="emailProof" />
            <p className="[overflow-wrap:anywhere]" data-testid="email-proof-status">
              {t('emailProof.notProved', { email: emailState.email })}
            </p>
            <button type="submit" className="button-secondary" disabled={isBusy}>
              {t('emailProof.send')}
            </button>
            <Answer answer={answer} intent="emailProof" />
          </Form>
        )}
      </section>

      <PhoneSection
        phoneState={phoneState}
        answer={answer}
        isBusy={isBusy}
        canRemove={emailState.email !== null}
      />

      <section aria-labelledby="two-step-heading" className={CARD}>
        <h2 id="two-step-heading" className="text-xl font-bold">
          {t('twoStep.heading')}
        </h2>
        <p className="max-w-prose text-slate-700">{t('twoStep.explain')}</p>
        {answer?.recoveryCodes && <RecoveryCodes codes={answer.recoveryCodes} />}
        {twoStep.isOn ? (
          <>
            <p className="font-medium" data-testid="two-step-status">
              {t('twoStep.statusOn', { date: formatDate(twoStep.enabledAt ?? '') })}{' '}
              {tCount('twoStep.codesLeft', twoStep.recoveryCodesLeft)}
            </p>
            <Form method="post" className="max-w-md space-y-3">
              <IntentInput<Intent> value="recoveryCodes" />
              <h3 className="font-semibold">{t('twoStep.newCodes')}</h3>
              <p className="text-sm text-slate-600">{t('twoStep.newCodesExplain')}</p>
              <PasswordField
                name="password"
                idPrefix="codes"
                label={t('account.password')}
                error={fieldError(answer, 'recoveryCodes', 'password')}
                autoComplete="current-password"
              />
              <button type="submit" className="button-secondary" disabled={isBusy}>
                {t('twoStep.newCodes')}
              </button>
              <Answer answer={answer} intent="recoveryCodes" />
            </Form>
            <Form method="post" className="max-w-md space-y-3">
              <IntentInput<Intent> value="disable" />
              <h3 className="font-semibold">{t('twoStep.turnOff')}</h3>
              <p className="text-sm text-slate-600">{t('twoStep.turnOffExplain')}</p>
              <PasswordField
                name="password"
                idPrefix="disable"
                label={t('account.password')}
                error={fieldError(answer, 'disable', 'password')}
                autoComplete="current-password"
              />
              <FormField
                name="code"
                idPrefix="disable"
                label={t('twoStep.codeLabel')}
                error={fieldError(answer, 'disable', 'code')}
              >
                {(props) => <input {...props} type="text" required autoComplete="one-time-code" />}
              </FormField>
              <button type="submit" className="button-secondary" disabled={isBusy}>
                {t('twoStep.turnOff')}
              </button>
              <Answer answer={answer} intent="disable" />
            </Form>
          </>
        ) : (
          <>
            <p className="font-medium" data-testid="two-step-status">
              {t('twoStep.statusOff')}
            </p>
            {pendingSetup ? (
              <div className="max-w-xl space-y-3">
                <p className="text-slate-700">{t('twoStep.addToApp')}</p>
                <p>
                  <a href={pendingSetup.uri} className="font-semibold text-brand-800 underline">
                    {t('twoStep.openInApp')}
                  </a>
                </p>
                <p>
                  <span className="field-label">{t('twoStep.secretLabel')}</span>
                  <code
                    className="block rounded bg-slate-100 p-2 font-mono text-lg break-all"
                    data-testid="two-step-secret"
                    data-secret={pendingSetup.secret}
                  >
                    {groupedSecret(pendingSetup.secret)}
                  </code>
                </p>
                <Form method="post" className="space-y-3">
                  <IntentInput<Intent> value="enable" />
                  <PasswordField
                    name="password"
                    idPrefix="enable"
                    label={t('account.password')}
                    error={fieldError(answer, 'enable', 'password')}
                    autoComplete="current-password"
                  />
                  <FormField
                    name="code"
                    idPrefix="enable"
                    label={t('twoStep.enterCode')}
                    error={fieldError(answer, 'enable', 'code')}
                  >
                    {(props) => <input {...props} {...ONE_TIME_CODE_INPUT} />}
                  </FormField>
                  <button type="submit" className="button-primary" disabled={isBusy}>
                    {t('twoStep.confirm')}
                  </button>
                  <Answer answer={answer} intent="enable" />
                </Form>
              </div>
            ) : (
              <Form method="post" className="max-w-md space-y-3">
                <IntentInput<Intent> value="setUp" />
                <p className="text-sm text-slate-600">{t('twoStep.startExplain')}</p>
                <PasswordField
                  name="password"
                  idPrefix="setup"
                  label={t('account.password')}
                  error={fieldError(answer, 'setUp', 'password')}
                  autoComplete="current-password"
                />
                <button type="submit" className="button-primary" disabled={isBusy}>
                  {t('twoStep.start')}
                </button>
                <Answer answer={answer} intent="setUp" />
              </Form>
            )}
          </>
        )}
      </section>

      <section aria-labelledby="password-heading" className={CARD}>
        <h2 id="password-heading" className="text-xl font-bold">
          {t('security.passwordHeading')}
        </h2>
        <Form method="post" className="max-w-md space-y-3">
          <IntentInput<Intent> value="password" />
          <p className="text-sm text-slate-600">{t('security.passwordExplain')}</p>
          <PasswordField
            name="currentPassword"
            label={t('security.currentPassword')}
            error={fieldError(answer, 'password', 'currentPassword')}
            autoComplete="current-password"
          />
          <PasswordField
            name="newPassword"
            label={t('security.newPassword')}
            error={fieldError(answer, 'password', 'newPassword')}
            autoComplete="new-password"
          />
          <button type="submit" className="button-primary" disabled={isBusy}>
            {t('security.changePassword')}
          </button>
          <Answer answer={answer} intent="password" />
        </Form>
      </section>

      <section aria-labelledby="sessions-heading" className={CARD}>
        <h2 id="sessions-heading" className="text-xl font-bold">
          {t('sessions.heading')}
        </h2>
        <Answer answer={answer} intent="endSession" />
        <ul className="divide-y divide-slate-100" data-testid="sessions">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium">
                  {session.description}
                  {session.current && (
                    <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-sm text-brand-800">
                      {t('sessions.current')}
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-600">
                  {t('sessions.since', { date: formatDateTime(session.createdAt) })},{' '}
                  {t('sessions.lastSeen', { date: formatDateTime(session.lastSeenAt) })}
                </p>
              </div>
              {!session.current && (
                <Form method="post">
                  <IntentInput<Intent> value="endSession" />
                  <input type="hidden" name="id" value={session.id} />
                  <button type="submit" className="button-secondary" disabled={isBusy}>
                    {t('sessions.signOut')}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      </section>
    </AccountPage>
  );
}
