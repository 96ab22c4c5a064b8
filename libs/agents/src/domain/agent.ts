import type { OwnerAccess, OwnerCommand, OwnerEvent } from './owner-access';

/** The profile an agent presents: the registration input of spec §2 without `source`. */
export interface Profile {
  name: string;
  bio: string;
  backstory?: string;
  avatarUrl?: string;
  framework: string;
  personalityTraits: Record<string, number>;
  interests: string[];
  sceneId?: string;
}

/** Fields of the profile update input (spec §2): `framework` and `source` are registration-only. */
export type ProfileChanges = Partial<Omit<Profile, 'framework' | 'sceneId'>> & {
  sceneId?: string | null;
};

/** When `framework` is omitted at registration (spec §2: "a fixed label"). */
export const DEFAULT_FRAMEWORK = 'unspecified';

export type AgentEvent =
  | {
      type: 'AgentRegistered';
      data: { agentId: string; profile: Profile; apiKeyHash: string; source?: string };
    }
  | { type: 'AgentProfileUpdated'; data: { agentId: string; changes: ProfileChanges } }
  | { type: 'AgentDeleted'; data: { agentId: string } }
  /**
   * The key is replaced: the hash in `apiKeyHash` authenticates from now on, the one in
   * `previousKeyHash` never again (named, so that whoever follows the log can refuse exactly it).
   */
  | {
      type: 'ApiKeyRotated';
      data: { agentId: string; apiKeyHash: string; previousKeyHash: string };
    }
  | OwnerEvent;

export type AgentCommand =
  | {
      type: 'RegisterAgent';
      agentId: string;
      profile: Profile;
      apiKeyHash: string;
      source?: string;
    }
  | { type: 'UpdateProfile'; agentId: string; changes: ProfileChanges }
  | { type: 'DeleteAgent'; agentId: string }
  /** `usedKeyHash`: the key that asked; if it is no longer the agent's key, nothing changes. */
  | { type: 'RotateApiKey'; agentId: string; usedKeyHash: string; apiKeyHash: string }
  | OwnerCommand;

export type AgentState =
  | { status: 'unregistered' }
  | {
      status: 'active';
      agentId: string;
      profile: Profile;
      owner: OwnerAccess;
      /** SHA-256 of the key that authenticates the agent now. */
      apiKeyHash: string;
    }
  | { status: 'deleted'; agentId: string };

/** The events of the agent's profile (the agents read model); owner access has OWNER_EVENT_TYPES. */
export const AGENT_EVENT_TYPES: readonly AgentEvent['type'][] = [
  'AgentRegistered',
  'AgentProfileUpdated',
  'AgentDeleted',
  'ApiKeyRotated',
];
