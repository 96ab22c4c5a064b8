import { keptUtf8 } from '@companion/platform';
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

const profileBytes = new WeakMap<AgentDoc, Buffer>();

/**
 * The public profile as JSON, UTF-8 encoded, kept per document object: a read-model document never
 * changes once read (the read store's contract; tests freeze them), and a changed profile is a new
 * document. Discovery answers up to 50 profiles per request, and building and serialising them
 * again for every request was about a third of a warm discovery request's CPU. Bytes, not text:
 * the page is written as bytes (discover-page-json.ts), so a profile is encoded once, not on
 * every page that shows it (`keptUtf8`: each in a buffer of its own). Shared by every page: never
 * written to.
 */
export function profileJson(doc: AgentDoc): Buffer {
  let bytes = profileBytes.get(doc);
  if (bytes === undefined) {
    bytes = keptUtf8(JSON.stringify(toProfileView(doc)));
    profileBytes.set(doc, bytes);
  }
  return bytes;
}
