import { z } from 'zod';

/** The six counts of the admin dashboard (spec: Dashboard counts). */
export const DashboardStatsSchema = z.object({
  totalProperties: z.number().int(),
  activeRentals: z.number().int(),
  registeredUsers: z.number().int(),
  requestedProperties: z.number().int(),
  suppliedProperties: z.number().int(),
  pendingApprovals: z.number().int(),
});

export type DashboardStats = z.infer<typeof DashboardStatsSchema>;
