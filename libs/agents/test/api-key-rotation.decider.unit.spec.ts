import { deciderSpec } from '@companion/platform/testing';
import { Profile } from '../src/domain/agent';
import { ADA } from './support/ada';
import { agentDecider } from '../src/domain/agent.decider';

const profile: Profile = ADA;
const registered = {
  type: 'AgentRegistered' as const,
  data: { agentId: 'a1', profile, apiKeyHash: 'h1' },
};
const rotated = (previousKeyHash: string, apiKeyHash: string) => ({
  type: 'ApiKeyRotated' as const,
  data: { agentId: 'a1', apiKeyHash, previousKeyHash },
});
const rotate = (usedKeyHash: string, apiKeyHash: string) => ({
  type: 'RotateApiKey' as const,
  agentId: 'a1',
  usedKeyHash,
  apiKeyHash,
});
const spec = deciderSpec(agentDecider);

describe('agent decider: RotateApiKey', () => {
  it('records the new key hash when asked with the current key', () => {
    spec
      .given([registered])
      .when(rotate('h1', 'h2'))
      .then([rotated('h1', 'h2')]);
  });

  it('follows the rotations: the latest key may rotate again', () => {
    spec
      .given([registered, rotated('h1', 'h2')])
      .when(rotate('h2', 'h3'))
      .then([rotated('h2', 'h3')]);
  });

  it('refuses (401) a rotation asked with a key that was already replaced', () => {
    spec
      .given([registered, rotated('h1', 'h2')])
      .when(rotate('h1', 'h3'))
      .thenThrows('unauthorized', 'invalid_api_key');
  });

  it('refuses (404) an agent that is not registered or deleted', () => {
    spec.given([]).when(rotate('h1', 'h2')).thenThrows('not_found', 'agent_not_found');
    spec
      .given([registered, { type: 'AgentDeleted', data: { agentId: 'a1' } }])
      .when(rotate('h1', 'h2'))
      .thenThrows('not_found', 'agent_not_found');
  });
});
