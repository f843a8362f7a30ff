import { redirect, type ActionFunctionArgs } from 'react-router';
import { NotFoundError, UnauthorizedError } from '#lib/errors.ts';
import { t } from '#lib/i18n.ts';
import { AvailabilityInputSchema, IdParamsSchema } from '#lib/listing-schemas.ts';
import { InquiryInputSchema } from '#modules/inquiries/inquiries.schema.ts';
import { handleFormAction } from './form-action.server.ts';
import { pagePathOf } from './auth.server.ts';

/** The form field that tells a listing page's forms apart. */
export const AVAILABILITY_INTENT = 'availability';

/** The Request Information form of a published listing's page. */
export function submitInquiry({
  request,
  context,
  params,
}: Pick<ActionFunctionArgs, 'request' | 'context' | 'params'>) {
  return handleFormAction(request, context, InquiryInputSchema, async (input) => {
    await context.services.inquiries.createInquiry({ ...input, listingId: params.id ?? '' });
    return t('inquiry.success');
  });
}

/**
 * The forms of a property or asset page: Request Information for anyone, and the availability
 * of the listing for its owner (and admins; the service decides who may).
 */
export function listingAction(kind: 'property' | 'asset') {
  return async ({ request, context, params }: ActionFunctionArgs) => {
    const intent = (await request.clone().formData()).get('intent');
    if (intent !== AVAILABILITY_INTENT) return submitInquiry({ request, context, params });
    const answer = await handleFormAction(
      request,
      context,
      AvailabilityInputSchema,
      async ({ availability }) => {
        const viewer = context.viewer;
        if (!viewer) throw new UnauthorizedError(t('auth.signInRequired'));
        const id = IdParamsSchema.safeParse(params);
        if (!id.success) throw new NotFoundError(t('api.listingNotFound'));
        const { listings, assets, search } = context.services;
        if (kind === 'property') {
          await listings.setPropertyAvailability(id.data.id, availability, viewer);
        } else {
          await assets.setAssetAvailability(id.data.id, availability, viewer);
        }
        search.forgetCachedAnswers();
        return t('api.availabilityUpdated', { availability });
      },
    );
    // Posted without JavaScript: back to the page, so the page's other form shows no message.
    const isDocumentPost = !new URL(request.url).pathname.endsWith('.data');
    if (isDocumentPost && answer.data.ok) throw redirect(pagePathOf(request));
    return answer;
  };
}
