import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of this response. Set on the server only: browsers hide
 * nonce attributes from scripts, so the client has nothing to compare it with.
 */
export const NonceContext = createContext('');

export function useNonce(): string {
  return useContext(NonceContext);
}
