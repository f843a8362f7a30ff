/** Accounts the benchmarks make through the API, as visitors would. */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

const JSON_HEADERS = { 'content-type': 'application/json' };
const PASSWORD = 'a-long-bench-password';

/** Registers a new account of `role` and signs it in; answers its session token. */
export async function signUp(baseUrl: string, role: 'buyer' | 'seller'): Promise<string> {
  const email = `bench-${role}-${randomUUID()}@example.rw`;
  const signup = await fetch(`${baseUrl}/api/signup`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({
      username: `Bench ${role}`,
      email,
      role,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    }),
  });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`);
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  return z.object({ token: z.string() }).parse(await login.json()).token;
}
