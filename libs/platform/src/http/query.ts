/** Query strings arrive as text: only a plain decimal integer becomes a number (`1.5`, `1e3`, `abc` stay text and fail @IsInt). */
export const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d{1,9}$/.test(value) ? Number(value) : value;
