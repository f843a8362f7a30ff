import { data } from 'react-router';
import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';
import { EMAIL_PROOF_TTL_DAYS } from '#modules/accounts/accounts.email-proof.ts';
import {
  PasswordChangeSchema,
  PasswordConfirmSchema,
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
 * address, two-step sign-in, new recovery codes (answered once, with the page's answer), the
 * password, signing a session out.
 */
export async function runSecurityForm({ request, context }: FormArgs) {
  const viewer = requireViewer(request, context);
  const { accountSecurity, emailProof } = getServices(context);
  const client = { clientAddress: context.get(requestContext).clientAddress };
  let recoveryCodes: string[] | undefined;
  const answer = await handleIntents(
    { request, context },
    {
      emailProof: formHandler(z.object({}), async () => {
        const { email } = await emailProof.requestProofLink(viewer.id);
        return t('emailProof.sent', { email, days: EMAIL_PROOF_TTL_DAYS });
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
  if (!recoveryCodes) return answer;
  return data<typeof answer.data & { recoveryCodes: string[] }>(
    { ...answer.data, recoveryCodes },
    answer.init ?? undefined,
  );
}
