import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { InvalidError, PayloadTooLargeError } from '#lib/errors.ts';
import { MAX_PHOTOS } from '#lib/limits.ts';
import { PHOTO_MESSAGES } from './media.service.ts';

/** A form as a listing route reads it: text fields (repeated ones as lists) and photo files. */
export type SubmittedForm = { fields: Record<string, string | string[]>; photos: Buffer[] };

/** The file fields a photo may come in: `photos` (several), or the spec's single `image`. */
export const PHOTO_FIELDS = new Set(['photos', 'image']);

/** Adds a text field to a form's fields; a repeated field (like `features`) becomes a list. */
export function addField(fields: SubmittedForm['fields'], name: string, value: string): void {
  const existing = fields[name];
  if (existing === undefined) fields[name] = value;
  else fields[name] = [...[existing].flat(), value];
}

/** The error codes @fastify/multipart throws when a limit is reached. */
function isLimitError(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

/**
 * Reads a multipart form post (fields and up to MAX_PHOTOS photos, each within the upload
 * limit), or a JSON body (fields only). Limits answer 413 or 400 naming the `photos` field;
 * empty file inputs are ignored.
 */
export async function readSubmittedForm(
  request: FastifyRequest,
  uploadMaxBytes: number,
): Promise<SubmittedForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    const fields = typeof body === 'object' && body !== null ? body : {};
    return { fields: fields as SubmittedForm['fields'], photos: [] };
  }
  const form: SubmittedForm = { fields: {}, photos: [] };
  try {
    for await (const part of request.parts({
      limits: { fileSize: uploadMaxBytes, files: MAX_PHOTOS + 1, fields: 100, parts: 120 },
    })) {
      if (part.type === 'field') {
        addField(form.fields, part.fieldname, String(part.value));
        continue;
      }
      const data = await part.toBuffer();
      if (!PHOTO_FIELDS.has(part.fieldname) || data.length === 0) continue;
      form.photos.push(data);
    }
  } catch (error) {
    if (isLimitError(error, 'FST_REQ_FILE_TOO_LARGE')) {
      throw PayloadTooLargeError.field('photos', PHOTO_MESSAGES.tooLarge(uploadMaxBytes));
    }
    if (isLimitError(error, 'FST_FILES_LIMIT')) {
      throw InvalidError.field('photos', PHOTO_MESSAGES.tooMany);
    }
    if (isLimitError(error, 'FST_PARTS_LIMIT') || isLimitError(error, 'FST_FIELDS_LIMIT')) {
      throw InvalidError.field('body', 'has too many fields');
    }
    // Anything else went wrong while reading the client's body (a missing boundary, a form cut
    // short): the client sent a broken form, not a reason for a 500.
    throw InvalidError.field('body', 'must be a complete multipart form');
  }
  if (form.photos.length > MAX_PHOTOS) {
    throw InvalidError.field('photos', PHOTO_MESSAGES.tooMany);
  }
  return form;
}

/** OpenAPI notes for a route whose form body its handler reads (multipart or JSON). */
export function formBodyDocs(schema: z.ZodObject) {
  return {
    consumes: ['multipart/form-data', 'application/json'],
    description:
      `Fields: ${Object.keys(schema.shape).join(', ')}. ` +
      `Photos: up to ${MAX_PHOTOS} files in \`photos\` (or one in \`image\`).`,
  };
}
