/**
 * The browser's part in sending photos (PhotosField, the only importer, so only pages with a
 * photos field load it): shrinking each photo before it is sent, and following the upload of a
 * form post that carries photos. Nothing here runs on the server or without JavaScript; there,
 * the file input sends the photos as chosen.
 */
import { jpegName, PHOTO_SHRINK, planPhotoShrink, shouldKeepOriginal } from '#lib/photo-shrink.ts';

/**
 * The photo as it is worth sending: redrawn at most PHOTO_SHRINK.maxSide on its longest side as
 * a JPEG, turned upright by its EXIF orientation; the original itself when the browser cannot
 * read it (HEIC outside Safari, say), when it is already small, or when shrinking saves little.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const target = planPhotoShrink({
      width: bitmap.width,
      height: bitmap.height,
      bytes: file.size,
    });
    if (!target) return file;
    const canvas = document.createElement('canvas');
    canvas.width = target.width;
    canvas.height = target.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    // JPEG has no transparency: a transparent PNG is laid on white rather than black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, target.width, target.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, target.width, target.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', PHOTO_SHRINK.quality),
    );
    if (!blob || shouldKeepOriginal(file.size, blob.size)) return file;
    return new File([blob], jpegName(file.name), {
      type: 'image/jpeg',
      lastModified: file.lastModified,
    });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}

/** Puts `files` in a file input, as if chosen; false where the browser does not allow it. */
export function setInputFiles(input: HTMLInputElement, files: File[]): boolean {
  try {
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    input.files = transfer.files;
    return true;
  } catch {
    return false;
  }
}

/** The upload a photos field waits for: its photos (name and size), and who hears of progress. */
type ExpectedUpload = {
  photos: { name: string; size: number }[];
  onProgress: (loaded: number, total: number) => void;
};

let expected: ExpectedUpload | null = null;
let isInstalled = false;

/** Whether a request body is the form post carrying the expected photos. */
function carriesPhotos(body: unknown, upload: ExpectedUpload): body is FormData {
  if (!(body instanceof FormData) || upload.photos.length === 0) return false;
  const sent = [...body.values()].filter((value): value is File => value instanceof File);
  return upload.photos.every((photo) =>
    sent.some((file) => file.name === photo.name && file.size === photo.size),
  );
}

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Statuses whose Response may have no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/** The post `fetch` was asked for, sent with XMLHttpRequest, whose upload reports progress. */
function sendWithProgress(
  url: string,
  init: RequestInit & { body: FormData },
  upload: ExpectedUpload,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(init.method ?? 'POST', url);
    request.responseType = 'arraybuffer';
    new Headers(init.headers).forEach((value, name) => request.setRequestHeader(name, value));
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) upload.onProgress(event.loaded, event.total);
    });
    request.addEventListener('load', () => {
      const body = NO_BODY.has(request.status) ? null : (request.response as ArrayBuffer);
      resolve(
        new Response(body, {
          status: request.status,
          statusText: request.statusText,
          headers: responseHeaders(request.getAllResponseHeaders()),
        }),
      );
    });
    // What fetch does on a network failure, so the page treats it the same way.
    request.addEventListener('error', () => reject(new TypeError('Failed to fetch')));
    request.addEventListener('abort', () =>
      reject(new DOMException('The upload was aborted.', 'AbortError')),
    );
    const { signal } = init;
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(init.body);
  });
}

/**
 * Lets the next form post carrying `photos` report its upload's progress. React Router posts a
 * form with fetch, which tells nothing of an upload's progress; this sends that one post (and
 * only it, recognised by its photos) with XMLHttpRequest instead, with the same method, headers,
 * body and abort signal, and hands back the same answer. Every other request goes to fetch.
 */
export function expectPhotoUpload(upload: ExpectedUpload | null): void {
  expected = upload;
  if (isInstalled || typeof window === 'undefined') return;
  isInstalled = true;
  const originalFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const upload = expected;
    const isPost = (init?.method ?? 'GET').toUpperCase() === 'POST';
    if (!upload || !isPost || !carriesPhotos(init?.body, upload) || input instanceof Request) {
      return originalFetch(input, init);
    }
    expected = null;
    const url = input instanceof URL ? input.href : input;
    return sendWithProgress(url, { ...init, body: init.body as FormData }, upload);
  };
}
