import { parsePattern } from "./patterns.js";
const MAX_RULES = 1e3;
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;
function parseRedirects(text) {
  const rules = [];
  const problems = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (content === "" || content.startsWith("#")) return;
    const problem = (message) => void problems.push({ line, message });
    const tokens = content.split(/\s+/);
    if (tokens.length < 2) return problem("a rule needs a source path and a target");
    if (tokens.length > 3) return problem('only "from to [status]" is supported (no conditions or query matching)');
    const [source, to, statusText = "301"] = tokens;
    if (statusText.endsWith("!")) return problem('forced rules ("!") are not supported: a rule never shadows an existing file');
    if (!["200", "301", "302"].includes(statusText)) return problem(`status ${statusText} is not one of 200, 301, 302`);
    const status = Number(statusText);
    const from = parsePattern(source);
    if (typeof from === "string") return problem(from);
    if (!VISIBLE_ASCII.test(to)) return problem("the target must be printable ASCII (percent-encode other characters)");
    const external = /^https?:\/\//i.test(to);
    if (!external && !to.startsWith("/")) return problem(`target "${to}" must be a path starting with "/" or an http(s) URL`);
    if (external && status === 200) return problem("a 200 rewrite must target a path of this site (proxying is not supported)");
    rules.push({ from, to, status, line });
  });
  if (rules.length > MAX_RULES) problems.push({ line: rules[MAX_RULES].line, message: `more than ${MAX_RULES} rules` });
  return { rules, problems };
}
export {
  MAX_RULES,
  parseRedirects
};
//# sourceMappingURL=redirects.js.map
