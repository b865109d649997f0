const TIMEOUT_MS = 1e4;
const MAX_INPUT_CHARS = 8e3;
function endpointOf(url) {
  const trimmed = url.replace(/\/+$/, "");
  return trimmed.endsWith("/embeddings") ? trimmed : `${trimmed}/embeddings`;
}
function normalize(vector) {
  const norm = Math.sqrt(vector.reduce((s, x) => s + x * x, 0));
  return norm === 0 ? vector.map(() => 0) : vector.map((x) => x / norm);
}
function createEmbeddingsClient(settings) {
  const endpoint = endpointOf(settings.url);
  const embed = async (text) => {
    const response = await fetch(endpoint, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}
      },
      body: JSON.stringify({ model: settings.model, input: text.slice(0, MAX_INPUT_CHARS) || " " }),
      signal: AbortSignal.timeout(TIMEOUT_MS)
    });
    if (!response.ok) throw new Error(`embeddings endpoint answered ${response.status}`);
    const body = await response.json();
    const vector = body.data?.[0]?.embedding;
    if (!Array.isArray(vector) || vector.length === 0 || !vector.every((x) => typeof x === "number" && Number.isFinite(x))) {
      throw new Error("embeddings endpoint answered no usable vector");
    }
    return normalize(vector);
  };
  return {
    model: settings.model,
    embed,
    embedOrNull: (text) => embed(text).catch(() => null)
  };
}
function embeddingsClientFor(settings) {
  return settings ? createEmbeddingsClient(settings) : null;
}
export {
  createEmbeddingsClient,
  embeddingsClientFor,
  endpointOf,
  normalize
};
//# sourceMappingURL=embeddings.js.map
