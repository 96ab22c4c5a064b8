import type { AgentDoc } from '../projections/agents.projection';

/** The public profile (GET /agents/{id}, /agents, /agents/me). */
export interface AgentProfileView {
  id: string;
  name: string;
  bio: string;
  backstory: string | null;
  avatarUrl: string | null;
  framework: string;
  personalityTraits: Record<string, number>;
  interests: string[];
  sceneId: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toProfileView(doc: AgentDoc): AgentProfileView {
  const p = doc.profile;
  return {
    id: doc._id,
    name: p.name,
    bio: p.bio,
    backstory: p.backstory ?? null,
    avatarUrl: p.avatarUrl ?? null,
    framework: p.framework,
    personalityTraits: p.personalityTraits,
    interests: p.interests,
    sceneId: p.sceneId ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
