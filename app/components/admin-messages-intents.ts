/** The forms of /admin-panel/messages, told apart by an `intent` field. */
export const ADMIN_MESSAGES_INTENTS = {
  updateMessage: 'update-message',
  deleteMessage: 'delete-message',
  replyMessage: 'reply-message',
  createNotification: 'create-notification',
  updateNotification: 'update-notification',
  deleteNotification: 'delete-notification',
} as const;

export type AdminMessagesIntent =
  (typeof ADMIN_MESSAGES_INTENTS)[keyof typeof ADMIN_MESSAGES_INTENTS];
