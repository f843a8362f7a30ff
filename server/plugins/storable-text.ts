import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InvalidError } from '#lib/errors.ts';
import { t } from '#lib/i18n.admin.ts';

/** A UTF-16 surrogate with no partner: in unicode mode a whole pair is one code point. */
const LONE_SURROGATE = /\p{Surrogate}/u;
/** A surrogate or a NUL written as a JSON escape: the one way either reaches a parsed body. */
const ESCAPED_UNSTORABLE = /\\u([dD][89a-fA-F]|0000)/;

/** Whether PostgreSQL cannot store `text` in text or jsonb: it holds a NUL or a lone surrogate. */
function isUnstorable(text: string): boolean {
  return text.includes('\0') || LONE_SURROGATE.test(text);
}

/**
 * Where the first text PostgreSQL cannot store sits in a parsed JSON value or a query
 * (`about.text`, `items.2`), or undefined when every text can be stored. Walked without
 * recursion: a body may nest as deep as its size allows.
 */
export function findIllFormedText(value: unknown): string | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (isUnstorable(current)) return path || 'body';
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (isUnstorable(key)) {
          return childPath.replace(/\p{Surrogate}/gu, '\uFFFD').replaceAll('\0', '\uFFFD');
        }
        pending.push({ value: child, path: childPath });
      }
    }
  }
  return undefined;
}

/**
 * Text PostgreSQL cannot store is refused (400, the field named) before any route runs, rather
 * than fail as a 500 when a query or a write reaches the database: a NUL (`%00` in a query
 * string, `\u0000` in JSON) or a lone surrogate (JSON's `\ud800`; forms and URLs decode bytes,
 * which turns those into U+FFFD). JSON bodies are parsed as Fastify does, then checked when their
 * raw text holds such an escape; query strings are checked whole.
 */
async function storableTextPlugin(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request, body: string, done) => {
      parseJson(request, body, (error, value) => {
        if (error) return done(error);
        const field = ESCAPED_UNSTORABLE.test(body) ? findIllFormedText(value) : undefined;
        if (field) return done(InvalidError.field(field, t('validation.wellFormedText')));
        return done(null, value);
      });
    },
  );
  app.addHook('preValidation', async (request) => {
    const field = request.url.includes('?') ? findIllFormedText(request.query) : undefined;
    if (field) throw InvalidError.field(field, t('validation.wellFormedText'));
  });
}

export default fp(storableTextPlugin, { name: 'storable-text' });
