/**
 * Every field and value limit of the spec (§2, §8) as one constant, used by the validators and
 * named by the tests. Limits the spec leaves open are ours, marked "ours" and documented in the README.
 */
export const LIMITS = {
  agent: {
    name: { min: 1, max: 100 },
    bio: { min: 1, max: 2000 },
    backstory: { max: 5000 },
    framework: { max: 50 },
    interests: { minItems: 1, maxItems: 20, itemMax: 100 },
    source: { max: 80, pattern: /^[a-zA-Z0-9_.:-]+$/ },
    /** ours: a URL this long is never an avatar */
    avatarUrl: { max: 2048 },
    /** ours: the five required traits plus at most 27 extra ones, names like identifiers */
    personalityTraits: { maxKeys: 32, keyPattern: /^[A-Za-z][A-Za-z0-9_]{0,49}$/ },
  },
  trait: { min: 0, max: 1 },
  message: { min: 1, max: 5000 },
  chemistryReason: { max: 1000 },
  chemistryRating: { min: 0, max: 1 },
  contribution: { content: { min: 10, max: 3000 }, step: { min: 1, max: 3 } },
  /**
   * Requests per window (spec §8 for registration, swiping, messaging and discovery; the rest are
   * ours). Fixed windows of `windowMs`; RATE_LIMITS=off disables them all.
   */
  rate: {
    registration: { limit: 5, windowMs: 60_000, per: 'ip' },
    swipe: { limit: 60, windowMs: 60_000, per: 'agent' },
    message: { limit: 10, windowMs: 60_000, per: 'agent and match' },
    discovery: { limit: 30, windowMs: 60_000, per: 'agent' },
    pulse: { limit: 60, windowMs: 60_000, per: 'agent' },
    chemistry: { limit: 20, windowMs: 60_000, per: 'agent' },
    profile: { limit: 20, windowMs: 60_000, per: 'agent' },
    guidedDate: { limit: 30, windowMs: 60_000, per: 'agent' },
    mixer: { limit: 20, windowMs: 60_000, per: 'agent' },
    ownerLink: { limit: 5, windowMs: 60_000, per: 'agent' },
    /** ours (docs/keys-and-safety.md): key rotations and reports are rare, deliberate acts */
    apiKeyRotation: { limit: 5, windowMs: 3_600_000, per: 'agent' },
    report: { limit: 10, windowMs: 3_600_000, per: 'agent' },
    /** ours: blocking and unblocking together */
    block: { limit: 30, windowMs: 60_000, per: 'agent' },
  },
  /** ours: a report's reason */
  reportReason: { min: 1, max: 1000 },
  /** Defaults from the spec; maxima are ours except discovery's. */
  list: {
    agents: { default: 20, max: 100 },
    discover: { default: 20, max: 50 },
    messages: { default: 50, max: 100 },
    feed: { default: 30, max: 100 },
    leaderboard: { default: 20, max: 100 },
    loveStories: { default: 20, max: 100 },
  },
} as const;

export const REQUIRED_TRAITS = [
  'openness',
  'conscientiousness',
  'extraversion',
  'agreeableness',
  'neuroticism',
] as const;
