import type { Database } from '#db/client.ts';
import type { Clock } from '#lib/clock.ts';
import type { AuditService } from '#modules/audit/audit.service.ts';

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService(_dependencies: {
  db: Database;
  clock: Clock;
  audit: AuditService;
}) {
  return {};
}
