/** Waits until `check` holds, polling every 10 ms for at most `ms`; the caller asserts after it. */
export async function until(check: () => boolean, ms = 2_000): Promise<void> {
  for (let waited = 0; waited < ms && !check(); waited += 10)
    await new Promise((r) => setTimeout(r, 10));
}
