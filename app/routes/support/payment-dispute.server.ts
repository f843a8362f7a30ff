import { t } from '#lib/i18n.pages.ts';
import { PaymentDisputeInputSchema } from '#modules/support/support.schema.ts';
import { requireViewer } from '#app/auth.server.ts';
import { formHandler, type FormArgs } from '#app/forms/form-action.server.ts';
import { getServices } from '#server/load-context.ts';

/**
 * The receipt page's "I paid but nothing happened" form, as an intent of its action: the
 * signed-in payer's words open a ticket about the payment (modules/support checks the payer).
 */
export function paymentDisputeHandler({ request, context }: FormArgs, paymentId: string) {
  const viewer = requireViewer(request, context);
  const { support } = getServices(context);
  return formHandler(PaymentDisputeInputSchema, async (input) => {
    const { number } = await support.disputePayment(paymentId, input, viewer);
    return t('support.dispute.sent', { number });
  });
}
