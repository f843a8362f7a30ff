/** The accounts e2e/serve.ts makes, with passwords the journeys sign in with. */

/** The first admin, bootstrapped through ADMIN_EMAIL and ADMIN_PASSWORD. */
export const E2E_ADMIN = {
  email: 'admin@e2e.inzu.rw',
  password: 'e2e-admin-password',
  name: 'Administrator',
} as const;

/** The seller who owns the fixture catalogue. */
export const E2E_SELLER = {
  email: 'jean.habimana@e2e.example.rw',
  password: 'e2e-seller-password',
  name: 'Jean Habimana',
} as const;

/**
 * Sellers whose listings e2e/serve.ts dates back for the expiry journey (e2e/expiry.spec.ts):
 * one per project, since a renewal is done once.
 */
export const E2E_EXPIRY_SELLERS = {
  phone: { email: 'expiry-phone@e2e.inzu.rw', name: 'Expiry Phone Seller' },
  desktop: { email: 'expiry-desktop@e2e.inzu.rw', name: 'Expiry Desktop Seller' },
} as const;

export const E2E_EXPIRY_PASSWORD = 'e2e-expiry-password';
