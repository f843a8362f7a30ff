/** Form posts for API tests: real multipart/form-data bodies with real pictures. */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { TestApp } from '#server/testing.ts';

export type Headers = Record<string, string>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One part of a multipart/form-data body: a text field, or a file with its name and type. */
export type FormPart =
  | { name: string; value: string }
  | { name: string; file: Buffer; filename: string; contentType: string };

/** A multipart/form-data body as a browser builds it, with its content-type header. */
function multipartBody(parts: FormPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----MarketplaceTestBoundary${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ('value' in part) {
      chunks.push(Buffer.from(`${disposition}\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `${disposition}; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.file,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Text fields in form order; an array is a repeated field (features added one by one). */
export function fields(values: Record<string, string | string[]>): FormPart[] {
  return Object.entries(values).flatMap(([name, value]) =>
    [value].flat().map((item) => ({ name, value: item })),
  );
}

export function photoPart(
  file: Buffer,
  filename = 'photo.jpg',
  contentType = 'image/jpeg',
  name = 'photos',
): FormPart {
  return { name, file, filename, contentType };
}

export type Body = { json?: object; form?: FormPart[] };

/** Calls the API with a JSON body or a multipart form. */
export function call(
  app: TestApp,
  method: Method,
  url: string,
  headers: Headers = {},
  body: Body = {},
): Promise<LightMyRequestResponse> {
  if (body.form) {
    const { payload, contentType } = multipartBody(body.form);
    return app.app.inject({
      method,
      url,
      payload,
      headers: { ...headers, 'content-type': contentType },
    });
  }
  return app.app.inject({ method, url, headers, payload: body.json });
}

let pictureSeed = 0;

/**
 * A real picture of one colour, a different colour on every call: photos are stored under a
 * hash of their pixels, so each test's photos are files no other test holds.
 */
export function picture(width: number, height: number) {
  pictureSeed += 1;
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: {
        r: (pictureSeed * 29) % 256,
        g: (pictureSeed * 71) % 256,
        b: (pictureSeed * 113) % 256,
      },
    },
  });
}

export const jpeg = (width = 1200, height = 800) => picture(width, height).jpeg().toBuffer();
export const png = (width = 400, height = 300) => picture(width, height).png().toBuffer();
