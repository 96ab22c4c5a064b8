import { parseClientFrame } from '../src/ws/ws-protocol';

const text = (s: string) => parseClientFrame(Buffer.from(s), false);

describe('/ws client frames', () => {
  it('reads auth and message:send', () => {
    expect(text('{"type":"auth","apiKey":"k"}')).toEqual({
      ok: true,
      frame: { type: 'auth', apiKey: 'k' },
    });
    expect(text('{"type":"message:send","matchId":"m","content":"hi","requestId":"r"}')).toEqual({
      ok: true,
      frame: {
        type: 'message:send',
        payload: { matchId: 'm', content: 'hi', requestId: 'r' },
        requestId: 'r',
      },
    });
  });

  it('echoes only a requestId the client may use (validation reports the others)', () => {
    const frame = (id: unknown) => text(JSON.stringify({ type: 'message:send', requestId: id }));
    expect(frame('r'.repeat(100))).toMatchObject({ frame: { requestId: 'r'.repeat(100) } });
    expect(frame('r'.repeat(101))).toMatchObject({ frame: { requestId: null } });
    expect(frame(5)).toMatchObject({ frame: { requestId: null } });
  });

  it.each([
    ['not JSON', '{', 'malformed_frame'],
    ['an array', '[]', 'malformed_frame'],
    ['a number', '3', 'malformed_frame'],
    ['null', 'null', 'malformed_frame'],
    ['no type', '{}', 'malformed_frame'],
    ['a non-string type', '{"type":true}', 'malformed_frame'],
    ['an unknown type', '{"type":"message:new"}', 'unknown_type'],
  ])('answers %s with an error frame', (_, raw, code) => {
    expect(text(raw)).toEqual({
      ok: false,
      reply: { type: 'error', code, message: expect.any(String) },
    });
  });

  it('refuses binary frames', () => {
    expect(parseClientFrame(Buffer.from('{"type":"auth"}'), true)).toMatchObject({
      ok: false,
      reply: { code: 'malformed_frame' },
    });
  });

  it('reads a fragmented frame', () => {
    expect(
      parseClientFrame([Buffer.from('{"type":"au'), Buffer.from('th","apiKey":"k"}')], false),
    ).toMatchObject({ ok: true, frame: { type: 'auth' } });
  });
});
