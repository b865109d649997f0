import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
const TOP_LEVEL_FILE = /^[\w-]+\.(svg|ico|png|txt|webmanifest)$/;
const NOT_BUILT = "The admin console has not been built. `npm start` builds it; to build it without starting, run `npm run build`.\n";
const SECURITY_HEADERS = {
  "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer"
};
function sendIndex(reply) {
  return reply.headers({ ...SECURITY_HEADERS, "cache-control": "no-cache" }).sendFile("index.html", { cacheControl: false });
}
async function registerConsole(app, dir) {
  await app.register(fastifyStatic, { root: dir, serve: false, preCompressed: true, suppressWarning: true });
  app.get("/console", (_request, reply) => reply.redirect("/console/"));
  app.get("/console/*", (request, reply) => {
    if (!existsSync(join(dir, "index.html"))) {
      return reply.code(503).type("text/plain; charset=utf-8").header("cache-control", "no-store").send(NOT_BUILT);
    }
    const path = request.params["*"];
    if (path.startsWith("assets/")) return reply.sendFile(path, { immutable: true, maxAge: "365d" });
    if (TOP_LEVEL_FILE.test(path) && existsSync(join(dir, path))) {
      return reply.header("cache-control", "no-cache").sendFile(path, { cacheControl: false });
    }
    return sendIndex(reply);
  });
}
export {
  registerConsole
};
//# sourceMappingURL=console.js.map
