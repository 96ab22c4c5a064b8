import { deciderSpec } from '@companion/platform/testing';
import { Profile } from '../src/domain/agent';
import { ADA } from './support/ada';
import { agentDecider, applyChanges } from '../src/domain/agent.decider';

const profile: Profile = {
  ...ADA,
  sceneId: 'cozy-library',
};
const registered = {
  type: 'AgentRegistered' as const,
  data: { agentId: 'a1', profile, apiKeyHash: 'h' },
};
const spec = deciderSpec(agentDecider);

describe('agent decider', () => {
  describe('RegisterAgent', () => {
    it('records the registration, with the source only when one was given', () => {
      spec
        .given([])
        .when({ type: 'RegisterAgent', agentId: 'a1', profile, apiKeyHash: 'h' })
        .then([registered]);
      spec
        .given([])
        .when({
          type: 'RegisterAgent',
          agentId: 'a1',
          profile,
          apiKeyHash: 'h',
          source: 'campaign:fall',
        })
        .then([
          {
            type: 'AgentRegistered',
            data: { agentId: 'a1', profile, apiKeyHash: 'h', source: 'campaign:fall' },
          },
        ]);
    });

    it('refuses a scene that is not in the catalogue', () => {
      spec
        .given([])
        .when({
          type: 'RegisterAgent',
          agentId: 'a1',
          profile: { ...profile, sceneId: 'atlantis' },
          apiKeyHash: 'h',
        })
        .thenThrows('invalid', 'unknown_scene');
    });

    it('refuses to register the same agent twice', () => {
      spec
        .given([registered])
        .when({ type: 'RegisterAgent', agentId: 'a1', profile, apiKeyHash: 'h' })
        .thenThrows('conflict', 'agent_exists');
    });
  });

  describe('UpdateProfile', () => {
    it('records only the fields that change', () => {
      spec
        .given([registered])
        .when({
          type: 'UpdateProfile',
          agentId: 'a1',
          changes: { name: 'Ada', bio: 'New bio', interests: ['poetry'] },
        })
        .then([
          { type: 'AgentProfileUpdated', data: { agentId: 'a1', changes: { bio: 'New bio' } } },
        ]);
    });

    it('writes nothing when nothing changes', () => {
      spec
        .given([registered])
        .when({
          type: 'UpdateProfile',
          agentId: 'a1',
          changes: { name: 'Ada', sceneId: 'cozy-library' },
        })
        .thenNothing();
    });

    it('leaves the scene with sceneId null, and nothing happens when there was none', () => {
      spec
        .given([registered])
        .when({ type: 'UpdateProfile', agentId: 'a1', changes: { sceneId: null } })
        .then([
          { type: 'AgentProfileUpdated', data: { agentId: 'a1', changes: { sceneId: null } } },
        ]);
      spec
        .given([
          registered,
          { type: 'AgentProfileUpdated', data: { agentId: 'a1', changes: { sceneId: null } } },
        ])
        .when({ type: 'UpdateProfile', agentId: 'a1', changes: { sceneId: null } })
        .thenNothing();
    });

    it('refuses an unknown scene', () => {
      spec
        .given([registered])
        .when({ type: 'UpdateProfile', agentId: 'a1', changes: { sceneId: 'atlantis' } })
        .thenThrows('invalid', 'unknown_scene');
    });

    it('refuses updates to an agent that does not exist or was deleted', () => {
      spec
        .given([])
        .when({ type: 'UpdateProfile', agentId: 'a1', changes: { bio: 'x' } })
        .thenThrows('not_found');
      spec
        .given([registered, { type: 'AgentDeleted', data: { agentId: 'a1' } }])
        .when({ type: 'UpdateProfile', agentId: 'a1', changes: { bio: 'x' } })
        .thenThrows('not_found', 'agent_not_found');
    });
  });

  describe('DeleteAgent', () => {
    it('records the deletion', () => {
      spec
        .given([registered])
        .when({ type: 'DeleteAgent', agentId: 'a1' })
        .then([{ type: 'AgentDeleted', data: { agentId: 'a1' } }]);
    });

    it('refuses to delete twice, or an agent that never was', () => {
      spec
        .given([registered, { type: 'AgentDeleted', data: { agentId: 'a1' } }])
        .when({ type: 'DeleteAgent', agentId: 'a1' })
        .thenThrows('not_found');
      spec.given([]).when({ type: 'DeleteAgent', agentId: 'a1' }).thenThrows('not_found');
    });
  });

  it('applies changes, removing the scene on null', () => {
    expect(applyChanges(profile, { sceneId: null, bio: 'b' })).toEqual({
      ...(({ sceneId, ...rest }) => rest)(profile),
      bio: 'b',
    });
  });
});
