import { streamName } from '@companion/event-store';
import { derivedId } from '@companion/platform';
import { pairKey } from '../domain/pair';

/** The pair stream owns swipes and blocks between two agents, whichever order they are named in. */
export const pairStream = (a: string, b: string) => {
  const [x, y] = pairKey(a, b);
  return streamName('pair', `${x}-${y}`);
};
export const matchStream = (matchId: string) => streamName('match', matchId);
export const storyIdOf = (matchId: string) => derivedId('loveStory', matchId);
