import type { Logger } from '../../../logging.js';
import type { TenantTx } from '../../../db/with-tenant.js';
import { validationError } from '../../../errors.js';
import { createRule } from '../rule.service.js';
import type { BusinessRule } from '../rule.types.js';
import { dslExample } from './dsl-example.js';
import { fieldsForRules } from './entity-fields.js';
import { LlmUnavailableError, type ChatClient } from './llm-client.js';
import { ruleFromLlm } from './llm-rule.js';
import { ruleFromSentence } from './sentence-rule.js';

/** What generate_business_rule was given (docs/rules.md, "Generating rules"). */
export interface GenerateRequest {
  entityName: string;
  /** A rule in the DSL (either shape), or the same as JSON text. */
  dsl?: unknown;
  /** A sentence to turn into a rule. */
  description?: string | undefined;
  name?: string | undefined;
  publish: boolean;
}

export interface GeneratedAnswer {
  rule: BusinessRule;
  source: 'dsl' | 'llm' | 'phrases';
  understood?: string[];
  attempts?: number;
  note?: string;
}

/** A `dsl` argument as create_business_rule's input: the first shape as it is, anything else as the second. */
function dslInput(dsl: unknown, name: string | undefined): Record<string, unknown> {
  let value = dsl;
  if (typeof dsl === 'string') {
    try {
      value = JSON.parse(dsl) as unknown;
    } catch {
      throw validationError('dsl: not valid JSON; pass the rule as an object or as its JSON text', [
        { field: 'dsl', message: 'not valid JSON' },
      ]);
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw validationError('dsl: must be a rule object, e.g. { type: "compute", triggers: ["qty"], compute: { total: "qty * price" } }', [
      { field: 'dsl', message: 'must be a rule object' },
    ]);
  }
  const rule = value as Record<string, unknown>;
  const firstShape = 'ruleDsl' in rule || 'triggerType' in rule;
  return firstShape ? { ...rule, ...(name ? { name } : {}) } : { rule, ...(name ? { name } : {}) };
}

/**
 * Makes a rule from DSL or from a sentence and stores it through create_business_rule's entry
 * point (createRule), so it is validated and normalized exactly like a created rule. A sentence
 * goes to the language model when one is configured (one retry with the refusal), else — or when
 * the endpoint fails — to the built-in parser, which says plainly when it cannot read it. A failed
 * endpoint is logged (warn) with `log`, the logger of the request that asked.
 */
export async function generateRule(tx: TenantTx, chat: ChatClient | null, request: GenerateRequest, log: Logger): Promise<GeneratedAnswer> {
  const store = (input: Record<string, unknown>) => createRule(tx, request.entityName, input, { publish: request.publish });
  if (request.dsl !== undefined) return { rule: await store(dslInput(request.dsl, request.name)), source: 'dsl' };
  const description = request.description ?? '';
  const fields = await fieldsForRules(tx, request.entityName);
  let note: string | undefined;
  if (chat) {
    try {
      const { result, attempts } = await ruleFromLlm({
        chat,
        entityName: request.entityName,
        fields,
        description,
        check: (proposed) => store(dslInput(proposed, request.name)),
      });
      return { rule: result as BusinessRule, source: 'llm', attempts };
    } catch (error) {
      if (!(error instanceof LlmUnavailableError)) throw error;
      log.warn({ err: error }, 'The language model endpoint (LLM_URL) failed; the built-in parser reads the description');
      note = `${error.message}; the built-in parser read the description instead`;
    }
  }
  const read = ruleFromSentence(request.entityName, fields, description);
  if (!read.ok) {
    const example = dslExample(fields);
    throw validationError(
      `Could not turn "${read.clause}" into a rule: ${read.reason}. Nothing was stored. Write the rule in the DSL instead (dsl), e.g. ${JSON.stringify(example)}`,
      [{ field: 'description', message: read.reason, clause: read.clause, dsl: example }],
    );
  }
  const rule = await store({ ...read.rule, ...(request.name ? { name: request.name } : {}) });
  return { rule, source: 'phrases', understood: read.understood, ...(note ? { note } : {}) };
}
