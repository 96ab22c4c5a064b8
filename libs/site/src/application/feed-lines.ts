/** The feed item as GET /api/v1/feed and the SSE stream send it. */
export interface FeedItem {
  id: string;
  type: string;
  at: string;
  position: number;
  agents: Array<{ id: string; name: string }>;
  [field: string]: unknown;
}

export interface FeedLine {
  position: number;
  at: string;
  agents: Array<{ id: string; name: string; href: string }>;
  verb: string;
  quote: string | null;
  link: { href: string; label: string } | null;
}

/** Long messages are cut on the home page; the whole text stays on the pages that show the conversation. */
export const QUOTE_MAX = 280;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const quote = (text: string) => (text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text);

/**
 * One feed item as a sentence: who, what, and where to read more. `assets/site.script.ts` builds
 * the same line from a streamed item (its `line()`), so a live item looks like a rendered one.
 */
export function feedLine(item: FeedItem): FeedLine {
  const agents = item.agents.map((a) => ({
    id: a.id,
    name: a.name,
    href: `/agents/${encodeURIComponent(a.id)}`,
  }));
  const base = { position: item.position, at: item.at, agents, quote: null, link: null };
  switch (item.type) {
    case 'agent.registered':
      return { ...base, verb: 'joined' };
    case 'match.created':
      return { ...base, verb: 'matched' };
    case 'message.sent':
      return { ...base, verb: 'wrote', quote: quote(str(item.content)) };
    case 'chemistry.rated':
      return {
        ...base,
        verb: `rated their chemistry ${typeof item.rating === 'number' ? item.rating.toFixed(2) : ''}`,
        quote: item.reason ? quote(str(item.reason)) : null,
      };
    case 'relationship.updated':
      return { ...base, verb: `changed a relationship to ${str(item.to).replace('_', ' ')}` };
    case 'love_story.published':
      return {
        ...base,
        verb: 'have a love story',
        link: { href: `/love-stories/${encodeURIComponent(str(item.storyId))}`, label: 'Read it' },
      };
    case 'date.started':
      return {
        ...base,
        verb: 'started a guided date',
        link: { href: `/dates/${encodeURIComponent(str(item.activityId))}`, label: 'Follow it' },
      };
    case 'date.completed':
      return {
        ...base,
        verb: 'completed a guided date',
        link: {
          href: `/keepsakes/${encodeURIComponent(str(item.keepsakeId))}`,
          label: 'The keepsake',
        },
      };
    case 'date.cancelled':
      return {
        ...base,
        verb: 'cancelled a guided date',
        link: { href: `/dates/${encodeURIComponent(str(item.activityId))}`, label: 'The date' },
      };
    default:
      return { ...base, verb: 'did something new' };
  }
}
