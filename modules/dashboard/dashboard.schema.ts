import { z } from 'zod';

/**
 * The counts of the admin dashboard: the spec's six, each counting what its label says, the
 * published assets apart from the properties, then how many leads the platform passed on in the
 * last 7 days (inquiries made, buyer-request matches told).
 */
const DashboardCountsSchema = z.object({
  totalProperties: z
    .number()
    .int()
    .meta({ description: 'Houses, apartments and hotels published on the site' }),
  totalAssets: z
    .number()
    .int()
    .meta({ description: 'Land, vehicles, clothes and other items published on the site' }),
  activeRentals: z
    .number()
    .int()
    .meta({ description: 'Published listings (properties and assets) for rent, still available' }),
  registeredUsers: z.number().int(),
  requestedProperties: z.number().int().meta({ description: "Buyers' open requests" }),
  suppliedProperties: z
    .number()
    .int()
    .meta({ description: 'Listings supplied by non-admins, whatever their review state' }),
  pendingApprovals: z
    .number()
    .int()
    .meta({ description: 'Properties and assets waiting for review' }),
  inquiriesLast7Days: z.number().int(),
  matchesLast7Days: z.number().int(),
  revenueLast30Days: z
    .number()
    .int()
    .meta({ description: 'RWF received by Mobile Money in the last 30 days, less refunds' }),
});

export type DashboardCounts = z.infer<typeof DashboardCountsSchema>;

/** How many SMS written on one Kigali day left and how many did not reach their phone. */
const SmsDaySchema = z.object({
  day: z.iso.date().meta({ description: 'A Kigali day, YYYY-MM-DD' }),
  sent: z
    .number()
    .int()
    .meta({ description: 'Accepted by the provider (delivered or not yet reported)' }),
  failed: z
    .number()
    .int()
    .meta({ description: 'Refused by the provider, or failed by the delivery report' }),
  uncertain: z
    .number()
    .int()
    .meta({ description: 'May have left: the provider never answered (not sent again)' }),
});

export type SmsDay = z.infer<typeof SmsDaySchema>;

/** How many days of SMS the dashboard shows, today last. */
export const SMS_DASHBOARD_DAYS = 14;

/** The dashboard's counts, and the SMS of the last SMS_DASHBOARD_DAYS Kigali days, oldest first. */
export const DashboardStatsSchema = DashboardCountsSchema.extend({
  smsByDay: z.array(SmsDaySchema),
});

export type DashboardStats = z.infer<typeof DashboardStatsSchema>;
