import type { ActionFunctionArgs } from 'react-router';
import { t } from '#lib/i18n.ts';
import { InquiryInputSchema } from '#modules/inquiries/inquiries.schema.ts';
import { handleFormAction } from './form-action.server.ts';

/** The Request Information form of a property or asset page. */
export function submitInquiry({ request, context, params }: ActionFunctionArgs) {
  return handleFormAction(request, context, InquiryInputSchema, async (input) => {
    await context.services.inquiries.createInquiry({ ...input, listingId: params.id ?? '' });
    return t('inquiry.success');
  });
}
