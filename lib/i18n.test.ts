import { describe, expect, it } from 'vitest';
import { t } from './i18n.ts';
import { en } from './messages/en.ts';

describe('t', () => {
  it('answers the text of a key', () => {
    expect(t('listing.noProperties')).toBe('No properties found.');
  });

  it('fills placeholders', () => {
    expect(t('validation.required', { field: 'Email' })).toBe('Email is required');
    expect(t('listing.pageOf', { page: 2, pages: 7 })).toBe('Page 2 of 7');
    expect(t('api.tooManyRequests', { seconds: 42 })).toBe(
      'Too many requests. Please try again in 42 seconds.',
    );
  });

  it('fills every occurrence and accepts numbers', () => {
    expect(t('listing.photoCount', { index: 0, count: 0 })).toBe('Photo 0 of 0');
  });

  it('leaves a placeholder that was not given as it is', () => {
    expect(t('listing.pageOf', { page: 3 })).toBe('Page 3 of {pages}');
    expect(t('listing.pageOf')).toBe('Page {page} of {pages}');
  });

  it('does not read placeholder syntax inside a filled value', () => {
    expect(t('home.resultsFor', { query: '{query} $& $1' })).toBe('Results for "{query} $& $1"');
  });
});

describe('the English catalogue', () => {
  const texts = new Set<string>(Object.values(en));

  it.each([
    'Find the perfect place to live with your family in Rwanda',
    'Oooops! Requested Page Not Found!',
    'Back | Home',
    'No properties found.',
    'No Asset Found.',
    'No assets available for this type.',
    'No Properties Found For This Type.',
    'Loading property details...',
    'Loading asset details...',
    'No features available for this property.',
    'Request information submitted successfully!',
    'Something went wrong. Please try again.',
    'Please wait......!',
    'Subscription failed. Please try again later.',
    'We will get back to you in no more than 48 hours.',
    'Listing not found.',
    'Kigali,Rwanda',
    'Failed to fetch property details. Please try again later.',
    'Failed to fetch properties. Please try again later.',
    'Something went wrong',
  ])('holds the spec text %j verbatim', (text) => {
    expect(texts.has(text)).toBe(true);
  });

  it('has no empty text', () => {
    for (const [key, text] of Object.entries(en)) {
      expect(text.trim(), key).not.toBe('');
    }
  });
});
