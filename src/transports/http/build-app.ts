import cors from '@fastify/cors';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from '../../errors.js';
import { createLogger, type Logger } from '../../logging.js';
import { OPERATIONS } from '../../operations/index.js';
import type { TransportDeps } from '../request-context.js';
import { registerBackupRoutes } from './backup-routes.js';
import { registerConsole } from './console.js';
import { clientErrorHandler, installEdgeGuards } from './edge.js';
import { MAX_PARAM_LENGTH, installErrorHandling, sendError } from './errors.js';
import { registerOAuthTokenRoute } from './oauth-token.js';
import { buildOpenApiDocument } from './openapi.js';
import { installRequestIdHeader, requestLogOptions } from './request-log.js';
import { registerOperationRoutes } from './routes.js';
import { answerSiteRequest, isSiteRequest, registerSites } from './sites.js';
import { registerToolsRoute } from './tools-route.js';

/**
 * Builds the HTTP app without listening: tests use `inject()`, `serve` listens. Logs go to `logger`
 * (the service's one logger; a test passes one writing to a stream it reads).
 */
export async function buildApp(deps: TransportDeps & { logger?: Logger }): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: deps.config.bodyLimit,
    trustProxy: false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Errors Node raises before a request exists (oversized or unparsable headers) answer in the envelope.
    clientErrorHandler,
    // Errors Fastify raises before routing (a path that is not valid percent-encoded UTF-8) answer in the envelope too.
    frameworkErrors: (error, request, reply) =>
      isSiteRequest(deps, request.raw) ? answerSiteRequest(deps, request, reply) : void sendError(OPERATIONS, error, request, reply),
    // Request ids (X-Request-Id) in every line a request logs; request lines at debug.
    ...requestLogOptions(deps.logger ?? createLogger(deps.config.logLevel)),
  });
  installRequestIdHeader(app);

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
  // Before every other hook: a request for a static site is answered by the site alone.
  registerSites(app, deps);
  installEdgeGuards(app);
  await app.register(cors, {
    origin: deps.config.corsOrigins === '*' ? '*' : [...deps.config.corsOrigins],
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'X-API-Key', 'X-Tenant-ID', 'Content-Type', 'X-Request-Id'],
    exposedHeaders: ['Retry-After', 'X-Request-Id'],
    maxAge: 600,
  });

  registerOperationRoutes(app, deps, OPERATIONS);
  registerToolsRoute(app, deps, OPERATIONS);
  await registerOAuthTokenRoute(app, deps);
  await registerBackupRoutes(app, deps);
  // Built on first request, not at start: it converts every operation's schemas (a few hundred
  // ms of CPU and its memory, before the port could listen — docs/operations.md, start-up).
  let openApi: ReturnType<typeof buildOpenApiDocument> | undefined;
  app.get('/api/openapi.json', async () => (openApi ??= buildOpenApiDocument(OPERATIONS, deps.services.version)));
  await registerConsole(app, deps.config.consoleDir);
  return app;
}
