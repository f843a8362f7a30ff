import { data } from 'react-router';
import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';
import { formatPhone } from '#lib/phone.ts';
import { EMAIL_PROOF_TTL_DAYS } from '#modules/accounts/accounts.email-proof.ts';
import {
  PasswordChangeSchema,
  PasswordConfirmSchema,
  PhoneAddSchema,
  PhoneCodeInputSchema,
  PhoneCodeResendSchema,
  SessionIdParamsSchema,
  TwoStepDisableSchema,
  TwoStepEnableSchema,
  TwoStepSetupSchema,
} from '#modules/accounts/accounts.schema.ts';
import { requireViewer } from '#app/auth.server.ts';
import { formHandler, handleIntents, type FormArgs } from '#app/forms/form-action.server.ts';
import { getServices, requestContext } from '#server/load-context.ts';

/**
 * The security page's forms (app/routes/account/security.tsx): the link that proves the e-mail
 * address, the phone number and its code, two-step sign-in, new recovery codes (answered once, with the page's answer), the
 * password, signing a session out.
 */
export async function runSecurityForm({ request, context }: FormArgs) {
  const viewer = requireViewer(request, context);
  const { accountSecurity, accounts, emailProof } = getServices(context);
  const client = { clientAddress: context.get(requestContext).clientAddress };
  let recoveryCodes: string[] | undefined;
  let phoneProof: string | undefined;
  const postedProof = (await request.clone().formData()).get('proof');
  const answer = await handleIntents(
    { request, context },
    {
      emailProof: formHandler(z.object({}), async () => {
        const { email } = await emailProof.requestProofLink(viewer.id);
        return t('emailProof.sent', { email, days: EMAIL_PROOF_TTL_DAYS });
      }),
      phoneAdd: formHandler(PhoneAddSchema, async (input) => {
        phoneProof = await accountSecurity.addPhone(viewer, input, client);
        return t('phoneCode.sent', { phone: formatPhone(input.phone) });
      }),
      phoneConfirm: formHandler(PhoneCodeInputSchema, async (input) => {
        await accountSecurity.confirmPhone(viewer, input);
        return t('phone.proved');
      }),
      phoneResend: formHandler(PhoneCodeResendSchema, async ({ proof }) => {
        phoneProof = proof;
        const { phone } = await accounts.resendPhoneCode(proof, client);
        return t('phoneCode.resent', { phone: formatPhone(phone) });
      }),
      phoneRemove: formHandler(PasswordConfirmSchema, async ({ password }) => {
        await accountSecurity.removePhone(viewer, password, client);
        return t('phone.removed');
      }),
      setUp: formHandler(TwoStepSetupSchema, async ({ password }) => {
        await accountSecurity.setUpTwoStep(viewer, password, client);
        return t('twoStep.addToApp');
      }),
      enable: formHandler(TwoStepEnableSchema, async (input) => {
        recoveryCodes = await accountSecurity.enableTwoStep(viewer, input, client);
        return t('twoStep.turnedOn');
      }),
      disable: formHandler(TwoStepDisableSchema, async (input) => {
        await accountSecurity.disableTwoStep(viewer, input, client);
        return t('twoStep.turnedOff');
      }),
      recoveryCodes: formHandler(PasswordConfirmSchema, async ({ password }) => {
        recoveryCodes = await accountSecurity.renewRecoveryCodes(viewer, password, client);
        return t('twoStep.newCodesMade');
      }),
      password: formHandler(PasswordChangeSchema, async (input) => {
        await accountSecurity.changePassword(viewer, input, client);
        return t('security.passwordChanged');
      }),
      endSession: formHandler(SessionIdParamsSchema, async ({ id }) => {
        await accountSecurity.endOwnSession(viewer, id);
        return t('sessions.signedOut');
      }),
    },
  );
  // A wrong code keeps the code step: the token came with the post.
  const refusal = answer.data.ok ? null : answer.data;
  const isCodeWrong = answer.data.intent === 'phoneConfirm' && refusal !== null;
  if (isCodeWrong && typeof postedProof === 'string' && !('proof' in refusal.fieldErrors)) {
    phoneProof = postedProof;
  }
  if (!recoveryCodes && !phoneProof) return answer;
  return data<typeof answer.data & { recoveryCodes?: string[]; phoneProof?: string }>(
    { ...answer.data, recoveryCodes, phoneProof },
    answer.init ?? undefined,
  );
}
