import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of the fake endpoint: the assistant's text, or a raw HTTP status and body. */
export type FakeReply = string | { status: number; body: unknown };

export interface FakeLlm {
  /** Base URL to use as LLM_URL, e.g. http://127.0.0.1:41234/v1 */
  url: string;
  /** Replies still to give, in order: push more at any time. */
  queue: FakeReply[];
  /** The JSON bodies received, in order, with their authorization header. */
  requests: Array<{ body: any; authorization: string | undefined; path: string }>;
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

/**
 * A local OpenAI-compatible chat completions server (node:http on port 0) answering its queue (first
 * `replies`) in order, one per request; with the queue empty it answers 500, as an endpoint that is
 * down. It records what it was sent.
 */
export async function startFakeLlm(replies: FakeReply[] = []): Promise<FakeLlm> {
  const requests: FakeLlm['requests'] = [];
  const queue = [...replies];
  const server: Server = createServer((req, res) => {
    void read(req).then((text) => {
      requests.push({ body: JSON.parse(text || 'null'), authorization: req.headers.authorization, path: req.url ?? '' });
      const reply = queue.shift() ?? { status: 500, body: { error: { message: 'no more replies' } } };
      const { status, body } =
        typeof reply === 'string'
          ? {
              status: 200,
              body: {
                id: 'chatcmpl-fake',
                object: 'chat.completion',
                choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
              },
            }
          : reply;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    queue,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
