import type { Database } from '#db/client.ts';
import type { Clock } from '#lib/clock.ts';
import type { AuditService } from '#modules/audit/audit.service.ts';
import type { SuppliesService } from '#modules/supplies/supplies.service.ts';

export type ManageService = ReturnType<typeof createManageService>;

export function createManageService(_dependencies: {
  db: Database;
  clock: Clock;
  audit: AuditService;
  supplies: SuppliesService;
}) {
  return {};
}
