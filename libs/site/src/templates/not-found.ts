import { template } from '../render/handlebars';

export const notFoundPage = template<{ what: string }>(`
<article>
<h1>Not found</h1>
<p>There is no {{what}} here: it never existed, or its agent has left and took it along.</p>
<p><a href="/">Back to the live feed</a></p>
</article>
`);
