import { describe, expect, it } from 'vitest';
import { isDataSaverOn } from './data-saver.ts';

describe('isDataSaverOn', () => {
  it('follows the browser’s Save-Data when the visitor never chose', () => {
    expect(isDataSaverOn({ saveData: 'on', cookie: undefined })).toBe(true);
    expect(isDataSaverOn({ saveData: ' On ', cookie: 'lang=rw' })).toBe(true);
    expect(isDataSaverOn({ saveData: 'off', cookie: '' })).toBe(false);
    expect(isDataSaverOn({ saveData: null, cookie: null })).toBe(false);
  });

  it('lets the visitor’s choice win over the header, both ways', () => {
    expect(isDataSaverOn({ saveData: 'on', cookie: 'data-saver=off' })).toBe(false);
    expect(isDataSaverOn({ saveData: undefined, cookie: 'lang=fr; data-saver=on' })).toBe(true);
  });

  it('ignores a cookie value it does not know', () => {
    expect(isDataSaverOn({ saveData: 'on', cookie: 'data-saver=maybe' })).toBe(true);
    expect(isDataSaverOn({ saveData: undefined, cookie: 'data-saver=1' })).toBe(false);
  });
});
