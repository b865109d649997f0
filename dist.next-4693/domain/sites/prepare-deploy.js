import { createHash } from "node:crypto";
import { AppError, validationError } from "../../errors.js";
import { isCompressible, precompress } from "./compression.js";
import { parseHeaders } from "./headers.js";
import { HEADERS_FILE, REDIRECTS_FILE, pathProblem } from "./paths.js";
import { parseRedirects } from "./redirects.js";
const deployBodyLimit = (config) => Math.max(config.bodyLimit, Math.ceil(config.sites.maxDeployBytes * 4 / 3) + config.sites.maxFiles * 1024 + 1024 * 1024);
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const tooLarge = (message) => new AppError("PAYLOAD_TOO_LARGE", message);
async function prepareDeploy(files, limits) {
  if (files.length > limits.maxFiles) throw tooLarge(`A deploy holds at most ${limits.maxFiles} files; this one has ${files.length}`);
  const details = [];
  const seen = /* @__PURE__ */ new Set();
  files.forEach((f, i) => {
    const problem = pathProblem(f.path);
    if (problem) details.push({ field: `files.${i}.path`, message: `"${printable(f.path)}" ${problem}` });
    else if (seen.has(f.path)) details.push({ field: `files.${i}.path`, message: `"${f.path}" is given twice` });
    seen.add(f.path);
    if (f.encoding === "base64" && !BASE64.test(f.content))
      details.push({ field: `files.${i}.content`, message: "is not valid base64 (standard alphabet, padded)" });
  });
  for (const path of seen) {
    const folder = ancestors(path).find((a) => seen.has(a));
    if (folder) details.push({ field: "files", message: `"${folder}" is both a file and a folder (of "${path}")` });
  }
  if (details.length) throw validationError(`Invalid files \u2014 ${details[0].field}: ${details[0].message}`, details);
  const decoded = files.map((f) => ({ path: f.path, content: Buffer.from(f.content, f.encoding) }));
  const totalBytes = decoded.reduce((sum, f) => sum + f.content.length, 0);
  if (totalBytes > limits.maxDeployBytes)
    throw tooLarge(`A deploy holds at most ${limits.maxDeployBytes} bytes of files; this one has ${totalBytes}`);
  checkConfigFiles(decoded);
  const blobs = /* @__PURE__ */ new Map();
  const placed = decoded.map((f) => {
    const hash = createHash("sha256").update(f.content).digest("hex");
    if (!blobs.has(hash)) blobs.set(hash, { hash, content: f.content, brotli: null, gzip: null });
    return { path: f.path, hash, compress: isCompressible(f.path, f.content.length) };
  });
  const toCompress = new Set(placed.filter((f) => f.compress).map((f) => f.hash));
  await Promise.all(
    [...toCompress].map(async (hash) => {
      const blob = blobs.get(hash);
      Object.assign(blob, await precompress(blob.content));
    })
  );
  return { files: placed.map(({ path, hash }) => ({ path, hash })), blobs, totalBytes };
}
function checkConfigFiles(files) {
  const details = [];
  for (const [name, parse] of [
    [REDIRECTS_FILE, parseRedirects],
    [HEADERS_FILE, parseHeaders]
  ]) {
    const file = files.find((f) => f.path === name);
    if (!file) continue;
    for (const p of parse(file.content.toString("utf8")).problems) details.push({ field: name, line: p.line, message: p.message });
  }
  if (details.length)
    throw validationError(`Invalid ${details[0].field} in files \u2014 line ${String(details[0].line)}: ${details[0].message}`, details);
}
function ancestors(path) {
  const parts = path.split("/");
  return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join("/"));
}
const printable = (path) => JSON.stringify(path.length > 120 ? `${path.slice(0, 120)}\u2026` : path).slice(1, -1).replace(/"/g, "'");
export {
  deployBodyLimit,
  prepareDeploy
};
//# sourceMappingURL=prepare-deploy.js.map
