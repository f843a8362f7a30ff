import { data } from 'react-router';
import { DomainError } from '#lib/errors.ts';
import { t, tCount } from '#lib/i18n.all.ts';
import { EmailProofTokenSchema } from '#modules/accounts/accounts.schema.ts';
import { requireViewer } from '#app/auth.server.ts';
import { handleForm, type FormArgs } from '#app/forms/form-action.server.ts';
import { getServices } from '#server/load-context.ts';

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get('token') ?? '';
}

/**
 * What the proof link on the page's address proves, for its account's owner signed in (anyone
 * else signs in first, and comes back). A link that is not one, has expired or was sent to a
 * former address answers 400; one sent for another account, 403 saying so.
 */
export async function readProofPage({ request, context }: FormArgs) {
  const viewer = requireViewer(request, context);
  const { emailProof } = getServices(context);
  const token = tokenOf(request);
  try {
    const parsed = EmailProofTokenSchema.parse({ token });
    return { link: await emailProof.readProofLink(parsed.token, viewer.id), token, error: null };
  } catch (error) {
    const isForbidden = error instanceof DomainError && error.status === 403;
    return data(
      {
        link: null,
        token,
        error: isForbidden ? error.message : t('emailProof.invalidLink'),
      },
      { status: isForbidden ? 403 : 400 },
    );
  }
}

/** The page's button: proves the address, and says how many conversations joined. */
export function proveFromPage({ request, context }: FormArgs) {
  const viewer = requireViewer(request, context);
  const { emailProof } = getServices(context);
  return handleForm({ request, context }, EmailProofTokenSchema, async ({ token }) => {
    const { joined } = await emailProof.proveEmail(token, viewer.id);
    return joined > 0 ? tCount('emailProof.joined', joined) : t('emailProof.proved');
  });
}
