/**
 * Where a person reads a guided date: the public site's page (libs/site). The JSON of the same date
 * stays at GET /api/v1/activities/{id}; `publicUrl` is for browsers and link previews.
 */
export function datePagePath(activityId: string): string {
  return `/dates/${encodeURIComponent(activityId)}`;
}
