import { AppError, SURFACE_MARKER, type ErrorCode, type ErrorDetail } from '../errors.js';
import type { Operation } from '../operations/core/operation.js';

export type { Surface } from '../domain/credentials/registry.js';
import type { Surface } from '../domain/credentials/registry.js';

/** The REST route a request came in on, when it names the operation it runs. */
export interface CurrentRoute {
  operation: string;
  method: string;
  path: string;
}

const routeText = (method: string, path: string) => `${method} ${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

/** How a REST client reaches an operation: the route of this request if it runs it, else its first route. */
function restRouteOf(operations: readonly Operation[], name: string, current?: CurrentRoute): string {
  if (current?.operation === name) return routeText(current.method, current.path);
  const binding = operations.find((op) => op.name === name)?.rest[0];
  return binding ? routeText(binding.method, binding.path) : name;
}

/** Renders the surface markers of a message (errors.ts `toolRef`, `bySurface`) for one surface. */
export function renderText(text: string, surface: Surface, operations: readonly Operation[], current?: CurrentRoute): string {
  // Innermost markers first (a `bySurface` text may hold `toolRef`s), until none is left.
  let out = text;
  for (let before = ''; before !== out;) {
    before = out;
    out = out.replace(SURFACE_MARKER, (_all, kind: string, first: string, second: string | undefined) => {
      if (kind === 'tool') return surface === 'rest' ? restRouteOf(operations, first, current) : first;
      return surface === 'rest' ? first : (second ?? first);
    });
  }
  return out;
}

export interface RenderedError {
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
}

/** An error as a surface shows it: known errors in its words, anything else as INTERNAL_ERROR without its message. */
export function renderError(error: unknown, surface: Surface, operations: readonly Operation[], current?: CurrentRoute): RenderedError {
  const e = error instanceof AppError ? error : new AppError('INTERNAL_ERROR', 'An unexpected error occurred');
  const details = e.details?.map((d) => ({ ...d, message: renderText(d.message, surface, operations, current) }));
  return { code: e.code, message: renderText(e.message, surface, operations, current), ...(details ? { details } : {}) };
}
