import { index, prefix, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('get-properties/type/:type', 'routes/property-list.tsx'),
  route('asset-property/:type', 'routes/asset-list.tsx'),
  route('property/:id', 'routes/property-detail.tsx'),
  route('asset/:id', 'routes/asset-detail.tsx'),
  route('details/:id', 'routes/listing-detail.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('newsletter', 'routes/newsletter.tsx'),
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('users/:id', 'routes/user-profile.tsx'),
  route('supplied-property', 'routes/supplied-property.tsx'),
  route('create-supply-property', 'routes/create-supply-property.tsx'),
  route('property-requested', 'routes/property-requested.tsx'),
  route('create-request-property', 'routes/create-request-property.tsx'),
  ...prefix('admin-panel', [
    route('', 'routes/admin/layout.tsx', { id: 'admin-layout' }, [
      index('routes/admin/dashboard.tsx'),
      route('*', 'routes/admin/not-found.tsx'),
    ]),
  ]),
  route('robots.txt', 'routes/robots.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
