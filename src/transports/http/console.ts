import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Files Vite copies from console/public to the top of the build: served as they are, revalidated. */
const TOP_LEVEL_FILE = /^[\w-]+\.(svg|ico|png|txt|webmanifest)$/;

const NOT_BUILT = 'The admin console has not been built. `npm start` builds it; to build it without starting, run `npm run build`.\n';

// The console loads only its own files and talks only to this origin's API. Mantine sets
// component styles through style attributes, hence 'unsafe-inline' for styles only.
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; " +
    "frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

function sendIndex(reply: FastifyReply): FastifyReply {
  // The page names the current hashed bundles, so it must be revalidated on every load.
  return reply.headers({ ...SECURITY_HEADERS, 'cache-control': 'no-cache' }).sendFile('index.html', { cacheControl: false });
}

/**
 * Serves the built admin console (a single-page app) at /console: hashed files under assets/ are
 * immutable for a year, index.html is revalidated every time, and any other path under /console
 * answers index.html so the app's own routes survive a reload. Precompressed `.br`/`.gz` siblings
 * (written by the console build) are served to clients that accept them.
 */
export async function registerConsole(app: FastifyInstance, dir: string): Promise<void> {
  await app.register(fastifyStatic, { root: dir, serve: false, preCompressed: true, suppressWarning: true });
  app.get('/console', (_request, reply) => reply.redirect('/console/'));
  app.get<{ Params: { '*': string } }>('/console/*', (request, reply) => {
    if (!existsSync(join(dir, 'index.html'))) {
      return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
    }
    const path = request.params['*'];
    if (path.startsWith('assets/')) return reply.sendFile(path, { immutable: true, maxAge: '365d' });
    if (TOP_LEVEL_FILE.test(path) && existsSync(join(dir, path))) {
      return reply.header('cache-control', 'no-cache').sendFile(path, { cacheControl: false });
    }
    return sendIndex(reply);
  });
}
