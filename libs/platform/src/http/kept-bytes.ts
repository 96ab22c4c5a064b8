/**
 * A text's UTF-8 bytes in a buffer of their own, for a response body (or a part of one) kept
 * between requests: a `Buffer` reply is sent as it is, neither measured for its length nor encoded
 * again (docs/discovery-page-bytes.md). Not `Buffer.from`, which puts a short text in a slice of
 * Node's shared 8 KiB pool: a kept slice keeps the whole slab alive. Never written to once made.
 */
export function keptUtf8(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}
