/** The pause between 'Login successful! Redirecting...' (or registration) and the next page. */
export const REDIRECT_DELAY_MS = 2000;

/** Pause between keystrokes before the live search asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;
