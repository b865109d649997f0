import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { identifyBot } from '../../operations/bots.js';
import { executeOperation } from '../../operations/core/execute.js';
import type { Logger } from '../../logging.js';
import { buildOperationContext, type TransportDeps } from '../request-context.js';

/** The OAuth 2.0 token endpoint of bots (docs/bots.md "OAuth 2.0 client credentials"). */
export const OAUTH_TOKEN_PATH = '/api/oauth/token';

/**
 * The token endpoint in the OpenAPI document: hand-described because it is a transport route, not
 * an operation (it runs `identify_bot`), and it answers OAuth's shapes rather than the envelope.
 */
export const OAUTH_TOKEN_OPENAPI = {
  post: {
    operationId: 'oauth_token',
    summary: 'OAuth 2.0 token (client credentials)',
    description:
      "RFC 6749 §4.4 for bots: the bot's id (or name) and secret by HTTP Basic, or as `client_id` and `client_secret` in the form body (not both). " +
      'Answers the token `identify_bot` answers. Errors are RFC 6749 §5.2 objects, not the envelope: 400 `invalid_request` or ' +
      '`unsupported_grant_type`, 401 `invalid_client` (with `WWW-Authenticate: Basic`), 429 `invalid_client` with `Retry-After` for a locked bot.',
    tags: ['bots'],
    security: [{ basic: [] }],
    requestBody: {
      required: true,
      content: Object.fromEntries(
        ['application/x-www-form-urlencoded', 'application/json'].map((type) => [
          type,
          {
            schema: {
              type: 'object',
              required: ['grant_type'],
              properties: {
                grant_type: { const: 'client_credentials' },
                client_id: { type: 'string', description: 'The bot id or name (when not sent by HTTP Basic)' },
                client_secret: { type: 'string', description: 'The bot secret (when not sent by HTTP Basic)' },
                scope: { type: 'string', description: 'Accepted and ignored' },
              },
            },
          },
        ]),
      ),
    },
    responses: {
      200: {
        description: 'The access token (`Cache-Control: no-store`)',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['access_token', 'token_type', 'expires_in'],
              properties: {
                access_token: { type: 'string' },
                token_type: { const: 'Bearer' },
                expires_in: { type: 'integer', description: 'Seconds' },
              },
            },
          },
        },
      },
      ...Object.fromEntries(
        [
          ['400', 'invalid_request or unsupported_grant_type'],
          ['401', 'invalid_client'],
          ['429', 'invalid_client: the bot is locked; see Retry-After'],
        ].map(([status, description]) => [
          status,
          {
            description,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['error'],
                  properties: { error: { type: 'string' }, error_description: { type: 'string' } },
                },
              },
            },
          },
        ]),
      ),
    },
  },
};

/** An answer in RFC 6749 §5.2 form — this route speaks OAuth, not the service's envelope. */
class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: 'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'server_error',
    readonly description: string,
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}

interface ClientCredentials {
  id: string | undefined;
  secret: string | undefined;
}

/** RFC 6749 §2.3.1: id and secret are form-encoded before they are joined for HTTP Basic. */
const formDecoded = (part: string) => {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
};

function clientCredentials(request: FastifyRequest, param: (name: string) => string | undefined): ClientCredentials {
  const header = request.headers.authorization;
  const encoded = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i)?.[1];
  if (header && /^Basic\b/i.test(header) && !encoded) throw new OAuthError(401, 'invalid_client', 'Malformed HTTP Basic credentials');
  if (!encoded) return { id: param('client_id'), secret: param('client_secret') };
  if (param('client_secret') !== undefined) {
    throw new OAuthError(400, 'invalid_request', 'Authenticate the client one way: HTTP Basic or client_secret in the body, not both');
  }
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError(401, 'invalid_client', 'Malformed HTTP Basic credentials');
  return { id: formDecoded(decoded.slice(0, colon)), secret: formDecoded(decoded.slice(colon + 1)) };
}

function asOAuthError(error: unknown): OAuthError | null {
  if (error instanceof OAuthError) return error;
  if (error instanceof AppError) {
    switch (error.code) {
      case 'UNAUTHORIZED':
        return new OAuthError(401, 'invalid_client', error.message);
      case 'RATE_LIMITED':
        return new OAuthError(429, 'invalid_client', error.message, error.retryAfter);
      case 'VALIDATION_ERROR':
        return new OAuthError(400, 'invalid_request', error.message);
      default:
        return null;
    }
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new OAuthError(status === 413 ? 413 : 400, 'invalid_request', 'Send the token request as application/x-www-form-urlencoded');
  }
  return null;
}

function sendOAuthError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const known = asOAuthError(error);
  if (!known) request.log.error({ err: error }, 'unexpected error at the token endpoint');
  const e = known ?? new OAuthError(500, 'server_error', 'An unexpected error occurred');
  void reply.code(e.status).header('cache-control', 'no-store').header('pragma', 'no-cache');
  if (e.status === 401) void reply.header('www-authenticate', 'Basic realm="tenantbase", charset="UTF-8"');
  if (e.retryAfter !== undefined) void reply.header('retry-after', String(e.retryAfter));
  return reply.send({ error: e.error, error_description: e.description });
}

/**
 * `POST /api/oauth/token`, grant type `client_credentials` (RFC 6749 §4.4): a bot's id (or name)
 * and secret, by HTTP Basic or in the form body, for `{ access_token, token_type, expires_in }` —
 * the token `identify_bot` answers, through that very operation. No refresh token. The form body
 * parser is registered for this route's scope only; JSON bodies are accepted too.
 */
export async function registerOAuthTokenRoute(app: FastifyInstance, deps: TransportDeps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(formbody);
    scope.setErrorHandler((error, request, reply) => sendOAuthError(error, request, reply));
    scope.post(OAUTH_TOKEN_PATH, async (request, reply) => {
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
      const param = (name: string) => {
        const value = body[name];
        if (Array.isArray(value)) throw new OAuthError(400, 'invalid_request', `${name} is repeated`);
        return typeof value === 'string' && value !== '' ? value : undefined;
      };
      const grant = param('grant_type');
      if (!grant) throw new OAuthError(400, 'invalid_request', 'grant_type is required');
      if (grant !== 'client_credentials') {
        throw new OAuthError(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported (bots)');
      }
      const client = clientCredentials(request, param);
      if (!client.id || !client.secret) {
        throw new OAuthError(401, 'invalid_client', 'Send the bot id (or name) and secret by HTTP Basic or as client_id and client_secret');
      }
      const ctx = await buildOperationContext(deps, 'rest', { clientAddress: request.ip, log: request.log as Logger });
      const { data } = await executeOperation(identifyBot, ctx, { bot_id: client.id, secret_key: client.secret });
      const identity = data as { token: string; expiresIn: number };
      void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return { access_token: identity.token, token_type: 'Bearer', expires_in: identity.expiresIn };
    });
  });
}
