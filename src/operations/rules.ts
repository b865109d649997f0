import { z } from 'zod';
import { TRIGGER_TYPES } from '../domain/rules/rule.types.js';
import { listRuleRuns, retentionCutoff } from '../domain/rules/rule-runs.repository.js';
import { createRule, deleteRule, getRule, listRules, publishRule, testRule } from '../domain/rules/rule.service.js';
import { toolRef, validationError } from '../errors.js';
import { bind, defineTenantOperation } from './core/operation.js';
import { deleted, integer, plainObject } from './core/schemas.js';
import { businessRuleListOutput, businessRuleOutput, ruleRunPageOutput, ruleTestOutput } from './schemas/rules.js';

const entityName = z.string().trim().min(1).max(200).describe('Entity name');
const ruleId = z.string().trim().min(1).max(100).describe('Rule id (UUID)');
const dsl = plainObject('must be an object');

const ruleFields = {
  name: z.string().trim().max(200).optional(),
  triggerType: z.enum(TRIGGER_TYPES).optional().describe('Default before_save; actions need after_save'),
  triggerFields: z.array(z.string().max(100)).max(50).optional().describe('field_change: fields whose change runs it'),
  ruleDsl: dsl
    .optional()
    .describe(
      '{ compute: { field: "expr" | {type: formula|conditional|lookup|aggregate,…} }, validate: [{ id, condition, message, severity }], transform: { field: { type } }, actions }',
    ),
  rule: dsl.optional().describe('Second shape: { type, triggers, compute }'),
};

const createInput = z.object({ entityName, ...ruleFields, publish: z.boolean().default(false) });

export const createBusinessRule = defineTenantOperation({
  name: 'create_business_rule',
  title: 'Create business rule',
  description:
    'Adds a rule to an entity (draft unless publish), e.g. { entityName: "invoices", triggerType: "before_save", ruleDsl: { compute: { total: "qty * price" }, validate: [{ id: "pos", condition: "total >= 0", message: "Total must be positive" }] } }. Only published rules run on saves.',
  input: createInput,
  output: businessRuleOutput,
  mode: 'write',
  profile: 'advanced',
  tool: true,
  access: { tenant: 'schema.write' },
  rest: [
    bind({
      method: 'POST',
      path: '/api/entities/:entityName/rules',
      status: 201,
      description:
        'Creates a business rule of the entity from { name?, triggerType, triggerFields?, ruleDsl } or { rule }; publish (alias auto_publish) makes it run at once.',
      params: z.object({ entityName }),
      body: z.object({ ...ruleFields, publish: z.boolean().optional(), auto_publish: z.boolean().optional() }),
      map: ({ params, body }) => {
        const { auto_publish, publish, ...rest } = body;
        return { entityName: params.entityName, ...rest, publish: publish ?? auto_publish ?? false };
      },
    }),
  ],
  run: (ctx, { entityName: name, publish, ...input }) => createRule(ctx.tx, name, input, { publish }),
});

export const listBusinessRules = defineTenantOperation({
  name: 'list_business_rules',
  title: 'List business rules',
  description:
    'Lists the business rules of the tenant, or of one entity, e.g. { entityName: "invoices" }; each with its status (draft|published) and normalized ruleDsl.',
  input: z.object({ entityName: entityName.optional(), status: z.enum(['draft', 'published']).optional() }),
  output: businessRuleListOutput,
  mode: 'read',
  profile: 'advanced',
  tool: true,
  access: { tenant: 'schema.read' },
  rest: [
    bind({
      method: 'GET',
      path: '/api/rules',
      query: z.object({
        entityName: entityName.optional(),
        status: z.enum(['draft', 'published']).optional().describe('draft or published'),
      }),
    }),
    bind({
      method: 'GET',
      path: '/api/entities/:entityName/rules',
      params: z.object({ entityName }),
      query: z.object({ status: z.enum(['draft', 'published']).optional().describe('draft or published') }),
    }),
  ],
  run: (ctx, input) => listRules(ctx.tx, input),
});

const ruleParams = z.object({ ruleId });

export const getBusinessRule = defineTenantOperation({
  name: 'get_business_rule',
  title: 'Get business rule',
  description: 'One business rule by id, e.g. { ruleId: "…" }: its trigger, normalized ruleDsl and status.',
  input: z.object({ ruleId }),
  output: businessRuleOutput,
  mode: 'read',
  profile: 'advanced',
  tool: true,
  access: { tenant: 'schema.read' },
  rest: [bind({ method: 'GET', path: '/api/rules/:ruleId', params: ruleParams })],
  run: (ctx, input) => getRule(ctx.tx, input.ruleId),
});

export const publishBusinessRule = defineTenantOperation({
  name: 'publish_business_rule',
  title: 'Publish business rule',
  description:
    'Publishes a draft rule so it runs on every save of its entity, e.g. { ruleId: "…" }. Refused if its computes would form a cycle with published rules.',
  input: z.object({ ruleId }),
  output: businessRuleOutput,
  mode: 'write',
  idempotent: true,
  profile: 'advanced',
  tool: true,
  access: { tenant: 'schema.write' },
  rest: [bind({ method: 'POST', path: '/api/rules/:ruleId/publish', params: ruleParams })],
  run: (ctx, input) => publishRule(ctx.tx, input.ruleId),
});

export const deleteBusinessRule = defineTenantOperation({
  name: 'delete_business_rule',
  title: 'Delete business rule',
  description: 'Deletes a rule, e.g. { ruleId: "…" }; answers { id, deleted: true }. Stored values it computed stay as they are.',
  input: z.object({ ruleId }),
  output: deleted,
  mode: 'write',
  destructive: true,
  profile: 'advanced',
  tool: true,
  access: { tenant: 'schema.write' },
  rest: [bind({ method: 'DELETE', path: '/api/rules/:ruleId', params: ruleParams })],
  run: (ctx, input) => deleteRule(ctx.tx, input.ruleId),
});

const testInput = z.object({
  ruleId: ruleId.optional(),
  entityName: entityName.optional(),
  ...ruleFields,
  sampleData: plainObject('sampleData must be an object of field values').describe('Field values (and id) of a record to try'),
});

export const testBusinessRule = defineTenantOperation({
  name: 'test_business_rule',
  title: 'Test business rule',
  description: `Runs a rule on sampleData and writes nothing: { ruleId, sampleData } or a rule as for ${toolRef('create_business_rule')}, e.g. { ruleId: "…", sampleData: { qty: 2, price: 5 } } → { computedValues, transformedValues, errors, warnings, actions }.`,
  input: testInput,
  output: ruleTestOutput,
  mode: 'read',
  profile: 'advanced',
  tool: true,
  access: { tenant: 'schema.read' },
  rest: [bind({ method: 'POST', path: '/api/rules/test', body: testInput })],
  run: (ctx, { ruleId: id, entityName: name, sampleData, ...input }) => {
    if (id === undefined && name === undefined) {
      throw validationError(`Pass ruleId (a stored rule) or entityName with a rule as for ${toolRef('create_business_rule')}`, [
        { field: 'ruleId', message: 'ruleId or entityName is required' },
      ]);
    }
    const subject = id !== undefined ? { ruleId: id } : { entityName: name!, input };
    return testRule({ entities: ctx.services.entities, env: { now: () => ctx.services.clock.now() } }, ctx.tx, subject, sampleData);
  },
});

const runsQuery = {
  ruleId: ruleId.optional(),
  entityName: entityName.optional(),
  recordId: z.string().trim().uuid('recordId must be a UUID').optional(),
  page: integer('page').pipe(z.number().min(1, 'page starts at 1')).optional(),
  limit: integer('limit')
    .pipe(z.number().min(1, 'limit must be at least 1'))
    .transform((n) => Math.min(n, 100))
    .optional(),
};

export const listRuleRunsOperation = defineTenantOperation({
  name: 'list_rule_runs',
  title: 'List rule runs',
  description:
    'The log of business rule runs on saves, newest first, e.g. { ruleId: "…", limit: 20 }: rule, record, trigger, actor, inputs read, outputs written, validation result, durationMs. Filters ruleId, entityName, recordId.',
  input: z.object(runsQuery),
  output: ruleRunPageOutput,
  mode: 'read',
  profile: 'advanced',
  tool: true,
  access: { tenant: 'schema.read' },
  rest: [
    bind({
      method: 'GET',
      path: '/api/rule-runs',
      query: z.object({
        ruleId: runsQuery.ruleId.describe('Only runs of this rule'),
        entityName: runsQuery.entityName.describe('Only runs on records of this entity'),
        recordId: runsQuery.recordId.describe('Only runs on this record'),
        page: runsQuery.page.describe('Page number, from 1'),
        limit: runsQuery.limit.describe('Page size, 1–100 (default 50)'),
      }),
    }),
  ],
  run: async (ctx, input) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 50;
    if (input.ruleId !== undefined && !/^[0-9a-f-]{36}$/i.test(input.ruleId)) {
      throw validationError(`ruleId: "${input.ruleId.slice(0, 80)}" is not a UUID`, [{ field: 'ruleId', message: 'must be a UUID' }]);
    }
    const since = retentionCutoff(ctx.services.clock.now(), ctx.config.ruleRuns);
    const found = await listRuleRuns(ctx.tx, { ...input, page, limit, since });
    return { ...found, page, limit };
  },
});
