import { z } from 'zod';
import { chatClientFor } from '../domain/rules/generate/llm-client.js';
import { generateRule } from '../domain/rules/generate/generate.service.js';
import { validationError } from '../errors.js';
import { bind, defineTenantOperation } from './core/operation.js';
import { generatedRuleOutput } from './schemas/rule-generation.js';

const entityName = z.string().trim().min(1).max(200).describe('Entity name');
const sentence = z.string().trim().min(1, 'must not be empty').max(2000);
const fields = {
  description: sentence.optional().describe('The rule in words (English or Spanish)'),
  prompt: sentence.optional().describe('Alias of description'),
  dsl: z
    .union([z.record(z.string(), z.unknown()), z.string().max(20_000)])
    .optional()
    .describe('A rule in the DSL instead: { type, triggers, compute|validate|transform }, or its JSON'),
  name: z.string().trim().min(1).max(200).optional(),
};

export const generateBusinessRule = defineTenantOperation({
  name: 'generate_business_rule',
  title: 'Generate business rule',
  description:
    'Makes a draft rule (publish: true runs it) from a sentence, e.g. { entityName: "facturas", description: "total = cantidad * precio" }, ' +
    '"precio must be greater than 0", "el email en minúsculas", "X is required when Y is Z"; or validates and stores dsl. ' +
    'Answers { rule, source, understood }; says what it could not read.',
  input: z.object({ entityName, ...fields, publish: z.boolean().default(false) }),
  output: generatedRuleOutput,
  mode: 'write',
  profile: 'advanced',
  tool: true,
  access: { tenant: 'schema.write' },
  rest: [
    bind({
      method: 'POST',
      path: '/api/entities/:entityName/rules/generate',
      status: 201,
      description:
        'Makes a business rule of the entity from description (alias prompt: a sentence in English or Spanish; an LLM when LLM_URL is set, else the built-in parser) or from dsl (validated and stored as create does); publish (alias auto_publish) runs it at once.',
      params: z.object({ entityName }),
      body: z.object({ ...fields, publish: z.boolean().optional(), auto_publish: z.boolean().optional() }),
      map: ({ params, body }) => {
        const { auto_publish, publish, ...rest } = body;
        return { entityName: params.entityName, ...rest, publish: publish ?? auto_publish ?? false };
      },
    }),
  ],
  run: (ctx, { entityName: name, description, prompt, dsl, ...rest }) => {
    const sentenceGiven = description ?? prompt;
    if ((sentenceGiven === undefined) === (dsl === undefined)) {
      throw validationError('Pass either description (alias prompt): the rule in words, or dsl: the rule in the DSL', [
        { field: 'description', message: 'description or dsl is required, not both' },
      ]);
    }
    return generateRule(ctx.tx, chatClientFor(ctx.config.llm), { entityName: name, description: sentenceGiven, dsl, ...rest }, ctx.log);
  },
});
