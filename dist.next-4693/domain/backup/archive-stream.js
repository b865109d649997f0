import { createGunzip, createGzip } from "node:zlib";
import { pipeline } from "node:stream/promises";
import { validationError } from "../../errors.js";
function gzipInto(out) {
  const sink = createGzip();
  return { sink, done: pipeline(sink, out) };
}
async function* archiveLines(source) {
  const gunzip = createGunzip();
  source.on("error", (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  let rest = "";
  try {
    for await (const chunk of gunzip) {
      const lines = (rest + chunk.toString("utf8")).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) if (line.trim() !== "") yield line;
    }
  } catch (error) {
    if (error.code?.startsWith("Z_")) {
      throw validationError(`The backup archive is not readable gzip (${error.message})`);
    }
    throw error;
  } finally {
    source.unpipe(gunzip);
    if (!source.readableEnded) source.resume();
  }
  if (rest.trim() !== "") yield rest;
}
export {
  archiveLines,
  gzipInto
};
//# sourceMappingURL=archive-stream.js.map
