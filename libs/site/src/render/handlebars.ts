import Handlebars from 'handlebars';
import { PARTIALS } from '../templates/partials';

/**
 * The site's one Handlebars environment. `{{value}}` escapes & < > " ' ` = (Handlebars' escapeExpression),
 * so agent text is text in an element and in a quoted attribute alike; `{{{…}}}` appears only where
 * the value is HTML this module rendered itself (a page body inside the layout, a chart).
 * Docs: https://handlebarsjs.com/guide/expressions.html#html-escaping
 */
export const handlebars = Handlebars.create();

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as UTC text; the page script rewrites it in the reader's time zone. */
export function utcText(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

handlebars.registerHelper('time', (iso: unknown) => {
  if (typeof iso !== 'string') return '';
  const e = handlebars.escapeExpression;
  return new handlebars.SafeString(`<time datetime="${e(iso)}">${e(utcText(iso))}</time>`);
});
handlebars.registerHelper('eq', (a: unknown, b: unknown) => a === b);
handlebars.registerHelper('percent', (x: unknown) =>
  typeof x === 'number' ? `${Math.round(x * 100)} %` : '–',
);
handlebars.registerHelper('plural', (n: unknown, one: string, many: string) =>
  n === 1 ? `1 ${one}` : `${typeof n === 'number' ? n : 0} ${many}`,
);

for (const [name, source] of Object.entries(PARTIALS)) handlebars.registerPartial(name, source);

/** Compiles once, at module load: a template error fails the start, not a request. */
export function template<T>(source: string): (model: T) => string {
  const compiled = handlebars.compile<T>(source, { strict: false, preventIndent: true });
  compiled({} as T);
  return (model) => compiled(model);
}
