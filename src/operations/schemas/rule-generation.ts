import { z } from 'zod';
import { businessRuleOutput } from './rules.js';

/** generate_business_rule's answer: the stored rule and how it was made (docs/rules.md, "Generating rules"). */
export const generatedRuleOutput = z.strictObject({
  rule: businessRuleOutput,
  source: z.enum(['dsl', 'llm', 'phrases']),
  understood: z.array(z.string()).optional(),
  attempts: z.number().int().optional(),
  note: z.string().optional(),
});
