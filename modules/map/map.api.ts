import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '#lib/api-schemas.ts';
import { MAP_PMTILES_URL } from '#lib/map.ts';
import { MapPointsAnswerSchema, MapPointsQuerySchema } from './map.schema.ts';
import type { MapService } from './map.service.ts';
import { byteRangeOf, fileTagOf, isTagMatched } from './map.tiles.ts';

export const mapApi: FastifyPluginAsyncZod<{ map: MapService }> = async (app, { map }) => {
  app.get(
    '/map/points',
    {
      config: { access: 'public' },
      schema: {
        tags: ['map'],
        summary: 'Where the published listings a list query keeps are, for the map',
        description:
          'The public point of each published listing (never an owner’s private pin: an ' +
          'approximate point is within 300 m of it, a sector point the sector’s centre) that ' +
          'the list filters keep, with its price, offer, type, title and smallest photo. The ' +
          'same filters as the type lists and GET /api/search (near and radiusKm for an area), ' +
          'a catalogue (`kind`) or one `type`, and `q` searched as /search does. At most ' +
          '`limit` of each kind, the newest first (the nearest first around `near` with ' +
          '`sort=distance`); `isCapped` says that more matched. Listings with no place on the ' +
          'map are left out.',
        querystring: MapPointsQuerySchema,
        response: { 200: MapPointsAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => map.listPoints(request.query),
  );
};

/** The map's background served in ranges: a browser keeps what it read for an hour. */
const TILES_CACHE_CONTROL = 'public, max-age=3600';

/**
 * The PMTiles archive of MAP_PMTILES_PATH at MAP_PMTILES_URL, read by the map in HTTP ranges
 * (RFC 9110 14): 206 with Content-Range for one satisfiable range, 416 for one past the end,
 * the whole file otherwise; a strong ETag (PMTiles checks it between reads, and If-Range) and
 * 304 for a matching If-None-Match. Never compressed: a range counts the file's own bytes. A
 * missing file stops the start, naming the variable.
 */
export async function mapTilesFile(app: FastifyInstance, { file }: { file: string }) {
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
    throw new Error(`MAP_PMTILES_PATH: no file at ${file}`);
  }
  app.route({
    method: ['GET', 'HEAD'],
    url: MAP_PMTILES_URL,
    compress: false,
    config: { access: 'public' },
    schema: { hide: true },
    async handler(request, reply) {
      const stat = await fs.promises.stat(file);
      const tag = fileTagOf(stat);
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', tag)
        .header('last-modified', stat.mtime.toUTCString())
        .header('cache-control', TILES_CACHE_CONTROL)
        .header('content-type', 'application/vnd.pmtiles');
      if (isTagMatched(request.headers['if-none-match'], tag)) return reply.code(304).send();
      // A range of an older file is no range of this one: If-Range asks for the whole then.
      const ifRange = request.headers['if-range'];
      const range =
        ifRange === undefined || ifRange === tag
          ? byteRangeOf(request.headers.range, stat.size)
          : undefined;
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${stat.size}`).send();
      }
      const { start, end } = range ?? { start: 0, end: stat.size - 1 };
      if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${stat.size}`);
      reply.header('content-length', end - start + 1);
      if (request.method === 'HEAD' || stat.size === 0) return reply.send();
      return reply.send(fs.createReadStream(file, { start, end }));
    },
  });
}
