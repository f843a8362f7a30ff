import { parse } from 'cookie';

/** The cookie that remembers a visitor's own choice, which wins over the browser's header. */
export const DATA_SAVER_COOKIE = 'data-saver';

/** What a visitor can choose: `off` also turns off what the browser's Save-Data asked for. */
const DATA_SAVER_CHOICES = ['on', 'off'] as const;
export type DataSaverChoice = (typeof DATA_SAVER_CHOICES)[number];

export function isDataSaverChoice(value: unknown): value is DataSaverChoice {
  return DATA_SAVER_CHOICES.includes(value as DataSaverChoice);
}

/** The visitor's remembered choice, or undefined when they never made one. */
function dataSaverChoiceOf(cookieHeader: string | null | undefined): DataSaverChoice | undefined {
  const value = parse(cookieHeader ?? '')[DATA_SAVER_COOKIE];
  return isDataSaverChoice(value) ? value : undefined;
}

/**
 * Whether a request asks for the light pages: the visitor's choice (the cookie) if they made
 * one, else the browser's `Save-Data: on` (Chrome's Lite mode, a phone's data saver).
 */
export function isDataSaverOn(headers: {
  saveData: string | null | undefined;
  cookie: string | null | undefined;
}): boolean {
  const choice = dataSaverChoiceOf(headers.cookie);
  if (choice) return choice === 'on';
  return headers.saveData?.trim().toLowerCase() === 'on';
}
