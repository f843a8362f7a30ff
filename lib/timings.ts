/** How long the spec keeps transient messages on screen, in milliseconds. */
export const MESSAGE_CLEAR_MS = {
  newsletter: 5000,
  inquiry: 5000,
  contact: 5000,
} as const;

/** Pause between keystrokes before the live search asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;
