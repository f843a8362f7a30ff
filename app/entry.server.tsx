import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

export const streamTimeout = 5_000;

const SCRIPT_PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY_SCRIPT_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"');

/**
 * The page's scripts are preloaded at low priority. The page is whole without them (it is
 * rendered here, and its forms and links work before hydration), while its stylesheet and first
 * photo are what a phone on mobile data waits for: they get the bandwidth first. React Router
 * writes the preloads and takes no attribute for them, hence the rewrite of its markup, done
 * on bytes: decoding the page to text and encoding it again took 3% of a signed-in page's time.
 */
function withLowPriorityScripts(html: Buffer): Buffer<ArrayBuffer> {
  const parts: Buffer[] = [];
  let copied = 0;
  for (
    let at = html.indexOf(SCRIPT_PRELOAD);
    at !== -1;
    at = html.indexOf(SCRIPT_PRELOAD, copied)
  ) {
    parts.push(html.subarray(copied, at), LOW_PRIORITY_SCRIPT_PRELOAD);
    copied = at + SCRIPT_PRELOAD.length;
  }
  parts.push(html.subarray(copied));
  return Buffer.concat(parts);
}

/**
 * Renders the whole page before sending it: loaders hold all data, so waiting for everything
 * costs nothing and gives crawlers and slow phones one complete, compressible document.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        onAllReady() {
          const chunks: Buffer[] = [];
          const document = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              const html = withLowPriorityScripts(Buffer.concat(chunks));
              resolve(new Response(html, { headers: responseHeaders, status }));
              done();
            },
          });
          pipe(document);
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          reject(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}
