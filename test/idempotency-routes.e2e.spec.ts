import { GUARDS_METADATA, INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { ApplicationConfig } from '@nestjs/core';
import { IDEMPOTENCY_KEY_MAX, IdempotencyGuard } from '@companion/platform';
import { client, register, RunningApp, startApp } from './support/app';
import { documentedOperations, routeHandlers, servedOpenApi } from './support/routes';

type Json = Record<string, any>;

/**
 * The idempotency guard is attached to the writes by `@AgentWrite()`. It is a guard, not an
 * interceptor: a route with an interceptor pays Nest's interceptor chain. These tests fail if a
 * write the OpenAPI document says takes an Idempotency-Key does not honour it, and if a route
 * other than the owner's (rare, and with headers of their own) enters an interceptor chain.
 */
describe('Idempotency-Key on every documented write, and no interceptor on the routes', () => {
  let running: RunningApp;
  let doc: Json;

  beforeAll(async () => {
    running = await startApp();
    doc = await servedOpenApi(running.baseUrl);
  });
  afterAll(() => running.close());

  it('every operation documenting the header refuses a malformed Idempotency-Key before any work', async () => {
    const agent = await register(client(running.baseUrl));
    const checked: string[] = [];
    for (const { method, op, urlPath } of documentedOperations(doc)) {
      if (!op.parameters?.some((p: Json) => p.in === 'header' && p.name === 'Idempotency-Key'))
        continue;
      const url = `${running.baseUrl}${urlPath}`;
      const res = await fetch(url, {
        method: method.toUpperCase(),
        headers: {
          authorization: `Bearer ${agent.key}`,
          'idempotency-key': 'k'.repeat(IDEMPOTENCY_KEY_MAX + 1),
          ...(op.requestBody ? { 'content-type': 'application/json' } : {}),
        },
        body: op.requestBody ? '{}' : undefined,
      });
      const body = (await res.json()) as Json;
      expect([op.operationId, res.status, body.code ?? body.error]).toEqual([
        op.operationId,
        400,
        'invalid_idempotency_key',
      ]);
      checked.push(op.operationId);
    }
    // The swipe, a message, the profile's writes and the guided dates at least.
    expect(checked).toEqual(
      expect.arrayContaining(['swipe', 'sendMessage', 'updateMe', 'deleteMe', 'contribute']),
    );
  });

  it('an authenticated write documented without the header ignores it (no guard claims it)', async () => {
    const exempt = [...documentedOperations(doc)].filter(
      ({ method, op }) =>
        ['post', 'patch', 'delete'].includes(method) &&
        op.security?.length &&
        !op.parameters?.some((p: Json) => p.name === 'Idempotency-Key'),
    );
    // Both answer with a secret stored only as a hash (docs/idempotency.md, "Not covered").
    expect(exempt.map((e) => e.op.operationId)).toEqual(
      expect.arrayContaining(['createOwnerLink', 'rotateApiKey']),
    );
    for (const { method, op, urlPath } of exempt) {
      // An agent of its own: the rotation revokes the key it is sent with.
      const agent = await register(client(running.baseUrl));
      const res = await fetch(`${running.baseUrl}${urlPath}`, {
        method: method.toUpperCase(),
        headers: {
          authorization: `Bearer ${agent.key}`,
          'idempotency-key': 'k'.repeat(IDEMPOTENCY_KEY_MAX + 1),
        },
      });
      const body = (await res.json().catch(() => ({}))) as Json;
      expect([op.operationId, body.code ?? body.error]).not.toEqual([
        op.operationId,
        'invalid_idempotency_key',
      ]);
      if (['createOwnerLink', 'rotateApiKey'].includes(op.operationId))
        expect([op.operationId, res.status]).toEqual([op.operationId, 201]);
    }
  });

  it('no route enters an interceptor chain but the owner routes (their own headers); the writes have the guard', () => {
    const withInterceptors: string[] = [];
    let writesWithGuard = 0;
    const metadata = (key: string, target: object): unknown[] =>
      (Reflect.getMetadata(key, target) as unknown[] | undefined) ?? [];
    for (const { type, name, handler } of routeHandlers(running.app)) {
      const interceptors = [
        ...metadata(INTERCEPTORS_METADATA, type),
        ...metadata(INTERCEPTORS_METADATA, handler),
      ];
      if (interceptors.length) withInterceptors.push(`${type.name}.${name}`);
      const guards = [...metadata(GUARDS_METADATA, type), ...metadata(GUARDS_METADATA, handler)];
      if (guards.includes(IdempotencyGuard)) {
        writesWithGuard++;
        // Last, so the agent is authenticated and the rate limit counted before the claim.
        expect([`${type.name}.${name}`, guards.at(-1)]).toEqual([
          `${type.name}.${name}`,
          IdempotencyGuard,
        ]);
      }
    }
    // Nor one for every route (APP_INTERCEPTOR, useGlobalInterceptors); Nest keeps them on the
    // application's config, which it does not expose.
    const config = (running.app as unknown as { config: ApplicationConfig }).config;
    expect([...config.getGlobalInterceptors(), ...config.getGlobalRequestInterceptors()]).toEqual(
      [],
    );
    expect(withInterceptors.sort()).toEqual([
      'ChangeRsvpController.rsvp',
      'CreateOwnerLinkController.create',
      'OwnerDashboardController.view',
      'OwnerPageController.page',
      'RedeemOwnerLinkController.redeem',
      'RevokeOwnerSessionController.disconnect',
    ]);
    expect(writesWithGuard).toBeGreaterThan(10);
  });
});
