import { RequestMethod } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { IDEMPOTENCY_KEY_MAX, IdempotencyInterceptor } from '@companion/platform';
import { client, register, RunningApp, startApp } from './support/app';

type Json = Record<string, any>;

/**
 * The idempotency interceptor is attached to the writes by `@AgentWrite()`, not globally (a global
 * interceptor makes every GET pay Nest's interceptor chain). These tests fail if a write the
 * OpenAPI document says takes an Idempotency-Key does not honour it, and if a GET enters an
 * interceptor chain.
 */
describe('Idempotency-Key on every documented write, and no interceptor on the reads', () => {
  let running: RunningApp;
  let doc: Json;

  beforeAll(async () => {
    running = await startApp();
    doc = (await (await fetch(`${running.baseUrl}/api/v1/openapi.json`)).json()) as Json;
  });
  afterAll(() => running.close());

  it('every operation documenting the header refuses a malformed Idempotency-Key before any work', async () => {
    const agent = await register(client(running.baseUrl));
    const checked: string[] = [];
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) {
        if (!op.parameters?.some((p: Json) => p.in === 'header' && p.name === 'Idempotency-Key'))
          continue;
        const url = `${running.baseUrl}${path.replace(/\{[^}]+\}/g, 'x1')}`;
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
    }
    // The swipe, a message, the profile's writes and the guided dates at least.
    expect(checked).toEqual(
      expect.arrayContaining(['swipe', 'sendMessage', 'updateMe', 'deleteMe', 'contribute']),
    );
  });

  it('an authenticated write documented without the header ignores it (no interceptor claims it)', async () => {
    const exempt = Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
      Object.entries<Json>(item)
        .filter(
          ([method, op]) =>
            ['post', 'patch', 'delete'].includes(method) &&
            op.security?.length &&
            !op.parameters?.some((p: Json) => p.name === 'Idempotency-Key'),
        )
        .map(([method, op]) => ({ path, method, op })),
    );
    // Both answer with a secret stored only as a hash (docs/idempotency.md, "Not covered").
    expect(exempt.map((e) => e.op.operationId)).toEqual(
      expect.arrayContaining(['createOwnerLink', 'rotateApiKey']),
    );
    for (const { path, method, op } of exempt) {
      // An agent of its own: the rotation revokes the key it is sent with.
      const agent = await register(client(running.baseUrl));
      const res = await fetch(`${running.baseUrl}${path.replace(/\{[^}]+\}/g, 'x1')}`, {
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

  it('no GET route enters an interceptor chain but the owner pages (their own headers)', () => {
    const modules = running.app.get(ModulesContainer);
    const reads: string[] = [];
    let writesWithIt = 0;
    for (const module of modules.values()) {
      for (const wrapper of module.controllers.values()) {
        const type = wrapper.metatype as (new (...args: never[]) => unknown) | null;
        if (!type) continue;
        const classInterceptors: unknown[] = Reflect.getMetadata(INTERCEPTORS_METADATA, type) ?? [];
        for (const name of Object.getOwnPropertyNames(type.prototype)) {
          const handler = (type.prototype as Json)[name];
          const method: RequestMethod | undefined =
            typeof handler === 'function'
              ? Reflect.getMetadata(METHOD_METADATA, handler)
              : undefined;
          if (method === undefined) continue;
          const interceptors = [
            ...classInterceptors,
            ...((Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[]) ?? []),
          ];
          if (method === RequestMethod.GET && interceptors.length)
            reads.push(`${type.name}.${name}`);
          if (interceptors.includes(IdempotencyInterceptor)) writesWithIt++;
        }
      }
    }
    expect(reads.sort()).toEqual(['OwnerDashboardController.view', 'OwnerPageController.page']);
    expect(writesWithIt).toBeGreaterThan(10);
  });
});
