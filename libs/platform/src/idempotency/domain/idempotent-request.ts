import { conflict, Decider, DomainEvent, unprocessable } from '../../domain';

/**
 * One agent's use of one Idempotency-Key, as a stream (`idempotency-…`): the request that claimed
 * it, then the response it got (replayed to a retry) or its release (a 5xx: the retry runs again).
 * Pure: the time comes in the command.
 */

/** How long a response is replayed for the same key (the IETF httpapi draft suggests 24 hours). */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claim holds while its request runs. A request takes seconds at most; a claim older
 * than this belongs to a process that died mid-request, and the same request sent again with the
 * key takes over (another request with the key still gets 422: the dead one may have written).
 */
export const IN_FLIGHT_LEASE_MS = 60 * 1000;

export interface StoredResponse {
  status: number;
  contentType: string;
  /** The body exactly as sent. */
  payload: string;
}

export type IdempotencyEvent =
  | DomainEvent<
      'IdempotentRequestStarted',
      { fingerprint: string; method: string; path: string; at: string }
    >
  | DomainEvent<'IdempotentResponseRecorded', StoredResponse & { fingerprint: string }>
  | DomainEvent<'IdempotentRequestReleased', { fingerprint: string; status: number | null }>;

/**
 * Which request the key is bound to, since when. The claims of one request (its first, a retry
 * after a release, a takeover after a dead claim) share `boundAt`, and so share the command ids
 * derived from it: a retry finds what an earlier attempt wrote. A request sent again after the
 * replay window is a new one, with a new `boundAt` and new ids, and is not taken for the old one.
 */
export interface Binding {
  fingerprint: string;
  boundAt: string;
}

export type IdempotencyState =
  | { phase: 'free'; released?: Binding }
  | ({ phase: 'in_flight'; startedAt: string } & Binding)
  | ({ phase: 'done'; startedAt: string; response: StoredResponse } & Binding);

export type IdempotencyCommand =
  | { kind: 'claim'; fingerprint: string; method: string; path: string; now: string }
  | ({ kind: 'record'; fingerprint: string } & StoredResponse)
  | { kind: 'release'; fingerprint: string; status: number | null };

const age = (since: string, now: string) => Date.parse(now) - Date.parse(since);

export const idempotentRequest: Decider<IdempotencyState, IdempotencyCommand, IdempotencyEvent> = {
  initialState: () => ({ phase: 'free' }),

  evolve: (state, event) => {
    switch (event.type) {
      case 'IdempotentRequestStarted': {
        const previous = state.phase === 'free' ? state.released : state;
        const same =
          previous?.fingerprint === event.data.fingerprint &&
          age(previous.boundAt, event.data.at) <= REPLAY_WINDOW_MS;
        return {
          phase: 'in_flight',
          fingerprint: event.data.fingerprint,
          startedAt: event.data.at,
          boundAt: same ? previous.boundAt : event.data.at,
        };
      }
      case 'IdempotentResponseRecorded':
        if (state.phase !== 'in_flight') return state;
        return {
          phase: 'done',
          fingerprint: state.fingerprint,
          startedAt: state.startedAt,
          boundAt: state.boundAt,
          response: {
            status: event.data.status,
            contentType: event.data.contentType,
            payload: event.data.payload,
          },
        };
      case 'IdempotentRequestReleased':
        if (state.phase !== 'in_flight') return state;
        return {
          phase: 'free',
          released: { fingerprint: state.fingerprint, boundAt: state.boundAt },
        };
      default:
        return state;
    }
  },

  decide: (command, state) => {
    switch (command.kind) {
      case 'claim': {
        const started: IdempotencyEvent = {
          type: 'IdempotentRequestStarted',
          data: {
            fingerprint: command.fingerprint,
            method: command.method,
            path: command.path,
            at: command.now,
          },
        };
        if (state.phase === 'free') return [started];
        if (age(state.startedAt, command.now) > REPLAY_WINDOW_MS) return [started];
        // Checked before the lease: a claim whose process died may still have written, under ids
        // derived from this key, so the key stays bound to that request for the whole window.
        if (state.fingerprint !== command.fingerprint)
          throw unprocessable(
            'idempotency_key_reused',
            'this Idempotency-Key was used for another request (method, path or body): use a new key for a new request',
          );
        if (state.phase === 'in_flight' && age(state.startedAt, command.now) > IN_FLIGHT_LEASE_MS)
          return [started];
        if (state.phase === 'in_flight')
          throw conflict(
            'idempotency_key_in_flight',
            'a request with this Idempotency-Key is still being processed: retry once it has answered',
          );
        return []; // done: the stored response is the answer
      }
      case 'record':
        if (state.phase !== 'in_flight' || state.fingerprint !== command.fingerprint) return [];
        return [
          {
            type: 'IdempotentResponseRecorded',
            data: {
              fingerprint: command.fingerprint,
              status: command.status,
              contentType: command.contentType,
              payload: command.payload,
            },
          },
        ];
      case 'release':
        if (state.phase !== 'in_flight' || state.fingerprint !== command.fingerprint) return [];
        return [
          {
            type: 'IdempotentRequestReleased',
            data: { fingerprint: command.fingerprint, status: command.status },
          },
        ];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
