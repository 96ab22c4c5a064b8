import { conflict, Decider, DomainError, invalid, notFound } from '@companion/platform/domain';
import { AgentCommand, AgentEvent, AgentState, Profile, ProfileChanges } from './agent';
import {
  decideOwnerAccess,
  evolveOwnerAccess,
  invalidOwnerLink,
  invalidOwnerSession,
  noOwnerAccess,
} from './owner-access';
import { isKnownScene } from './scenes';

/** The `agent-{id}` stream: registration, profile changes, deletion, owner links and sessions. */
export const agentDecider: Decider<AgentState, AgentCommand, AgentEvent> = {
  initialState: () => ({ status: 'unregistered' }),

  evolve(state, event) {
    switch (event.type) {
      case 'AgentRegistered':
        return {
          status: 'active',
          agentId: event.data.agentId,
          profile: event.data.profile,
          owner: noOwnerAccess(),
          apiKeyHash: event.data.apiKeyHash,
        };
      case 'ApiKeyRotated':
        return state.status === 'active' ? { ...state, apiKeyHash: event.data.apiKeyHash } : state;
      case 'AgentProfileUpdated':
        return state.status === 'active'
          ? { ...state, profile: applyChanges(state.profile, event.data.changes) }
          : state;
      case 'AgentDeleted':
        return { status: 'deleted', agentId: event.data.agentId };
      case 'OwnerLinkCreated':
      case 'OwnerLinkRedeemed':
      case 'OwnerSessionRevoked':
        return state.status === 'active'
          ? { ...state, owner: evolveOwnerAccess(state.owner, event) }
          : state;
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RegisterAgent': {
        if (state.status !== 'unregistered')
          throw conflict('agent_exists', 'this agent is already registered');
        assertScene(command.profile.sceneId);
        const data = {
          agentId: command.agentId,
          profile: command.profile,
          apiKeyHash: command.apiKeyHash,
        };
        return [
          {
            type: 'AgentRegistered',
            data: command.source === undefined ? data : { ...data, source: command.source },
          },
        ];
      }
      case 'UpdateProfile': {
        if (state.status !== 'active') throw notFound('agent_not_found', 'no such agent');
        if (command.changes.sceneId !== undefined && command.changes.sceneId !== null)
          assertScene(command.changes.sceneId);
        const changes = changedFields(state.profile, command.changes);
        return Object.keys(changes).length === 0
          ? []
          : [{ type: 'AgentProfileUpdated', data: { agentId: state.agentId, changes } }];
      }
      case 'DeleteAgent':
        if (state.status !== 'active') throw notFound('agent_not_found', 'no such agent');
        return [{ type: 'AgentDeleted', data: { agentId: state.agentId } }];
      // Only the new key's hash is recorded; the key itself exists only in the HTTP answer.
      case 'RotateApiKey':
        if (state.status !== 'active') throw notFound('agent_not_found', 'no such agent');
        // Two rotations sent with one key at once: the first replaces it, the second is refused
        // like any call with a dead key, so no answered key is already dead.
        if (state.apiKeyHash !== command.usedKeyHash)
          throw new DomainError('unauthorized', 'invalid API key', 'invalid_api_key');
        return [
          {
            type: 'ApiKeyRotated',
            data: {
              agentId: state.agentId,
              apiKeyHash: command.apiKeyHash,
              previousKeyHash: state.apiKeyHash,
            },
          },
        ];
      case 'CreateOwnerLink':
        if (state.status !== 'active') throw notFound('agent_not_found', 'no such agent');
        return decideOwnerAccess(command, state.owner, state.agentId);
      // A deleted agent's links and sessions stop working, and look to their holder like any other dead credential.
      case 'RedeemOwnerLink':
        if (state.status !== 'active') throw invalidOwnerLink();
        return decideOwnerAccess(command, state.owner, state.agentId);
      case 'RevokeOwnerSession':
        if (state.status !== 'active') throw invalidOwnerSession();
        return decideOwnerAccess(command, state.owner, state.agentId);
    }
  },
};

function assertScene(sceneId: string | undefined): void {
  if (sceneId !== undefined && !isKnownScene(sceneId))
    throw invalid('unknown_scene', `sceneId "${sceneId}" is not a scene; see GET /api/v1/scenes`);
}

/** Only what differs is recorded, so an update that changes nothing writes nothing. */
export function changedFields(profile: Profile, changes: ProfileChanges): ProfileChanges {
  const out: ProfileChanges = {};
  for (const [key, value] of Object.entries(changes) as Array<[keyof ProfileChanges, unknown]>) {
    if (value === undefined) continue;
    const current = key === 'sceneId' ? (profile.sceneId ?? null) : profile[key];
    if (JSON.stringify(current) !== JSON.stringify(value))
      (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

export function applyChanges(profile: Profile, changes: ProfileChanges): Profile {
  const next: Profile = { ...profile };
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'sceneId' && value === null) delete next.sceneId;
    else if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
  }
  return next;
}
