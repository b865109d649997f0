import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/db/with-tenant.js';
import { createRecordsFixture, type RecordsFixture } from './fixture.js';

/**
 * A small OpenAI-compatible embeddings peer over real HTTP: each text becomes a vector of word
 * counts over a fixed vocabulary, so "cat" texts are near each other and far from "car" texts.
 */
const VOCABULARY = ['cat', 'kitten', 'feline', 'car', 'engine', 'wheel', 'tea', 'cup'];
const SYNONYMS: Record<string, string> = { kitten: 'cat', feline: 'cat', engine: 'car', wheel: 'car', cup: 'tea' };

function fakeEmbed(text: string): number[] {
  const v = VOCABULARY.map(() => 0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const root = SYNONYMS[word] ?? word;
    const i = VOCABULARY.indexOf(root);
    if (i >= 0) v[i]! += 1;
  }
  v.push(0.01);
  return v;
}

describe('semantic search with an OpenAI-compatible embeddings endpoint', () => {
  let server: Server;
  let f: RecordsFixture;
  const calls: Array<{ auth: string | undefined; model: string; input: string }> = [];
  let failing = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (req.url !== '/v1/embeddings' || req.method !== 'POST' || failing) {
          res.writeHead(failing ? 503 : 404).end();
          return;
        }
        const { model, input } = JSON.parse(body) as { model: string; input: string };
        calls.push({ auth: req.headers.authorization, model, input });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ object: 'embedding', index: 0, embedding: fakeEmbed(input) }], model }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    f = await createRecordsFixture({
      EMBEDDINGS_URL: `http://127.0.0.1:${port}/v1`,
      EMBEDDINGS_API_KEY: 'sk-test',
      EMBEDDINGS_MODEL: 'fake-embed-1',
    });
  });
  afterAll(async () => {
    await f.t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('embeds records on write and ranks by cosine similarity', async () => {
    await f.t.post(f.base('customers'), { full_name: 'Whiskers', notes: 'a small kitten' }, f.as);
    await f.t.post(f.base('customers'), { full_name: 'Rusty', notes: 'old engine and wheel' }, f.as);
    await f.t.post(f.base('customers'), { full_name: 'Earl Grey', notes: 'a cup of tea' }, f.as);
    expect(calls.length).toBe(3);
    expect(calls[0]).toMatchObject({ auth: 'Bearer sk-test', model: 'fake-embed-1' });
    expect(calls[0]!.input).toContain('kitten');

    const res = await f.t.get(`${f.base('customers')}/search/semantic?q=feline&minSimilarity=0.5`, f.as);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { name: string }) => r.name)).toEqual(['Whiskers']);
    expect(res.body.data[0].similarity).toBeGreaterThan(0.9);
  });

  it('re-embeds on update when the text changes', async () => {
    const r = (await f.t.post(f.base('customers'), { full_name: 'Shifty', notes: 'tea' }, f.as)).body.data;
    const before = calls.length;
    await f.t.put(`${f.base('customers')}/${r.id}`, { score: 3 }, f.as);
    expect(calls.length).toBe(before);
    await f.t.put(`${f.base('customers')}/${r.id}`, { notes: 'a feline friend' }, f.as);
    expect(calls.length).toBe(before + 1);
    const res = await f.t.get(`${f.base('customers')}/search/semantic?q=cat&minSimilarity=0.5`, f.as);
    expect(res.body.data.map((x: { name: string }) => x.name).sort()).toEqual(['Shifty', 'Whiskers']);
  });

  it('a save still succeeds when the endpoint is down (no vector stored); search then reports the failure', async () => {
    failing = true;
    try {
      const res = await f.t.post(f.base('customers'), { full_name: 'Offline', notes: 'kitten' }, f.as);
      expect(res.status).toBe(201);
      const stored = await withTenant(f.t.db, f.tenant.id, { readOnly: true }, (tx) =>
        tx.query<{ embedding: unknown }>('select embedding from records where tenant_id = $1 and id = $2', [f.tenant.id, res.body.data.id]),
      );
      expect(stored[0]!.embedding).toBeNull();
      const search = await f.t.get(`${f.base('customers')}/search/semantic?q=cat`, f.as);
      expect(search.status).toBe(500);
      expect(search.body.error.code).toBe('INTERNAL_ERROR');
      expect(search.body.error.message).toContain('EMBEDDINGS_URL');
    } finally {
      failing = false;
    }
  });
});
