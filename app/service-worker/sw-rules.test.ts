import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '#lib/i18n.ts';
import { keepSavedMessage, readKeepSavedMessage, readKeptAnswer } from './messages.ts';
import {
  assetsOf,
  cacheKeyOf,
  isKeepable,
  isKeptPage,
  isSavedListPage,
  languagePrefix,
  notSentActionBody,
  offlinePageUrl,
  offlinePageUrls,
  otherPhotoWidths,
  pagePathOfData,
  PREFIXED_LOCALES,
} from './sw-rules.ts';

const site = (path: string) => new URL(path, 'https://inzu.example.rw');

describe('what the service worker keeps', () => {
  it('knows every language with an address prefix', () => {
    expect([...PREFIXED_LOCALES].sort()).toEqual(
      LOCALES.filter((l) => l !== DEFAULT_LOCALE).sort(),
    );
    expect(languagePrefix('/rw/property/1')).toBe('/rw');
    expect(languagePrefix('/fr')).toBe('/fr');
    expect(languagePrefix('/fr.data')).toBe('/fr');
    expect(languagePrefix('/property/1')).toBe('');
    expect(languagePrefix('/rwanda-houses')).toBe('');
  });

  it('keeps public pages, their data and the saved-listings page, never personal ones', () => {
    for (const path of [
      '/',
      '/rw',
      '/fr/property/1',
      '/asset/2.data',
      '/search?q=kicu',
      '/favourites',
    ]) {
      expect(isKeptPage(site(path)), path).toBe(true);
    }
    for (const path of [
      '/admin-panel',
      '/rw/admin-panel/users.data',
      '/account/security',
      '/inquiries/5',
      '/fr/payments/3',
      '/supply-property-detail/4/edit',
      '/requested-property-detail/4',
      '/saved-searches',
      '/notifications',
      '/login',
      '/offline',
      '/conversation?token=abc',
      '/property/1?token=abc',
    ]) {
      expect(isKeptPage(site(path)), path).toBe(false);
    }
    expect(isSavedListPage(site('/rw/favourites.data'))).toBe(true);
    expect(isSavedListPage(site('/property/1'))).toBe(false);
  });

  it('keeps a page under one address whatever the visit came from', () => {
    expect(cacheKeyOf(site('/rw/?source=app'))).toBe('https://inzu.example.rw/rw');
    expect(cacheKeyOf(site('/?source=app'))).toBe('https://inzu.example.rw/');
    expect(cacheKeyOf(site('/rw/offline?next=%2Frw%2Ffaq'))).toBe(
      'https://inzu.example.rw/rw/offline',
    );
    expect(cacheKeyOf(site('/search?q=kicu#results'))).toBe(
      'https://inzu.example.rw/search?q=kicu',
    );
    expect(cacheKeyOf(site('/rw/_.data'))).toBe('https://inzu.example.rw/rw/_.data');
  });

  it('reads the page a data request is for', () => {
    expect(pagePathOfData('/rw/property/1.data')).toBe('/rw/property/1');
    expect(pagePathOfData('/_.data')).toBe('/');
    expect(pagePathOfData('/rw/_.data')).toBe('/rw/');
  });

  it('sends the visitor to the offline page of their language', () => {
    expect(offlinePageUrl('/rw/price-guide', { next: '/rw/price-guide' })).toBe(
      '/rw/offline?next=%2Frw%2Fprice-guide',
    );
    expect(offlinePageUrl('/contact', { isFormNotSent: true })).toBe('/offline?form=not-sent');
    expect(offlinePageUrls().sort()).toEqual(
      [
        '/offline',
        '/offline?form=not-sent',
        '/rw/offline',
        '/rw/offline?form=not-sent',
        '/fr/offline',
        '/fr/offline?form=not-sent',
      ].sort(),
    );
  });

  it('finds the files a page loads, not those its data names', () => {
    const html = [
      '<link rel="stylesheet" href="/assets/app-1.css"/>',
      '<link rel="modulepreload" href="/assets/rw-2.js"/>',
      '<script type="module">import "/assets/manifest-3.js";',
      'import * as route0 from "/assets/root-4.js";',
      'import("/assets/entry.client-5.js");</script>',
      '<script>enqueue("[\\"admin\\",\\"/assets/rw.admin-6.js\\"]")</script>',
    ].join('');
    expect(assetsOf(html)).toEqual([
      '/assets/app-1.css',
      '/assets/rw-2.js',
      '/assets/manifest-3.js',
      '/assets/root-4.js',
      '/assets/entry.client-5.js',
    ]);
  });

  it('offers another width of a photo kept', () => {
    expect(otherPhotoWidths('/media/abc-1280.webp')).toEqual([
      '/media/abc-640.webp',
      '/media/abc-320.webp',
    ]);
    expect(otherPhotoWidths('/media/abc.png')).toEqual([]);
  });

  it('keeps whole answers of this site only', () => {
    const page = new Response('<p>', { headers: { 'content-type': 'text/html' } });
    expect(isKeepable(page, 'text/html')).toBe(false); // made here: not a 'basic' answer
    expect(isKeepable(new Response('', { status: 500 }))).toBe(false);
  });
});

describe('a form posted offline', () => {
  it('gets an answer React Router reads as a refused form, marked offline', async () => {
    const body = new Blob([notSentActionBody()]).stream();
    const decoded = await decodeViaTurboStream(body, globalThis as unknown as Window);
    expect(decoded.value).toEqual({
      data: { ok: false, message: '', fieldErrors: {}, isOffline: true },
    });
  });
});

describe('messages between the saved-listings page and the worker', () => {
  it('are read only in their shape', () => {
    const message = keepSavedMessage(['/rw/property/1'], ['/media/a-640.webp']);
    expect(readKeepSavedMessage(JSON.parse(JSON.stringify(message)))).toEqual(message);
    expect(
      readKeepSavedMessage({ type: 'keep-saved', pages: ['https://evil.example/'], photos: [] }),
    ).toBeNull();
    expect(readKeepSavedMessage('keep-saved')).toBeNull();
    expect(readKeptAnswer({ kept: 3 })).toEqual({ kept: 3 });
    expect(readKeptAnswer({ kept: '3' })).toBeNull();
  });
});
