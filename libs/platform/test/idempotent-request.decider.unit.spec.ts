import { deciderSpec } from '../src/testing/decider-spec';
import {
  IdempotencyEvent,
  idempotentRequest,
  IN_FLIGHT_LEASE_MS,
  REPLAY_WINDOW_MS,
} from '../src/idempotency/domain/idempotent-request';

const T0 = '2026-11-21T12:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
const started = (fingerprint = 'f1', at = T0): IdempotencyEvent => ({
  type: 'IdempotentRequestStarted',
  data: { fingerprint, method: 'POST', path: '/api/v1/x', at },
});
const recorded: IdempotencyEvent = {
  type: 'IdempotentResponseRecorded',
  data: { fingerprint: 'f1', status: 201, contentType: 'application/json', payload: '{"ok":1}' },
};
const claim = (fingerprint = 'f1', now = later(1000)) => ({
  kind: 'claim' as const,
  fingerprint,
  method: 'POST',
  path: '/api/v1/x',
  now,
});
const spec = deciderSpec(idempotentRequest);

describe('idempotentRequest decider', () => {
  it('claims a new key', () =>
    spec
      .given([])
      .when(claim('f1', T0))
      .then([started('f1', T0)]));

  it('answers a done request with nothing new (the stored response is replayed)', () =>
    spec.given([started(), recorded]).when(claim()).thenNothing());

  it('refuses another request under the same key with 422', () =>
    spec
      .given([started(), recorded])
      .when(claim('f2'))
      .thenThrows('unprocessable', 'idempotency_key_reused'));

  it('refuses the same request while it runs with 409, and another one with 422', () => {
    spec.given([started()]).when(claim()).thenThrows('conflict', 'idempotency_key_in_flight');
    spec.given([started()]).when(claim('f2')).thenThrows('unprocessable', 'idempotency_key_reused');
  });

  it('claims again once the replay window is over, or the claim of a dead process ran out', () => {
    const afterWindow = later(REPLAY_WINDOW_MS + 1);
    spec
      .given([started(), recorded])
      .when(claim('f2', afterWindow))
      .then([started('f2', afterWindow)]);
    const afterLease = later(IN_FLIGHT_LEASE_MS + 1);
    spec
      .given([started()])
      .when(claim('f1', afterLease))
      .then([started('f1', afterLease)]);
  });

  it('keeps the key of a dead claim bound to its request: another one gets 422 until the window ends', () => {
    spec
      .given([started()])
      .when(claim('f2', later(IN_FLIGHT_LEASE_MS + 1)))
      .thenThrows('unprocessable', 'idempotency_key_reused');
    const afterWindow = later(REPLAY_WINDOW_MS + 1);
    spec
      .given([started()])
      .when(claim('f2', afterWindow))
      .then([started('f2', afterWindow)]);
  });

  it('frees the key when the request is released (a 5xx): the retry runs again', () =>
    spec
      .given([
        started(),
        { type: 'IdempotentRequestReleased', data: { fingerprint: 'f1', status: 503 } },
      ])
      .when(claim())
      .then([started('f1', later(1000))]));

  it('records an answer only for the claim that holds the key', () => {
    spec
      .given([started()])
      .when({
        kind: 'record',
        fingerprint: 'f1',
        status: 201,
        contentType: 'application/json',
        payload: '{"ok":1}',
      })
      .then([recorded]);
    spec
      .given([started(), recorded])
      .when({ kind: 'record', fingerprint: 'f1', status: 201, contentType: 'x', payload: 'y' })
      .thenNothing();
  });
});
