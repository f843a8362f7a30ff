/** Notification facts shared by the database schema, the services and the browser. */

/** Who a broadcast notification reaches. */
export const NOTIFICATION_AUDIENCES = ['everyone', 'buyers', 'sellers'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];
