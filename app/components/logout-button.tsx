import { useState } from 'react';
import { Form, useNavigate } from 'react-router';
import { t, localePath } from '#lib/i18n.ts';

/**
 * Logout, as the logged-in strip and the admin top bar offer it: POST /api/logout on this
 * origin, then /login saying 'Logged out successfully'. Before JavaScript loads, the same
 * button posts the form to /logout, which does the same on the server.
 */
export function LogoutButton({ className }: { className: string }) {
  const navigate = useNavigate();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  async function logout(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState('busy');
    try {
      const response = await fetch('/api/logout', { method: 'POST' });
      if (!response.ok) throw new Error(`logout answered ${response.status}`);
      setState('idle');
      await navigate(localePath('/login?loggedOut'), { replace: true });
    } catch {
      setState('failed');
    }
  }

  return (
    <Form
      method="post"
      action={localePath('/logout')}
      onSubmit={logout}
      className="flex items-center gap-2"
    >
      {state === 'failed' && (
        <span role="alert" className="font-medium">
          {t('account.logoutFailed')}
        </span>
      )}
      <button type="submit" className={className} disabled={state === 'busy'}>
        {state === 'busy' ? t('strip.loggingOut') : t('strip.logout')}
      </button>
    </Form>
  );
}
