import { keptUtf8 } from '@companion/platform';

/** How a pulse body ends, by `changed`: the only part two polls of the same pulse differ in. */
const END = { changed: '"changed":true}', unchanged: '"changed":false}' } as const;
const END_BYTES = { changed: Buffer.from(END.changed), unchanged: Buffer.from(END.unchanged) };

/**
 * The bodies of one composed pulse as UTF-8 (GET /agents/me/pulse), each in a buffer of its own
 * (`keptUtf8`), kept while the pulse is. The one a poll first asks for is made from the text; the
 * other, with `changed` the other way, from its bytes, when a poll asks for it.
 */
export class PulseBodies {
  private changed?: Buffer;
  private unchanged?: Buffer;

  /** `content`: the composed pulse's JSON object (never empty), without its token or `changed`. */
  constructor(
    content: string,
    readonly stateToken: string,
    changed: boolean,
  ) {
    const head = `${content.slice(0, -1)},"stateToken":"${stateToken}",`;
    if (changed) this.changed = keptUtf8(head + END.changed);
    else this.unchanged = keptUtf8(head + END.unchanged);
  }

  body(changed: boolean): Buffer {
    if (changed) return (this.changed ??= withEnd(this.unchanged!, true));
    return (this.unchanged ??= withEnd(this.changed!, false));
  }
}

/** `body`, which ends with `changed` the other way, ending with `changed` instead. */
function withEnd(body: Buffer, changed: boolean): Buffer {
  const [from, to] = changed
    ? [END_BYTES.unchanged, END_BYTES.changed]
    : [END_BYTES.changed, END_BYTES.unchanged];
  const head = body.length - from.length;
  const other = Buffer.allocUnsafeSlow(head + to.length);
  body.copy(other, 0, 0, head);
  to.copy(other, head);
  return other;
}
