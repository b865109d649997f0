import cors from '@fastify/cors';
import Fastify, * as fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from '../../errors.js';
import { OPERATIONS } from '../../operations/index.js';
import type { TransportDeps } from '../request-context.js';
import { registerConsole } from './console.js';
import { installErrorHandling, sendError } from './errors.js';
import { registerOAuthTokenRoute } from './oauth-token.js';
import { buildOpenApiDocument } from './openapi.js';
import { registerOperationRoutes } from './routes.js';
import { registerToolsRoute } from './tools-route.js';

/** Builds the HTTP app without listening: tests use `inject()`, `main.ts` listens. */
export async function buildApp(deps: TransportDeps): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: deps.config.bodyLimit,
    trustProxy: false,
    // Errors Fastify raises before routing (a path that is not valid percent-encoded UTF-8) answer in the envelope too.
    frameworkErrors: (error, request, reply) => void sendError(OPERATIONS, error, request, reply),
    // Per-request lines only at debug/trace: they cost throughput and say little at info.
    logController: new fastify.LogController({
      disableRequestLogging: deps.config.logLevel !== 'debug' && deps.config.logLevel !== 'trace',
    }),
    logger: {
      level: deps.config.logLevel,
      redact: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers.cookie'],
    },
  });

  // Empty JSON bodies (DELETE with a Content-Type) read as no body; prototype keys are refused.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      const message =
        error instanceof SyntaxError ? `Malformed JSON body: ${error.message}` : 'Malformed JSON body: forbidden prototype keys';
      done(new AppError('VALIDATION_ERROR', message), undefined);
    }
  });

  installErrorHandling(app, OPERATIONS);
  await app.register(cors, {
    origin: deps.config.corsOrigins === '*' ? '*' : [...deps.config.corsOrigins],
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'X-API-Key', 'X-Tenant-ID', 'Content-Type'],
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });

  registerOperationRoutes(app, deps, OPERATIONS);
  registerToolsRoute(app, deps, OPERATIONS);
  await registerOAuthTokenRoute(app, deps);
  const openApi = buildOpenApiDocument(OPERATIONS, deps.services.version);
  app.get('/api/openapi.json', async () => openApi);
  await registerConsole(app, deps.config.consoleDir);
  return app;
}
