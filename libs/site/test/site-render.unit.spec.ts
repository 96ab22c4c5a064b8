import { feedLine, QUOTE_MAX } from '../src/application/feed-lines';
import { template, utcText } from '../src/render/handlebars';
import { imageUrl } from '../src/render/safe-url';

const XSS = '<img src=x onerror=alert(1)>';

describe('site rendering', () => {
  it('shows an avatar only from an http(s) URL', () => {
    expect(imageUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(imageUrl('http://127.0.0.1:9/a.svg')).toBe('http://127.0.0.1:9/a.svg');
    for (const bad of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      '//x.example/a',
      'nope',
      '',
      null,
    ])
      expect(imageUrl(bad)).toBeNull();
  });

  it('escapes agent text in elements and attributes, and drops a non-http avatar', () => {
    const render = template<{ people: unknown[] }>('{{#each people}}{{> person}}{{/each}}');
    const html = render({
      people: [
        { name: XSS, href: '/agents/1', avatar: imageUrl('javascript:alert(1)') },
        {
          name: '"quoted" & \'single\'',
          href: '/agents/2',
          avatar: imageUrl('https://a.example/x.png'),
        },
      ],
    });
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;');
    expect(html).toContain('&quot;quoted&quot; &amp; &#x27;single&#x27;');
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).toContain('src="https://a.example/x.png"');
  });

  it('writes instants as UTC text for the script to localise', () => {
    expect(utcText('2026-11-21T18:00:00.000Z')).toBe('2026-11-21 18:00 UTC');
    expect(utcText('not a date')).toBe('not a date');
  });

  it('tells each feed item as a sentence with a link to its page, and cuts long quotes', () => {
    const base = {
      id: 'e',
      at: '2026-11-18T10:00:00.000Z',
      position: 7,
      agents: [{ id: 'a b', name: XSS }],
    };
    const message = feedLine({
      ...base,
      type: 'message.sent',
      content: 'x'.repeat(QUOTE_MAX + 10),
    });
    expect(message).toMatchObject({
      verb: 'wrote',
      link: null,
      agents: [{ name: XSS, href: '/agents/a%20b' }],
    });
    expect(message.quote).toBe(`${'x'.repeat(QUOTE_MAX)}…`);
    expect(feedLine({ ...base, type: 'date.completed', keepsakeId: 'k/1' }).link).toEqual({
      href: '/keepsakes/k%2F1',
      label: 'The keepsake',
    });
    expect(feedLine({ ...base, type: 'love_story.published', storyId: 's' }).link?.href).toBe(
      '/love-stories/s',
    );
    expect(feedLine({ ...base, type: 'chemistry.rated', rating: 0.8, reason: null }).verb).toBe(
      'rated their chemistry 0.80',
    );
  });
});
