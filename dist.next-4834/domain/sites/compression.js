import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import compressible from "compressible";
import { contentTypeOf } from "./content-type.js";
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const MIN_BYTES = 256;
const BEST_QUALITY_UP_TO = 32 * 1024;
const isCompressible = (path, size) => size >= MIN_BYTES && compressible(contentTypeOf(path)) === true;
async function precompress(content) {
  const quality = content.length <= BEST_QUALITY_UP_TO ? constants.BROTLI_MAX_QUALITY : 9;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT
      }
    }),
    gzipAsync(content, { level: 9 })
  ]);
  const smaller = (b) => b.length < content.length ? b : null;
  return { brotli: smaller(br), gzip: smaller(gz) };
}
export {
  isCompressible,
  precompress
};
//# sourceMappingURL=compression.js.map
