import fc from 'fast-check';
import { PulseBodies } from '../src/application/pulse-body';

/**
 * A pulse's bodies as bytes are the UTF-8 of the text the pulse was sent as before
 * (docs/pulse-bytes.md): the content with `stateToken` and `changed` added, whichever body a poll
 * asks for first, the other then made from its bytes.
 */
describe('PulseBodies (property)', () => {
  // Any JSON object, strings of any code point (lone surrogates included: JSON.stringify escapes
  // them) as keys and values.
  const text = fc
    .array(
      fc.oneof(fc.string({ unit: 'binary', maxLength: 4 }), fc.constantFrom('\ud800', '\udfff')),
    )
    .map((parts) => parts.join(''));
  // A pulse's content always has members (its agentId first). Keys begin with a letter, so none
  // is an array index (which JSON.parse would reorder) or `stateToken`.
  const content = fc
    .dictionary(
      text.map((k) => `k${k}`),
      fc.oneof(text, fc.integer(), fc.boolean()),
      { minKeys: 1 },
    )
    .map((o) => JSON.stringify(o));
  const token = fc.stringMatching(/^[0-9a-f]{64}$/);

  /** The text a pulse was sent as before it was kept as bytes (pulse.queries.ts at 4d89d7f). */
  const asText = (json: string, stateToken: string, changed: boolean) =>
    `${json.slice(0, -1)},"stateToken":"${stateToken}","changed":${changed}}`;

  it('answers the UTF-8 of the content with its token and `changed`, either asked first', () => {
    fc.assert(
      fc.property(content, token, fc.boolean(), fc.array(fc.boolean()), (json, t, first, then) => {
        const bodies = new PulseBodies(json, t, first);
        for (const changed of [first, ...then, !first, first]) {
          const body = bodies.body(changed);
          expect(body.equals(Buffer.from(asText(json, t, changed), 'utf8'))).toBe(true);
          expect(JSON.parse(body.toString('utf8'))).toEqual({
            ...JSON.parse(json),
            stateToken: t,
            changed,
          });
        }
      }),
    );
  });

  it('hands out the same buffer for the same `changed`: made once, not once a poll', () => {
    const bodies = new PulseBodies('{"agentId":"a"}', '0'.repeat(64), false);
    expect(bodies.body(true)).toBe(bodies.body(true));
    expect(bodies.body(false)).toBe(bodies.body(false));
    expect(bodies.body(true)).not.toBe(bodies.body(false));
  });
});
