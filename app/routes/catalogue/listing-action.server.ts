import { type ActionFunctionArgs } from 'react-router';
import { redirect } from '#app/locale-redirect.ts';
import { NotFoundError, UnauthorizedError } from '#lib/errors.ts';
import { t } from '#lib/i18n.all.ts';
import type { ListingKind } from '#lib/listing.ts';
import { AvailabilityInputSchema, IdParamsSchema } from '#lib/listing-schemas.ts';
import { InquiryInputSchema } from '#modules/inquiries/inquiries.schema.ts';
import { ReportInputSchema } from '#modules/listing-reports/listing-reports.schema.ts';
import { getServices, getViewer, requestContext, type PageContext } from '#server/load-context.ts';
import { pagePathOf } from '#app/auth.server.ts';
import { formHandler, handleIntents, type IntentOf } from '#app/forms/form-action.server.ts';

/** Request Information about the listing of the page (published listings only). */
export function inquiryHandler(context: PageContext, listingId: string | undefined) {
  const services = getServices(context);
  const viewer = getViewer(context);
  return formHandler(InquiryInputSchema, async (input) => {
    await services.inquiries.createInquiry({ ...input, listingId: listingId ?? '' }, viewer);
    return t('inquiry.success');
  });
}

/**
 * The forms of a property or asset page: Request Information and Report this listing for
 * anyone, and the availability of the listing for its owner (and admins; the service decides
 * who may).
 */
export function listingAction(kind: ListingKind) {
  return async ({ request, context, params }: ActionFunctionArgs) => {
    const services = getServices(context);
    const viewer = getViewer(context);
    const answer = await handleIntents(
      { request, context },
      {
        inquiry: inquiryHandler(context, params.id),
        report: formHandler(ReportInputSchema, async (input) => {
          const id = IdParamsSchema.safeParse(params);
          if (!id.success) throw new NotFoundError(t('api.listingNotFound'));
          const { clientAddress } = context.get(requestContext);
          await services.listingReports.report(id.data.id, input, { viewer, clientAddress });
          return t('listingReports.thanks');
        }),
        availability: formHandler(AvailabilityInputSchema, async ({ availability }) => {
          if (!viewer) throw new UnauthorizedError(t('auth.signInRequired'));
          const id = IdParamsSchema.safeParse(params);
          if (!id.success) throw new NotFoundError(t('api.listingNotFound'));
          await services.catalogue[kind].setAvailability(id.data.id, availability, viewer);
          return t('api.availabilityUpdated', {
            availability: t(`listing.availability.${availability}`),
          });
        }),
      },
    );
    // Posted without JavaScript: back to the page, so the page's other form shows no message.
    const isDocumentPost = !new URL(request.url).pathname.endsWith('.data');
    if (isDocumentPost && answer.data.ok && answer.data.intent === 'availability') {
      throw redirect(pagePathOf(request));
    }
    return answer;
  };
}

/** The forms of a listing's page: Request Information, and the owner's availability. */
export type ListingIntent = IntentOf<ReturnType<typeof listingAction>>;
