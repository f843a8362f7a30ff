import { z } from 'zod';

/**
 * The counts of the admin dashboard: the spec's six, then how many leads the platform passed
 * on in the last 7 days (inquiries made, buyer-request matches told).
 */
export const DashboardStatsSchema = z.object({
  totalProperties: z.number().int(),
  activeRentals: z.number().int(),
  registeredUsers: z.number().int(),
  requestedProperties: z.number().int(),
  suppliedProperties: z.number().int(),
  pendingApprovals: z.number().int(),
  inquiriesLast7Days: z.number().int(),
  matchesLast7Days: z.number().int(),
});

export type DashboardStats = z.infer<typeof DashboardStatsSchema>;
