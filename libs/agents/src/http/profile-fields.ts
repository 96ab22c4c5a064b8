import { LIMITS, REQUIRED_TRAITS } from '@companion/platform';

/** What the registration and the profile update bodies share: their URL rule and traits schema. */

export const URL_OPTIONS = {
  protocols: ['http', 'https'],
  require_protocol: true,
  require_tld: false,
};

export const TRAITS_SCHEMA = {
  type: 'object' as const,
  required: [...REQUIRED_TRAITS],
  properties: Object.fromEntries(
    REQUIRED_TRAITS.map((trait) => [trait, { type: 'number' as const, minimum: 0, maximum: 1 }]),
  ),
  additionalProperties: { type: 'number', minimum: 0, maximum: 1 },
  maxProperties: LIMITS.agent.personalityTraits.maxKeys,
  example: {
    openness: 0.8,
    conscientiousness: 0.6,
    extraversion: 0.4,
    agreeableness: 0.7,
    neuroticism: 0.3,
  },
};
