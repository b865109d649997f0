import { parsePattern, type PathPattern } from './patterns.js';

/**
 * `_redirects`, the Netlify subset: one rule a line — `from to [status]` — with status 301
 * (default), 302 or 200 (a rewrite: the visitor's URL stays, another file of the site answers);
 * `#` starts a comment. The first rule that matches wins, and only for a path no file answers: a
 * rule never shadows a file (Netlify's forced `!` rules are refused). Redirect targets are a site
 * path or an http(s) URL; a rewrite's target is a site path (proxying elsewhere is not offered).
 */
export const MAX_RULES = 1000;

export interface RedirectRule {
  readonly from: PathPattern;
  readonly to: string;
  readonly status: 200 | 301 | 302;
  readonly line: number;
}

export interface RuleProblem {
  readonly line: number;
  readonly message: string;
}

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

export function parseRedirects(text: string): { rules: RedirectRule[]; problems: RuleProblem[] } {
  const rules: RedirectRule[] = [];
  const problems: RuleProblem[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (content === '' || content.startsWith('#')) return;
    const problem = (message: string) => void problems.push({ line, message });
    const tokens = content.split(/\s+/);
    if (tokens.length < 2) return problem('a rule needs a source path and a target');
    if (tokens.length > 3) return problem('only "from to [status]" is supported (no conditions or query matching)');
    const [source, to, statusText = '301'] = tokens as [string, string, string?];
    if (statusText.endsWith('!')) return problem('forced rules ("!") are not supported: a rule never shadows an existing file');
    if (!['200', '301', '302'].includes(statusText)) return problem(`status ${statusText} is not one of 200, 301, 302`);
    const status = Number(statusText) as 200 | 301 | 302;
    const from = parsePattern(source);
    if (typeof from === 'string') return problem(from);
    if (!VISIBLE_ASCII.test(to)) return problem('the target must be printable ASCII (percent-encode other characters)');
    const external = /^https?:\/\//i.test(to);
    if (!external && !to.startsWith('/')) return problem(`target "${to}" must be a path starting with "/" or an http(s) URL`);
    if (external && status === 200) return problem('a 200 rewrite must target a path of this site (proxying is not supported)');
    rules.push({ from, to, status, line });
  });
  if (rules.length > MAX_RULES) problems.push({ line: rules[MAX_RULES]!.line, message: `more than ${MAX_RULES} rules` });
  return { rules, problems };
}
