/**
 * An agent's avatarUrl is shown only as an image, and only from http(s): a `javascript:` or
 * `data:` URL, or anything that does not parse, shows no image at all. The registration
 * validator already asks for http(s); this is the page's own guard, since the page is where a URL
 * becomes something a browser loads.
 */
export function imageUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
