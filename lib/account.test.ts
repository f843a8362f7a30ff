import { describe, expect, it } from 'vitest';
import { safeNextPath } from './account.ts';

describe('safeNextPath', () => {
  it('follows a path on this site, with its query and fragment', () => {
    expect(safeNextPath('/property/abc?x=1')).toBe('/property/abc?x=1');
    expect(safeNextPath('/admin-panel/users?role=buyer#list')).toBe(
      '/admin-panel/users?role=buyer#list',
    );
    expect(safeNextPath('/')).toBe('/');
  });

  it('has nothing to follow without a value', () => {
    expect(safeNextPath(null)).toBeUndefined();
    expect(safeNextPath(undefined)).toBeUndefined();
    expect(safeNextPath('')).toBeUndefined();
  });

  it('refuses another origin', () => {
    for (const next of [
      '//evil.example',
      '//evil.example/path',
      '///evil.example',
      'https://evil.example',
      'http://localhost/',
      'evil.example',
      'property/abc',
      ' /property/abc',
    ]) {
      expect(safeNextPath(next), next).toBeUndefined();
    }
  });

  it('refuses backslashes, which browsers read as slashes', () => {
    for (const next of ['/\\evil.example', '/\\/evil.example', '\\\\evil.example', '/a\\b']) {
      expect(safeNextPath(next), next).toBeUndefined();
    }
  });

  it('refuses other schemes', () => {
    for (const next of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      expect(safeNextPath(next), next).toBeUndefined();
    }
    // Only a path that happens to hold a colon.
    expect(safeNextPath('/javascript:alert(1)')).toBe('/javascript:alert(1)');
  });

  it('refuses control characters, which browsers drop to make //evil.example', () => {
    for (const next of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/\r\n/evil.example',
      '/\u0000/evil.example',
      '/\u001f/evil.example',
      '/\u007f/evil.example',
      '/\u0085/evil.example',
      '/\u009f/evil.example',
      '/property/abc\n',
      '/property/abc?x=1\r\nset-cookie: a=b',
    ]) {
      expect(safeNextPath(next), JSON.stringify(next)).toBeUndefined();
    }
  });

  it('refuses a path that normalises to two leading slashes', () => {
    for (const next of ['/.//evil.example', '/a/..//evil.example', '/%2e//evil.example']) {
      expect(safeNextPath(next), next).toBeUndefined();
    }
  });

  it('keeps encoded forms encoded: they stay paths on this site', () => {
    // What arrives already decoded once by the query string; a browser never decodes a path's
    // %09 or %2F back into a tab or a slash of the address.
    expect(safeNextPath('/%09/evil.example')).toBe('/%09/evil.example');
    expect(safeNextPath('/%0a/evil.example')).toBe('/%0a/evil.example');
    expect(safeNextPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(safeNextPath('/%5Cevil.example')).toBe('/%5Cevil.example');
  });

  it('percent-encodes other characters, so the answer fits in a Location header', () => {
    // U+3002, the ideographic full stop, is a dot in a host name but only a character in a path.
    expect(safeNextPath('/\u3002evil.example')).toBe('/%E3%80%82evil.example');
    expect(safeNextPath('/\uff0f\uff0fevil.example')).toBe('/%EF%BC%8F%EF%BC%8Fevil.example');
    expect(safeNextPath('/property/a b?q=é#ü')).toBe('/property/a%20b?q=%C3%A9#%C3%BC');
    expect(safeNextPath('/property/a b?q=é#ü')).toMatch(/^[\x21-\x7e]+$/);
  });

  it('normalises dot segments', () => {
    expect(safeNextPath('/a/../property/abc')).toBe('/property/abc');
    expect(safeNextPath('/./property/./abc')).toBe('/property/abc');
  });
});
