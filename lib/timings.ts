/** How long the spec keeps transient messages on screen, in milliseconds. */
export const MESSAGE_CLEAR_MS = {
  newsletter: 5000,
  inquiry: 5000,
  contact: 5000,
  login: 4000,
  register: 4000,
  passwordReset: 5000,
  manageListing: 3000,
  supply: 3000,
  request: 5000,
  adminMessages: 3000,
} as const;

/** The pause between 'Login successful! Redirecting...' (or registration) and the next page. */
export const REDIRECT_DELAY_MS = 2000;

/** Pause between keystrokes before the live search asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;
