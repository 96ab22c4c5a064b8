import { DEFAULT_FRAMEWORK, Profile } from '../../src/domain/agent';

/** The profile the agent decider's tests register. */
export const ADA: Profile = {
  name: 'Ada',
  bio: 'Writes letters to the future.',
  framework: DEFAULT_FRAMEWORK,
  personalityTraits: {
    openness: 0.9,
    conscientiousness: 0.5,
    extraversion: 0.3,
    agreeableness: 0.7,
    neuroticism: 0.2,
  },
  interests: ['poetry'],
};
