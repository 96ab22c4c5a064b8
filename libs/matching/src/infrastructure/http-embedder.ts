import type { Embedder, Embedding, EmbeddingInput, LocalEmbedder } from '../domain/compatibility';
import { l2Normalise } from '../domain/compatibility';

export interface HttpTextEmbedderOptions {
  /** Covers the whole exchange, the response body included. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const DEFAULT_EMBEDDING_TIMEOUT_MS = 5000;

/** A distinct class so a caller can tell "the service failed" (fall back, retry later) from a bug. */
export class EmbeddingServiceError extends Error {
  override name = 'EmbeddingServiceError';
}

/**
 * The operator's external embedding service (architecture §8), for the one block where a language
 * model knows more than word hashing: the bio. Traits and interests stay local, because they are
 * numbers and short labels that a text model would only blur, and because they keep the breakdown
 * explainable.
 *
 * Protocol: POST the URL with `{"input": "<bio>\n\n<backstory>"}`; the answer is `{"embedding": [...]}`
 * or the OpenAI shape `{"data": [{"embedding": [...]}]}`. Failures throw `EmbeddingServiceError`;
 * whether to fall back to the local embedder is the caller's decision, not this adapter's.
 */
export class HttpTextEmbedder implements Embedder {
  readonly model: string;
  /** Host and path only: the query string may carry an API key, and this goes into names and messages. */
  private readonly service: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(
    private readonly url: string,
    private readonly local: LocalEmbedder,
    options: HttpTextEmbedderOptions = {},
  ) {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new Error(`the embedding service URL must be http or https, not ${parsed.protocol}`);
    }
    this.service = `${parsed.host}${parsed.pathname}`;
    this.model = `http:${this.service}`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_EMBEDDING_TIMEOUT_MS;
    // Looked up at call time, and never called as a method of this object (a fetch may check `this`).
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async embed(input: EmbeddingInput): Promise<Embedding> {
    const { traits, interests } = this.local.embedSync(input);
    const text = await this.embedText(serviceInput(input));
    return { model: this.model, traits, interests, text };
  }

  private async embedText(input: string): Promise<number[]> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      let status: number;
      let body: string;
      try {
        const response = await this.fetchFn(this.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ input }),
          signal: controller.signal,
        });
        status = response.status;
        body = await response.text();
      } catch (error) {
        if (controller.signal.aborted) {
          throw new EmbeddingServiceError(
            `embedding service ${this.service} did not answer within ${this.timeoutMs} ms`,
            { cause: error },
          );
        }
        throw new EmbeddingServiceError(
          `embedding service ${this.service} could not be reached: ${messageOf(error)}`,
          { cause: error },
        );
      }
      if (status < 200 || status > 299) {
        throw new EmbeddingServiceError(
          `embedding service ${this.service} answered HTTP ${status}${excerpt(body)}`,
        );
      }
      return l2Normalise(this.vectorOf(body));
    } finally {
      clearTimeout(timer);
    }
  }

  private vectorOf(body: string): number[] {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new EmbeddingServiceError(
        `embedding service ${this.service} did not answer JSON${excerpt(body)}`,
      );
    }
    const vector = embeddingField(json) ?? embeddingField(firstOf(field(json, 'data')));
    if (vector === undefined) {
      throw new EmbeddingServiceError(
        `embedding service ${this.service} answered neither {"embedding": number[]} nor {"data": [{"embedding": number[]}]}${excerpt(body)}`,
      );
    }
    if (vector.length === 0)
      throw new EmbeddingServiceError(
        `embedding service ${this.service} answered an empty embedding`,
      );
    const bad = vector.findIndex((v) => typeof v !== 'number' || !Number.isFinite(v));
    if (bad >= 0) {
      throw new EmbeddingServiceError(
        `embedding service ${this.service} answered a non-number at index ${bad}: ${JSON.stringify(vector[bad])}`,
      );
    }
    return vector as number[];
  }
}

/** Bio, then the backstory as a second paragraph when there is one. */
export function serviceInput(input: EmbeddingInput): string {
  return input.backstory ? `${input.bio}\n\n${input.backstory}` : input.bio;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : undefined;
}

function embeddingField(value: unknown): unknown[] | undefined {
  const embedding = field(value, 'embedding');
  return Array.isArray(embedding) ? embedding : undefined;
}

function excerpt(body: string): string {
  const trimmed = body.trim();
  if (trimmed === '') return '';
  return `: ${trimmed.length > 200 ? `${trimmed.slice(0, 200)}…` : trimmed}`;
}

function messageOf(error: unknown): string {
  // Node's fetch says only "fetch failed" and keeps the useful part (ECONNREFUSED …) in the cause.
  // Duck-typed rather than `instanceof Error`: the fetch may come from another realm (a test VM).
  const message = messageField(error) ?? String(error);
  const cause = messageField(field(error, 'cause'));
  return cause === undefined ? message : `${message} (${cause})`;
}

function messageField(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const message = (value as { message?: unknown }).message;
  return typeof message === 'string' ? message : undefined;
}
