// Takes the README's screenshots from a running server: phone and desktop views of the main
// pages, signed out and (for the header strip) signed in as a new seller, and the main pages in
// Kinyarwanda and French on a phone. With ADMIN_EMAIL and ADMIN_PASSWORD set (the server's first
// admin), the admin panel too.
// Usage: npm run screenshots -- [base URL] (default http://localhost:3000).
import fs from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/chromium.ts';

const base = process.argv[2] ?? 'http://localhost:3000';
const outDir = 'docs/screenshots';

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
await fs.mkdir(outDir, { recursive: true });
const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
};
const home = await (await fetch(`${base}/api/search?q=`)).json();
const pages: Record<string, string> = {
  home: '/',
  'property-detail': `/property/${home.properties[0]._id}`,
  'asset-detail': `/asset/${home.assets[0]._id}`,
  'house-list': '/get-properties/type/House',
  contact: '/contact',
  'not-found': '/no-such-page',
  login: '/login',
  register: '/register',
  'user-profile': `/users/${home.properties[0].ownerId}`,
  'list-filtered': '/get-properties/type/House?offer=Rent&district=Gasabo&bedrooms=3',
  'list-no-results': '/get-properties/type/House?district=Huye&bedrooms=5',
  landing: '/houses/rent/gasabo',
  'price-guide': '/price-guide',
  privacy: '/privacy',
};

/** A new seller's session cookie, so the signed-in header shows. */
async function sellerSessionCookie() {
  const password = 'screenshot-password';
  const response = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'Aline Uwase',
      email: `aline-${Date.now()}@example.rw`,
      role: 'seller',
      password,
      confirmPassword: password,
    }),
  });
  if (!response.ok) throw new Error(`signup answered ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  return { name: 'session', value: token, url: base };
}
/** The admin's session cookie, when the admin's credentials are in the environment. */
async function adminSessionCookie() {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = process.env;
  if (!email || !password) return undefined;
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`admin login answered ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  return { name: 'session', value: token, url: base };
}
const adminPages: Record<string, string> = {
  'admin-dashboard': '/admin-panel',
  'admin-properties': '/admin-panel/properties',
  'admin-property-form': '/admin-panel/create-new-property',
  'admin-supplied-list': '/admin-panel/supplied-property',
  'admin-users': '/admin-panel/users',
  'admin-messages': '/admin-panel/messages',
  'admin-conversations': '/admin-panel/inquiries',
  'admin-settings': '/admin-panel/settings',
  'admin-audit-log': '/admin-panel/audit-log',
  'admin-reports': '/admin-panel/reports',
  'admin-listing-reports': '/admin-panel/reports/listings',
};
const adminCookie = await adminSessionCookie();
const signedInPages: Record<string, string> = {
  'home-signed-in': '/',
  'supply-form': '/create-supply-property',
  'requested-list': '/property-requested',
  'email-choices': '/account/notifications',
  'saved-searches': '/saved-searches',
  'account-security': '/account/security',
  'account-data': '/account/data',
};
for (const [device, viewport] of Object.entries(viewports)) {
  const page = await browser.newPage({ viewport });
  for (const [name, path] of Object.entries(pages)) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const file = `${outDir}/${name}-${device}.png`;
    await page.screenshot({ path: file, fullPage: device === 'desktop' && name === 'home' });
    console.log(file);
  }
  await page.close();
  const context = await browser.newContext({ viewport });
  await context.addCookies([await sellerSessionCookie()]);
  const signedIn = await context.newPage();
  for (const [name, path] of Object.entries(signedInPages)) {
    await signedIn.goto(base + path, { waitUntil: 'networkidle' });
    const file = `${outDir}/${name}-${device}.png`;
    await signedIn.screenshot({ path: file });
    console.log(file);
  }
  await context.close();
  if (!adminCookie) continue;
  const adminContext = await browser.newContext({ viewport });
  await adminContext.addCookies([adminCookie]);
  const admin = await adminContext.newPage();
  for (const [name, path] of Object.entries(adminPages)) {
    await admin.goto(base + path, { waitUntil: 'networkidle' });
    const file = `${outDir}/${name}-${device}.png`;
    await admin.screenshot({ path: file });
    console.log(file);
  }
  await adminContext.close();
}
// The long Kinyarwanda words on the narrowest common phone.
const languagePages: Record<string, string> = {
  home: '',
  'property-detail': pages['property-detail']!,
  'house-list': pages['house-list']!,
  register: pages.register!,
  'not-found': pages['not-found']!,
};
for (const locale of ['rw', 'fr']) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  for (const [name, path] of Object.entries(languagePages)) {
    if (locale === 'fr' && name !== 'home') continue;
    await page.goto(`${base}/${locale}${path}`, { waitUntil: 'networkidle' });
    const file = `${outDir}/${locale}-${name}-phone.png`;
    await page.screenshot({ path: file });
    console.log(file);
  }
  if (adminCookie && locale === 'rw') {
    await context.addCookies([adminCookie]);
    await page.goto(`${base}/rw/admin-panel`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `${outDir}/rw-admin-dashboard-phone.png` });
    console.log(`${outDir}/rw-admin-dashboard-phone.png`);
  }
  await context.close();
}
await browser.close();
