/**
 * Embeddings from an OpenAI-compatible endpoint (`POST <EMBEDDINGS_URL>/embeddings` with
 * `{ model, input }`, answering `{ data: [{ embedding: number[] }] }`). Vectors are stored
 * unit-length so a dot product is their cosine similarity.
 */
export interface EmbeddingsSettings {
  readonly url: string;
  readonly apiKey: string | undefined;
  readonly model: string;
}

export interface EmbeddingsClient {
  readonly model: string;
  /** The unit vector of a text; throws when the endpoint fails. */
  embed(text: string): Promise<number[]>;
  /** As `embed`, but null when the endpoint fails: a save never fails for want of an embedding. */
  embedOrNull(text: string): Promise<number[] | null>;
}

const TIMEOUT_MS = 10_000;
const MAX_INPUT_CHARS = 8_000;

export function endpointOf(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/embeddings') ? trimmed : `${trimmed}/embeddings`;
}

export function normalize(vector: readonly number[]): number[] {
  const norm = Math.sqrt(vector.reduce((s, x) => s + x * x, 0));
  return norm === 0 ? vector.map(() => 0) : vector.map((x) => x / norm);
}

export function createEmbeddingsClient(settings: EmbeddingsSettings): EmbeddingsClient {
  const endpoint = endpointOf(settings.url);
  const embed = async (text: string): Promise<number[]> => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: settings.model, input: text.slice(0, MAX_INPUT_CHARS) || ' ' }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`embeddings endpoint answered ${response.status}`);
    const body = (await response.json()) as { data?: Array<{ embedding?: unknown }> };
    const vector = body.data?.[0]?.embedding;
    if (!Array.isArray(vector) || vector.length === 0 || !vector.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      throw new Error('embeddings endpoint answered no usable vector');
    }
    return normalize(vector as number[]);
  };
  return {
    model: settings.model,
    embed,
    embedOrNull: (text) => embed(text).catch(() => null),
  };
}

/** One client per configuration object (the config is frozen and lives as long as the service). */
/** The client of the configured endpoint, or null when semantic search uses the built-in method. */
export function embeddingsClientFor(settings: EmbeddingsSettings | undefined): EmbeddingsClient | null {
  return settings ? createEmbeddingsClient(settings) : null;
}
