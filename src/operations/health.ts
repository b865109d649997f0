import { z } from 'zod';
import { defineGlobalOperation } from './operation.js';

export const health = defineGlobalOperation({
  name: 'health',
  title: 'Health',
  description: 'Liveness and database reachability: { status: "ok", database, version }.',
  input: z.object({}),
  mode: 'read',
  profile: 'all',
  tool: false,
  access: 'public',
  rest: [{ method: 'GET', path: '/api/health' }],
  run: async (ctx) => {
    await ctx.db.query('select 1');
    return { status: 'ok' as const, database: ctx.db.kind, version: ctx.services.version };
  },
});
