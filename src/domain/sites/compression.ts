import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import compressible from 'compressible';
import { contentTypeOf } from './content-type.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files this small gain nothing worth a header. */
const MIN_BYTES = 256;
/** Brotli's best quality costs ~30× quality 9 for a few percent: spent on small files only. */
const BEST_QUALITY_UP_TO = 32 * 1024;

/** Whether a file of this path is worth compressing (a text-like type, per mime-db). */
export const isCompressible = (path: string, size: number) => size >= MIN_BYTES && compressible(contentTypeOf(path)) === true;

/**
 * Brotli and gzip encodings of `content`, computed once at deploy time off the event loop (zlib
 * runs in libuv's thread pool); an encoding is kept only when it is smaller than the original.
 */
export async function precompress(content: Buffer): Promise<{ brotli: Buffer | null; gzip: Buffer | null }> {
  const quality = content.length <= BEST_QUALITY_UP_TO ? constants.BROTLI_MAX_QUALITY : 9;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(content, { level: 9 }),
  ]);
  const smaller = (b: Buffer) => (b.length < content.length ? b : null);
  return { brotli: smaller(br), gzip: smaller(gz) };
}
