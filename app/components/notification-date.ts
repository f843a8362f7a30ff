// One locale and Kigali's time zone: the server and the hydrated page print the same text,
// whatever the browser's settings.
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Kigali',
});

/** A date and time as the inbox and the notifications show them: '21 Nov 2026, 22:32'. */
export function formatNotificationDate(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
