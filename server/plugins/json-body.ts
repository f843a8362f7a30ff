import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InvalidError } from '#lib/errors.ts';
import { t } from '#lib/i18n.admin.ts';

/** A UTF-16 surrogate with no partner: in unicode mode a whole pair is one code point. */
const LONE_SURROGATE = /\p{Surrogate}/u;
/** A surrogate written as a JSON escape: without one, a parsed body cannot hold a lone one. */
const ESCAPED_SURROGATE = /\\u[dD][89a-fA-F]/;

/**
 * Where the first text holding a lone surrogate sits in a parsed JSON value (`about.text`,
 * `items.2`), or undefined when every text is well formed. Walked without recursion: a body may
 * nest as deep as its size allows.
 */
export function findIllFormedText(value: unknown): string | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (LONE_SURROGATE.test(current)) return path || 'body';
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (LONE_SURROGATE.test(key)) return childPath.replace(/\p{Surrogate}/gu, '\uFFFD');
        pending.push({ value: child, path: childPath });
      }
    }
  }
  return undefined;
}

/**
 * JSON bodies are parsed as Fastify does, then refused (400, the field named) when a text holds
 * a lone surrogate. JSON's `\ud800` escape is the one way such a text arrives (forms and URLs
 * decode bytes, which turns them into U+FFFD), and PostgreSQL refuses it in a jsonb value, so
 * without this a settings or audit write would fail as a 500.
 */
async function jsonBodyPlugin(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request, body: string, done) => {
      parseJson(request, body, (error, value) => {
        if (error) return done(error);
        const field = ESCAPED_SURROGATE.test(body) ? findIllFormedText(value) : undefined;
        if (field) return done(InvalidError.field(field, t('validation.wellFormedText')));
        return done(null, value);
      });
    },
  );
}

export default fp(jsonBodyPlugin, { name: 'json-body' });
