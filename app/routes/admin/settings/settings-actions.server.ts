import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';
import {
  FaqInputSchema,
  PlatformSettingsSchema,
  PricesSchema,
  SmsLimitsSchema,
  SupportInfoSchema,
} from '#modules/settings/settings.schema.ts';
import { getServices } from '#server/load-context.ts';
import { adminContext } from '#app/auth.server.ts';
import {
  formHandler,
  handleIntents,
  type FormArgs,
  type IntentOf,
} from '#app/forms/form-action.server.ts';

const FaqDeleteSchema = z.object({ id: z.string() });

/** One action for the page's panels; `intent` says which form was sent. */
export function handleSettingsAction(args: FormArgs) {
  const admin = args.context.get(adminContext);
  const { settings } = getServices(args.context);
  return handleIntents(args, {
    support: formHandler(SupportInfoSchema, async (input) => {
      await settings.updateSupportInfo(input, admin);
      return t('settings.supportSaved');
    }),
    platform: formHandler(PlatformSettingsSchema, async (input) => {
      await settings.updatePlatformSettings(input, admin);
      return t('settings.saved');
    }),
    prices: formHandler(PricesSchema, async (input) => {
      await settings.updatePrices(input, admin);
      return t('settings.pricesSaved');
    }),
    sms: formHandler(SmsLimitsSchema, async (input) => {
      await settings.updateSmsLimits(input, admin);
      return t('settings.smsSaved');
    }),
    'faq-add': formHandler(FaqInputSchema, async (input) => {
      await settings.createFaq(input, admin);
      return t('settings.faqAdded');
    }),
    'faq-delete': formHandler(FaqDeleteSchema, async ({ id }) => {
      await settings.deleteFaq(id, admin);
      return t('settings.faqDeleted');
    }),
  });
}

export type SettingsIntent = IntentOf<typeof handleSettingsAction>;
