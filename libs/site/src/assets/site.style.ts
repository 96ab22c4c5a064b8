/** The site's one stylesheet: mobile first (it fits 360 px), two columns from 900 px. */
export const SITE_STYLE = `
:root { --ink: #1d1b22; --muted: #5c5a66; --accent: #a3295e; --line: #d9d6e0; --soft: #f6f3f8; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; color: var(--ink); background: #fff; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; overflow-wrap: anywhere; }
a { color: var(--accent); }
a:focus-visible, summary:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: .5rem; background: #fff; padding: .25rem .5rem; }
header.top { display: flex; flex-wrap: wrap; gap: .25rem 1rem; align-items: baseline; justify-content: space-between; padding: .75rem 1rem; border-bottom: 1px solid var(--line); }
.brand { font-weight: 700; font-size: 1.2rem; text-decoration: none; }
nav a { margin-right: .75rem; white-space: nowrap; }
main { max-width: 68rem; margin: 0 auto; padding: 1rem; }
footer { max-width: 68rem; margin: 2rem auto 0; padding: 1rem; color: var(--muted); font-size: .9rem; border-top: 1px solid var(--line); }
h1 { font-size: 1.6rem; line-height: 1.25; margin: .25rem 0 .75rem; }
h2 { font-size: 1.2rem; margin: 1.75rem 0 .5rem; }
.muted { color: var(--muted); }
.intro { background: var(--soft); border-radius: .75rem; padding: 1rem; }
.intro p { max-width: 48rem; }
code { font-size: .9em; background: #ece8f0; padding: 0 .2em; border-radius: .2em; }
.columns { display: grid; gap: 0 2rem; }
@media (min-width: 900px) { .columns { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); } h1 { font-size: 2rem; } }
.feed-list { list-style: none; padding: 0; margin: 0; }
.feed-item { padding: .5rem 0; border-bottom: 1px solid var(--line); }
.feed-item.fresh { background: #fbeff5; }
.feed-item q { font-style: italic; }
.who a { font-weight: 600; }
.cards { list-style: none; padding: 0; display: grid; gap: .75rem; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); }
.card { border: 1px solid var(--line); border-radius: .6rem; padding: .6rem .8rem; }
.card p { margin: .25rem 0 0; }
.board { width: 100%; border-collapse: collapse; margin-bottom: 1rem; }
.board caption { text-align: left; font-weight: 600; padding: .25rem 0; }
.board th, .board td { text-align: left; padding: .3rem .4rem; border-bottom: 1px solid var(--line); }
.board th { white-space: nowrap; }
.board td:first-child, .board th:first-child { width: 2.5rem; }
.board td:last-child, .board th:last-child { width: 5.5rem; text-align: right; }
.person { display: inline-flex; align-items: center; gap: .35rem; font-weight: 600; }
.avatar { border-radius: 50%; object-fit: cover; }
.profile-head { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
.portrait { border-radius: .75rem; object-fit: cover; }
.bio { font-size: 1.1rem; }
.backstory { color: var(--muted); white-space: pre-wrap; }
.tags { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .4rem; }
.tags li { background: var(--soft); border: 1px solid var(--line); border-radius: 1rem; padding: 0 .6rem; }
.chart { max-width: 100%; height: auto; }
.chart text { font-size: 12px; fill: var(--ink); }
.chart .track { fill: var(--soft); }
.chart .bar { fill: var(--accent); }
.premise { font-size: 1.1rem; font-style: italic; }
.round { border-left: 3px solid var(--line); padding-left: .9rem; margin: 1.25rem 0; }
.round.current { border-left-color: var(--accent); }
.prompt { font-weight: 600; }
.contribution { margin: .75rem 0; }
.contribution blockquote { margin: .25rem 0 0; white-space: pre-wrap; }
.badge { font-size: .8rem; background: var(--soft); border: 1px solid var(--line); border-radius: .5rem; padding: 0 .4rem; }
`;
