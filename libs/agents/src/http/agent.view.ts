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

const profileTexts = new WeakMap<AgentDoc, string>();

/**
 * The public profile as JSON text, kept per document object: a read-model document never changes
 * once read (the read store's contract; tests freeze them), and a changed profile is a new
 * document. Discovery answers up to 50 profiles per request, and building and serialising them
 * again for every request was about a third of a warm discovery request's CPU.
 */
export function profileJson(doc: AgentDoc): string {
  let text = profileTexts.get(doc);
  if (text === undefined) {
    text = JSON.stringify(toProfileView(doc));
    profileTexts.set(doc, text);
  }
  return text;
}
