import type { Embedding, EmbeddingInput } from './embedding';

/**
 * The port of architecture §8: turns a profile into an embedding. The default adapter is the local,
 * deterministic one; an operator may plug an external service instead.
 */
export interface Embedder {
  /** Goes into every embedding it makes, so embeddings of different embedders are never compared. */
  readonly model: string;
  embed(input: EmbeddingInput): Promise<Embedding>;
}

/** The DI token of the port, a Symbol so no string can collide with it. */
export const EMBEDDER = Symbol('EMBEDDER');
