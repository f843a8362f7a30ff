/** The first admin e2e/serve.ts bootstraps through ADMIN_EMAIL and ADMIN_PASSWORD. */
export const E2E_ADMIN = {
  email: 'admin@e2e.inzu.rw',
  password: 'e2e-admin-password',
  name: 'Administrator',
} as const;
