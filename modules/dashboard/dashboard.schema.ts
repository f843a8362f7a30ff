import { z } from 'zod';

/**
 * The counts of the admin dashboard: the spec's six, each counting what its label says, the
 * published assets apart from the properties, then how many leads the platform passed on in the
 * last 7 days (inquiries made, buyer-request matches told).
 */
export const DashboardStatsSchema = z.object({
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

export type DashboardStats = z.infer<typeof DashboardStatsSchema>;
