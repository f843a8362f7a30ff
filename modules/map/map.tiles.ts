/**
 * HTTP ranges of a file (RFC 9110 14), as the PMTiles archive of the map is read: one range at
 * a time, each a few kilobytes of a file of hundreds of megabytes.
 */

/** The bytes `start` to `end` of a file, both included. */
export type ByteRange = { start: number; end: number };

/**
 * The one range a Range header asks of a file of `size` bytes: `bytes=0-499`, `bytes=500-`
 * (to the end), `bytes=-500` (the last 500). 'unsatisfiable' when it starts past the end (a
 * 416); undefined when there is none, it is not of bytes, it cannot be read, or it asks for
 * several ranges: the whole file is the answer then, which RFC 9110 allows.
 */
export function byteRangeOf(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * A strong ETag of a file as it is now: its size and modification time. An archive an
 * operator replaces gets another, and a map still reading the old one starts again.
 */
export function fileTagOf(stat: { size: number; mtimeMs: number }): string {
  return `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
}

/** Whether an If-None-Match header names `tag` (weakly compared, RFC 9110 13.1.2), or is `*`. */
export function isTagMatched(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  const tags = header.split(',').map(opaque);
  return tags.includes('*') || tags.includes(opaque(tag));
}
