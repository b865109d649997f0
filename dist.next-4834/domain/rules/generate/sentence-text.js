function foldChar(c) {
  const plain = c.normalize("NFD").replace(new RegExp("\\p{M}", "gu"), "").toLowerCase();
  return plain.length === c.length ? plain : c.toLowerCase().length === c.length ? c.toLowerCase() : c;
}
function sentence(raw) {
  const text = raw.replace(/\s+/g, " ").trim().replace(/[.!]+$/, "").trim();
  let folded = "";
  for (let i = 0; i < text.length; i++) folded += foldChar(text[i]);
  return { text, folded };
}
function captures(s, pattern) {
  const flags = pattern.flags.includes("d") ? pattern.flags : `${pattern.flags}d`;
  const match = new RegExp(pattern.source, flags).exec(s.folded);
  if (!match) return void 0;
  const out = {};
  for (const [name, span] of Object.entries(match.indices?.groups ?? {})) {
    if (span) out[name] = s.text.slice(span[0], span[1]).trim();
  }
  return out;
}
function splitClauses(description) {
  return description.split(/\r?\n|;|\.(?=\s)/).map((c) => c.trim()).filter((c) => c !== "" && c !== ".");
}
const quote = (value) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
const slug = (text) => sentence(text).folded.replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 40) || "rule";
const asMessage = (text) => text === "" ? text : text[0].toUpperCase() + text.slice(1);
export {
  asMessage,
  captures,
  quote,
  sentence,
  slug,
  splitClauses
};
//# sourceMappingURL=sentence-text.js.map
