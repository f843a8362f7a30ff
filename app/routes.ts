import { index, prefix, route, type RouteConfig } from '@react-router/dev/routes';
import { LANDING_TYPES } from '#lib/landing.ts';

/**
 * The one map of the site's addresses. Every page is served at the specification's address in
 * English, and under `/rw/` and `/fr/` in Kinyarwanda and French: the optional `:lang` segment
 * of the language layout, which refuses any other first segment (404).
 */
export default [
  route(':lang?', 'routes/site/language.tsx', [
    index('routes/catalogue/home.tsx'),
    route('get-properties/type/:type', 'routes/catalogue/property-list.tsx'),
    route('asset-property/:type', 'routes/catalogue/asset-list.tsx'),
    route('search', 'routes/catalogue/search-results.tsx'),
    ...Object.keys(LANDING_TYPES).map((slug) =>
      route(`${slug}/:offer/:district?/:sector?`, 'routes/catalogue/place-landing.tsx', {
        id: `landing-${slug}`,
      }),
    ),
    route('property/:id', 'routes/catalogue/property-detail.tsx'),
    route('asset/:id', 'routes/catalogue/asset-detail.tsx'),
    route('details/:id', 'routes/catalogue/listing-detail.tsx'),
    route('contact', 'routes/site/contact.tsx'),
    route('newsletter', 'routes/site/newsletter.tsx'),
    route('login', 'routes/account/login.tsx'),
    route('register', 'routes/account/register.tsx'),
    route('logout', 'routes/account/logout.tsx'),
    route('forgot-password', 'routes/account/forgot-password.tsx'),
    route('reset-password', 'routes/account/reset-password.tsx'),
    route('users/:id', 'routes/account/user-profile.tsx'),
    route('notifications', 'routes/account/notifications.tsx'),
    route('account/notifications', 'routes/account/email-choices.tsx'),
    route('account/security', 'routes/account/security.tsx'),
    route('account/email-proof', 'routes/account/email-proof.tsx'),
    route('unsubscribe', 'routes/account/unsubscribe.tsx'),
    route('listings/still-available', 'routes/listings/still-available.tsx'),
    route('inquiries', 'routes/inquiries/inquiries.tsx'),
    route('favourites', 'routes/favourites/favourites.tsx'),
    route('saved-searches', 'routes/saved-searches/saved-searches.tsx'),
    route('inquiries/:id', 'routes/inquiries/inquiry.tsx'),
    route('conversation', 'routes/inquiries/guest-conversation.tsx'),
    route('faq', 'routes/site/faq.tsx'),
    route('about', 'routes/site/about.tsx'),
    route('terms', 'routes/site/terms.tsx'),
    route('privacy', 'routes/site/privacy.tsx'),
    route('account/data', 'routes/account/my-data.tsx'),
    route('price-guide', 'routes/catalogue/price-guide.tsx'),
    route('supplied-property', 'routes/supplies/supplied-property.tsx'),
    route('create-supply-property', 'routes/supplies/create-supply-property.tsx'),
    route('supply-property-detail/:id', 'routes/supplies/supply-property-detail.tsx'),
    route('supply-property-detail/:id/edit', 'routes/supplies/edit-supply-property.tsx'),
    route('supply-property-detail/:id/pay', 'routes/payments/pay.tsx'),
    route('payments/:id', 'routes/payments/payment.tsx'),
    route('property-requested', 'routes/requests/property-requested.tsx'),
    route('create-request-property', 'routes/requests/create-request-property.tsx'),
    route('requested-property-detail/:id', 'routes/requests/requested-property-detail.tsx'),
    route('requested-property-detail/:id/edit', 'routes/requests/edit-request-property.tsx'),
    ...prefix('admin-panel', [
      route('', 'routes/admin/layout.tsx', { id: 'admin-layout' }, [
        index('routes/admin/dashboard.tsx'),
        route('properties', 'routes/admin/listings/properties.tsx'),
        route('create-new-property', 'routes/admin/listings/property-form.tsx', {
          id: 'admin-create-property',
        }),
        route('create-new-property/:id', 'routes/admin/listings/property-form.tsx', {
          id: 'admin-edit-property',
        }),
        route('assets', 'routes/admin/listings/assets.tsx'),
        route('create-new-asset', 'routes/admin/listings/asset-form.tsx', {
          id: 'admin-create-asset',
        }),
        route('create-new-asset/:id', 'routes/admin/listings/asset-form.tsx', {
          id: 'admin-edit-asset',
        }),
        route('requested-property', 'routes/admin/review/requested-list.tsx'),
        route('requested-property/:id', 'routes/admin/review/requested-detail.tsx'),
        route('supplied-property', 'routes/admin/review/supplied-list.tsx'),
        route('supplied-property/:id', 'routes/admin/review/supplied-detail.tsx'),
        route('users', 'routes/admin/users/users.tsx'),
        route('users/:id', 'routes/admin/users/user-profile.tsx'),
        route('messages', 'routes/admin/messages/messages.tsx'),
        route('inquiries', 'routes/admin/messages/conversations.tsx'),
        route('settings', 'routes/admin/settings/settings.tsx'),
        route('audit-log', 'routes/admin/audit-log.tsx'),
        route('transactions', 'routes/admin/placeholder.tsx', { id: 'admin-transactions' }),
        route('reports', 'routes/admin/reports/reports.tsx'),
        route('reports/listings', 'routes/admin/reports/listing-reports.tsx'),
        route('support', 'routes/admin/placeholder.tsx', { id: 'admin-support' }),
        route('*', 'routes/admin/not-found.tsx'),
      ]),
    ]),
    route('*', 'routes/site/not-found.tsx'),
  ]),
  route('language', 'routes/site/language-choice.ts'),
  route('robots.txt', 'routes/site/robots.ts'),
  route('sitemap.xml', 'routes/site/sitemap.ts'),
] satisfies RouteConfig;
