import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InvalidError } from '#lib/errors.ts';
import { t } from '#lib/i18n.all.ts';
import { findIllFormedText } from '#lib/storable-text.ts';

/** A surrogate or a NUL written as a JSON escape: the one way either reaches a parsed body. */
const ESCAPED_UNSTORABLE = /\\u([dD][89a-fA-F]|0000)/;

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
