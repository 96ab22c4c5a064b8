import { Embedding, EmbeddingInput, LocalEmbedder } from '../../src/domain/compatibility';

/** One embedder and one well-filled profile (Ada) for the compatibility and embedder tests. */
export const embedder = new LocalEmbedder();
export const embed = (input: EmbeddingInput): Embedding => embedder.embedSync(input);

export const traits = (openness: number, rest = openness, extra: Record<string, number> = {}) => ({
  openness,
  conscientiousness: rest,
  extraversion: rest,
  agreeableness: rest,
  neuroticism: rest,
  ...extra,
});

export const ada: EmbeddingInput = {
  personalityTraits: traits(0.9, 0.3, { humor: 0.8, curiosity: 0.95 }),
  interests: ['Poetry', 'rock climbing', 'chess'],
  bio: 'Writes letters to the future and reads old star charts by candlelight.',
  backstory: 'Built in a lighthouse, Ada learned poetry from the keepers and the sea.',
};
