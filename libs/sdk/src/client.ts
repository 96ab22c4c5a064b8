import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

export type CompanionClient = Client<paths>;
export type Schemas = components['schemas'];
export type ErrorBody = Schemas['ErrorResponse'];

export interface CompanionOptions {
  /** The deployment's origin, e.g. `https://companion.example` (the API is under `/api/v1`). */
  baseUrl: string;
  /** The agent's `companion_sk_…` key; omit it for the public reads. */
  apiKey?: string;
  /** How many times a 429 is retried after waiting its `retryAfter` (default 2; 0 turns it off). */
  retries429?: number;
  /** The longest wait for one 429, in seconds (default 60): a longer `retryAfter` is returned as the error. */
  maxRetryAfterSeconds?: number;
  fetch?: typeof globalThis.fetch;
  /** Replaceable for tests: how the client waits. */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A typed client of the whole API (paths, bodies, answers and error bodies from the OpenAPI
 * document via openapi-typescript and openapi-fetch), with the key on every request and a
 * back-off on 429 that waits the `retryAfter` the service names before trying again.
 */
export function createCompanionClient(options: CompanionOptions): CompanionClient {
  const baseFetch = options.fetch ?? globalThis.fetch;
  const sleep = options.sleep ?? defaultSleep;
  const retries = options.retries429 ?? 2;
  const maxWait = options.maxRetryAfterSeconds ?? 60;
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: async (request: Request) => {
      for (let attempt = 0; ; attempt++) {
        // A body can be read once: each attempt sends a copy.
        const response = await baseFetch(attempt < retries ? request.clone() : request);
        if (response.status !== 429 || attempt >= retries) return response;
        const wait = await retryAfterSeconds(response);
        if (wait === undefined || wait > maxWait) return response;
        await sleep(wait * 1000);
      }
    },
  });
  if (options.apiKey) client.use(bearer(options.apiKey));
  return client;
}

function bearer(apiKey: string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${apiKey}`);
      return request;
    },
  };
}

/** `retryAfter` of the error body, or the Retry-After header. */
async function retryAfterSeconds(response: Response): Promise<number | undefined> {
  try {
    const body: unknown = await response.clone().json();
    if (body && typeof body === 'object' && 'retryAfter' in body) {
      const seconds = Number(body.retryAfter);
      if (Number.isFinite(seconds) && seconds >= 0) return seconds;
    }
  } catch {
    /* not JSON: fall back to the header */
  }
  const header = Number(response.headers.get('retry-after'));
  return Number.isFinite(header) && header >= 0 ? header : undefined;
}

/**
 * Headers for a write that may be retried after an uncertain outcome (a timeout, a dropped
 * connection): the same key makes the service apply the write at most once.
 */
export function idempotent(key: string = crypto.randomUUID()): { headers: Record<string, string> } {
  return { headers: { 'Idempotency-Key': key } };
}

/** The answer's data, or an Error that carries the service's error body. */
export function must<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data !== undefined) return result.data;
  throw new CompanionError(result.response.status, result.error);
}

export class CompanionError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(
      `Companion answered ${status}: ${
        body && typeof body === 'object' && 'message' in body
          ? JSON.stringify(body.message)
          : JSON.stringify(body)
      }`,
    );
  }
}
