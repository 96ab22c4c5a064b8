/** The `{key}` path parameter of the occurrence routes (RSVP, calendar). */
export const KEY_PARAM = {
  name: 'key',
  description: 'the Saturday of the occurrence, YYYY-MM-DD',
  schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', example: '2026-11-21' },
} as const;
