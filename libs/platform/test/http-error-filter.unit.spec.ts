import { ArgumentsHost, BadRequestException, Logger } from '@nestjs/common';
import { HttpErrorFilter } from '../src/errors/http-exception.filter';
import { IdempotentReplay } from '../src/idempotency/idempotency.guard';

/** A 5xx's log line names its request: no async context carries the id to Nest's lines. */
describe('HttpErrorFilter: the log line of a 5xx, and a replay', () => {
  const answered = (exception: unknown) => {
    const sent: { status?: number; body?: unknown; headers: Record<string, string> } = {
      headers: {},
    };
    const reply = {
      status: (code: number) => ((sent.status = code), reply),
      code: (code: number) => ((sent.status = code), reply),
      header: (name: string, value: string) => ((sent.headers[name] = value), reply),
      send: (body: unknown) => ((sent.body = body), reply),
    };
    const request = { id: 'req-7', url: '/api/v1/swipe', headers: {} };
    const host = {
      switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }),
    } as unknown as ArgumentsHost;
    new HttpErrorFilter().catch(exception, host);
    return sent;
  };
  let error: jest.SpyInstance;
  beforeEach(() => {
    error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => error.mockRestore());

  it('logs an unexpected error with the request id and its stack, and answers 500', () => {
    expect(answered(new Error('boom')).status).toBe(500);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0][0]).toEqual({
      requestId: 'req-7',
      msg: expect.stringMatching(/^Error: boom\n\s+at /),
    });
  });

  it('logs nothing for a client error', () => {
    expect(answered(new BadRequestException('no')).status).toBe(400);
    expect(error).not.toHaveBeenCalled();
  });

  it('sends a replay as stored, marked, and logs nothing (the guard throws it to answer)', () => {
    const payload = '{"id":"m-1","content":"only once"}';
    const sent = answered(
      new IdempotentReplay({
        status: 201,
        contentType: 'application/json; charset=utf-8',
        payload,
      }),
    );
    expect(sent).toEqual({
      status: 201,
      body: payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'Idempotent-Replayed': 'true',
      },
    });
    expect(error).not.toHaveBeenCalled();
  });
});
