import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { compatibility, EmbeddingInput, LocalEmbedder } from '../src/domain/compatibility';
import { EmbeddingServiceError, HttpTextEmbedder } from '../src/infrastructure/http-embedder';

/**
 * A real embedding service on loopback, speaking the protocol: `/plain` answers {"embedding"},
 * `/openai` the OpenAI shape, the others fail in the ways a real service does.
 * Its vector is a function of the input, so the test knows what the text block must be.
 */
const received: Array<{ path: string; contentType: string | undefined; body: string }> = [];
const held: ServerResponse[] = [];
let server: Server;
let base: string;

const serviceVector = (input: string) => [3, 4, input.length % 5, 0];

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer((req, res) => void answer(req, res));
  async function answer(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const path = req.url ?? '';
    received.push({ path, contentType: req.headers['content-type'], body });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const input = (JSON.parse(body) as { input: string }).input;
    switch (path.split('?')[0]) {
      case '/plain':
        return json(200, { embedding: serviceVector(input) });
      case '/openai':
        return json(200, {
          object: 'list',
          data: [{ object: 'embedding', index: 0, embedding: serviceVector(input) }],
          model: 'test',
        });
      case '/fail':
        return json(500, { error: 'model overloaded' });
      case '/shape':
        return json(200, { vector: [1, 2, 3] });
      case '/nan':
        return json(200, { embedding: [1, 'two', 3] });
      case '/html':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>maintenance</html>');
      case '/slow':
        held.push(res); // never answered: the client's timeout must fire
        return;
      default:
        return json(404, { error: 'no such path' });
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
});

beforeEach(() => {
  received.length = 0;
});

const local = new LocalEmbedder();
const profile: EmbeddingInput = {
  personalityTraits: {
    openness: 0.9,
    conscientiousness: 0.4,
    extraversion: 0.2,
    agreeableness: 0.8,
    neuroticism: 0.3,
    humor: 0.7,
  },
  interests: ['poetry', 'rock climbing'],
  bio: 'Writes letters to the future.',
  backstory: 'Built in a lighthouse.',
};
const expectedInput = 'Writes letters to the future.\n\nBuilt in a lighthouse.';

function unit(v: number[]): number[] {
  const n = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return v.map((x) => x / n);
}

describe('HttpTextEmbedder against a real service on loopback', () => {
  it.each(['/plain', '/openai'])(
    'takes the text block from %s (normalised) and the rest from the local embedder',
    async (path) => {
      const embedder = new HttpTextEmbedder(`${base}${path}?key=secret`, local);
      const e = await embedder.embed(profile);

      expect(received).toEqual([
        {
          path: `${path}?key=secret`,
          contentType: 'application/json',
          body: JSON.stringify({ input: expectedInput }),
        },
      ]);
      const expected = unit(serviceVector(expectedInput));
      e.text.forEach((x, i) => expect(x).toBeCloseTo(expected[i], 12));
      const own = local.embedSync(profile);
      expect(e.traits).toEqual(own.traits);
      expect(e.interests).toEqual(own.interests);
      // Named after host and path, never the query string (it may carry a key).
      expect(e.model).toBe(`http:${base.slice('http://'.length)}${path}`);
      expect(embedder.model).toBe(e.model);
    },
  );

  it('sends the bio alone when there is no backstory, and its embeddings compare with each other', async () => {
    const embedder = new HttpTextEmbedder(`${base}/plain`, local);
    const a = await embedder.embed({ ...profile, backstory: undefined });
    const b = await embedder.embed(profile);
    expect(JSON.parse(received[0].body)).toEqual({ input: profile.bio });
    expect(compatibility(a, b).score).toBeGreaterThan(0.5);
    expect(() => compatibility(a, local.embedSync(profile))).toThrow(/different models/);
  });

  it('reports an HTTP error with the status and what the service said', async () => {
    const embedder = new HttpTextEmbedder(`${base}/fail`, local);
    const error = await embedder.embed(profile).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingServiceError);
    expect((error as Error).message).toMatch(
      /^embedding service 127\.0\.0\.1:\d+\/fail answered HTTP 500: \{"error":"model overloaded"\}$/,
    );
  });

  it('reports a timeout, within about the time it was given', async () => {
    const embedder = new HttpTextEmbedder(`${base}/slow`, local, { timeoutMs: 200 });
    const started = performance.now();
    await expect(embedder.embed(profile)).rejects.toThrow(
      /^embedding service 127\.0\.0\.1:\d+\/slow did not answer within 200 ms$/,
    );
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it.each([
    [
      '/shape',
      /answered neither \{"embedding": number\[\]\} nor \{"data": \[\{"embedding": number\[\]\}\]\}: \{"vector":\[1,2,3\]\}/,
    ],
    ['/nan', /answered a non-number at index 1: "two"/],
    ['/html', /did not answer JSON: <html>maintenance<\/html>/],
  ])('rejects a 2xx answer of the wrong shape (%s)', async (path, message) => {
    const embedder = new HttpTextEmbedder(`${base}${path}`, local);
    await expect(embedder.embed(profile)).rejects.toThrow(message);
  });

  it('reports a service that is not there', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const embedder = new HttpTextEmbedder(`http://127.0.0.1:${port}/embed`, local);
    await expect(embedder.embed(profile)).rejects.toThrow(/could not be reached: .*ECONNREFUSED/);
  });

  it('refuses a URL that is not http(s)', () => {
    expect(() => new HttpTextEmbedder('ftp://example.test/embed', local)).toThrow(/http or https/);
    expect(() => new HttpTextEmbedder('not a url', local)).toThrow();
  });
});
