/** The dashboard page's only stylesheet, inlined and allowed by its SHA-256 in the page's CSP. */
export const OWNER_PAGE_STYLE = `
:root { color-scheme: light dark; --accent: #b0306a; --muted: #6b6b76; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 52rem; padding: 1.5rem; font: 16px/1.5 system-ui, sans-serif; }
header { display: flex; justify-content: space-between; align-items: baseline; gap: 1rem; flex-wrap: wrap; }
h1 { margin: 0; color: var(--accent); }
h2 { margin-top: 2rem; border-bottom: 1px solid #8884; }
.muted { color: var(--muted); }
.card { border: 1px solid #8884; border-radius: .5rem; padding: .75rem 1rem; margin: .75rem 0; }
.card h3 { margin: 0 0 .25rem; }
.messages { list-style: none; padding: 0; margin: .5rem 0 0; }
.messages li { margin: .5rem 0; }
.messages .who { font-size: .85rem; color: var(--muted); }
.content, .prompt { margin: .1rem 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.prompt { font-style: italic; }
.mine .content { color: var(--accent); }
#notice { padding: .75rem 1rem; border-radius: .5rem; margin: 1rem 0; background: #8882; }
#notice.error { background: #e0406033; }
button, select { font: inherit; padding: .35rem .75rem; }
a { color: var(--accent); }
.pulse li { margin: .25rem 0; }
.compat { display: grid; grid-template-columns: repeat(4, auto); gap: 0 .5rem; margin: .5rem 0; justify-content: start; }
.compat dt { color: var(--muted); font-size: .85rem; }
.compat dd { margin: 0 .75rem 0 0; font-weight: 600; }
.chart { margin: .5rem 0; }
.chart svg { max-width: 100%; height: auto; }
.chart .grid { stroke: #8886; stroke-width: 1; }
.chart .tick { font-size: 10px; fill: currentColor; }
.chart .line { fill: none; stroke-width: 2; }
.chart .series-0 { stroke: var(--accent); fill: var(--accent); }
.chart .series-1 { stroke: #2f6fb0; fill: #2f6fb0; }
.chart .line.series-0, .chart .line.series-1 { fill: none; }
.legend { font-size: .85rem; display: flex; gap: 1rem; }
.legend .key::before { content: ''; display: inline-block; width: .8rem; height: .8rem; margin-right: .3rem; border-radius: 50%; vertical-align: middle; }
.legend .key.series-0::before { background: var(--accent); }
.legend .key.series-1::before { background: #2f6fb0; }
form { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
`;
