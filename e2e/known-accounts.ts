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

/**
 * Sellers with a proved phone number and one listing each, for the SMS journey
 * (e2e/phone-accounts.spec.ts): one per project, so that each reads only its own SMS.
 */
export const E2E_PHONE_SELLERS = {
  phone: { name: 'Phone SMS Seller', phone: '+250788100201', typed: '0788 100 201' },
  desktop: { name: 'Desktop SMS Seller', phone: '+250788100202', typed: '0788 100 202' },
} as const;

export const E2E_PHONE_SELLER_PASSWORD = 'e2e-phone-seller-password';
