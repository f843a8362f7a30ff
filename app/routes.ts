import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('get-properties/type/:type', 'routes/property-list.tsx'),
  route('asset-property/:type', 'routes/asset-list.tsx'),
  route('property/:id', 'routes/property-detail.tsx'),
  route('asset/:id', 'routes/asset-detail.tsx'),
  route('details/:id', 'routes/listing-detail.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('newsletter', 'routes/newsletter.tsx'),
  route('robots.txt', 'routes/robots.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
