import { useEffect } from 'react';
import { STORED_USER_KEY, type StoredUser } from '#lib/account.ts';

/**
 * Keeps localStorage's `user` (username, email, role: nothing secret) in step with the server
 * session: written when signed in, removed when signed out or the session expired. The token
 * itself lives only in the httpOnly cookie.
 */
export function useStoredUser(user: StoredUser | null): void {
  const serialized = user ? JSON.stringify(user) : null;
  useEffect(() => {
    try {
      if (serialized) localStorage.setItem(STORED_USER_KEY, serialized);
      else localStorage.removeItem(STORED_USER_KEY);
    } catch {
      // Storage can be unavailable (private mode, quota); the page works without it.
    }
  }, [serialized]);
}
