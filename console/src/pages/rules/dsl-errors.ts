import { describeError } from '../../ui/errors.tsx';
import { TenantbaseError } from '@tenantbase/client';

/** One problem of a rule, placed where a person can see it. */
export interface DslProblem {
  /** The API's path of the offending value (`ruleDsl.compute.total.expression`), or '' for the whole rule. */
  field: string;
  /** The path in words: "compute of total", "validation 1, condition". */
  where: string;
  message: string;
  /** The text the position points into (an expression, or the editor's JSON) and the 0-based offset in it. */
  snippet?: { text: string; offset: number };
}

/** `ruleDsl.compute.total.expression` → "compute of total (expression)"; other paths as they are. */
export function describePath(field: string): string {
  const parts = field.replace(/^ruleDsl\./, '').split('.');
  const [section, key, ...rest] = parts;
  const tail = rest.length ? ` (${rest.join('.')})` : '';
  switch (section) {
    case 'compute':
      return key ? `compute of ${key}${tail}` : 'compute';
    case 'validate':
      return key && /^\d+$/.test(key) ? `validation ${Number(key) + 1}${tail}` : 'validations';
    case 'transform':
      return key ? `transform of ${key}${tail}` : 'transforms';
    case 'actions':
      return key && /^\d+$/.test(key) ? `action ${Number(key) + 1}${tail}` : 'actions';
    default:
      return field;
  }
}

/**
 * The value at an API path inside the rule the person wrote. A compute written as a plain string
 * (`"total": "a + b"`) is normalized by the API to `{ expression }`, so a string met before the
 * path ends is the expression the path names.
 */
export function valueAt(root: unknown, field: string): unknown {
  let value: unknown = root;
  for (const part of field.replace(/^ruleDsl\./, '').split('.')) {
    if (typeof value === 'string') return value;
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The API's refusal of a rule as problems, each with its expression and position when it has one. */
export function ruleProblems(error: unknown, dsl: unknown): DslProblem[] {
  if (!(error instanceof TenantbaseError) || error.details.length === 0) {
    const described = describeError(error);
    return [{ field: '', where: 'the rule', message: described.message }];
  }
  return error.details.map((d) => {
    const field = typeof d.field === 'string' ? d.field : '';
    const message = typeof d.message === 'string' ? d.message : error.message;
    const problem: DslProblem = { field, where: field ? describePath(field) : 'the rule', message };
    const expression = valueAt(dsl, field);
    if (typeof d.position === 'number' && typeof expression === 'string') {
      problem.snippet = { text: expression, offset: Math.max(0, Math.min(d.position - 1, expression.length)) };
    }
    return problem;
  });
}

/** JSON.parse's complaint with the 0-based offset it names (V8 says "at position N"). */
export function jsonProblem(text: string): DslProblem | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(message);
    return {
      field: '',
      where: 'the rule text',
      message: `This is not valid JSON: ${message}`,
      ...(at ? { snippet: { text, offset: Number(at[1]) } } : {}),
    };
  }
}

/** Where `expression`'s character `offset` sits in the editor's JSON text, if the expression is written there once. */
export function offsetInText(text: string, expression: string, offset: number): number | undefined {
  const literal = JSON.stringify(expression);
  const start = text.indexOf(literal);
  if (start < 0 || text.indexOf(literal, start + 1) >= 0) return undefined;
  // Characters JSON escapes take more room in the text than in the value.
  return start + 1 + JSON.stringify(expression.slice(0, offset)).length - 2;
}

/** The line of `text` holding `offset`, and the column of `offset` in it. */
export function lineAt(text: string, offset: number): { line: string; column: number; number: number } {
  const before = text.slice(0, offset);
  const start = before.lastIndexOf('\n') + 1;
  const end = text.indexOf('\n', offset);
  return { line: text.slice(start, end < 0 ? undefined : end), column: offset - start, number: before.split('\n').length };
}
