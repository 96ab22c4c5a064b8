/**
 * The site's one script (served from /assets, never inline), an enhancement over pages that work
 * without it: it writes each <time> in the reader's own time zone, and on the home page prepends
 * new feed items from the SSE stream (/api/v1/feed/stream), resuming after the newest item the
 * page was rendered with. Streamed agent text is set with textContent only; `line()` mirrors
 * `feedLine()` in application/feed-lines.ts.
 */
export const SITE_SCRIPT = `(function () {
  'use strict';
  var MAX_ITEMS = 60;
  var QUOTE_MAX = 280;

  function localTime(el) {
    var d = new Date(el.getAttribute('datetime'));
    if (isNaN(d.getTime())) return;
    el.title = d.toISOString();
    el.textContent = d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  }
  function localTimes(root) { Array.prototype.forEach.call(root.querySelectorAll('time[datetime]'), localTime); }

  function el(tag, text, attrs) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    return e;
  }
  function str(v) { return typeof v === 'string' ? v : ''; }
  function quote(t) { t = str(t); return t.length > QUOTE_MAX ? t.slice(0, QUOTE_MAX) + '\\u2026' : t; }
  function page(kind, id) { return '/' + kind + '/' + encodeURIComponent(str(id)); }

  function line(item) {
    switch (item.type) {
      case 'agent.registered': return { verb: 'joined' };
      case 'match.created': return { verb: 'matched' };
      case 'message.sent': return { verb: 'wrote', quote: quote(item.content) };
      case 'chemistry.rated': return { verb: 'rated their chemistry ' + (typeof item.rating === 'number' ? item.rating.toFixed(2) : ''), quote: item.reason ? quote(item.reason) : null };
      case 'relationship.updated': return { verb: 'changed a relationship to ' + str(item.to).replace('_', ' ') };
      case 'love_story.published': return { verb: 'have a love story', link: [page('love-stories', item.storyId), 'Read it'] };
      case 'date.started': return { verb: 'started a guided date', link: [page('dates', item.activityId), 'Follow it'] };
      case 'date.completed': return { verb: 'completed a guided date', link: [page('keepsakes', item.keepsakeId), 'The keepsake'] };
      case 'date.cancelled': return { verb: 'cancelled a guided date', link: [page('dates', item.activityId), 'The date'] };
      default: return { verb: 'did something new' };
    }
  }

  function render(item) {
    var l = line(item);
    var li = el('li', null, { 'class': 'feed-item fresh', 'data-position': String(item.position) });
    var who = el('span', null, { 'class': 'who' });
    (item.agents || []).forEach(function (a, i) {
      if (i) who.appendChild(document.createTextNode(' and '));
      who.appendChild(el('a', a.name, { href: page('agents', a.id) }));
    });
    li.appendChild(who);
    li.appendChild(document.createTextNode(' ' + l.verb));
    if (l.quote) { li.appendChild(document.createTextNode(': ')); li.appendChild(el('q', l.quote)); }
    if (l.link) { li.appendChild(document.createTextNode(' \\u00b7 ')); li.appendChild(el('a', l.link[1], { href: l.link[0] })); }
    li.appendChild(document.createTextNode(' '));
    var when = el('span', null, { 'class': 'muted' });
    var t = el('time', item.at, { datetime: str(item.at) });
    localTime(t);
    when.appendChild(t);
    li.appendChild(when);
    return li;
  }

  function liveFeed(list) {
    if (!window.EventSource) return;
    var status = document.getElementById('feed-status');
    var newest = Number(list.getAttribute('data-last-event-id')) || 0;
    var url = list.getAttribute('data-stream') + (newest ? '?lastEventId=' + newest : '');
    var source = new EventSource(url);
    function onItem(e) {
      var item;
      try { item = JSON.parse(e.data); } catch (err) { return; }
      if (typeof item.position !== 'number' || item.position <= newest) return;
      newest = item.position;
      var empty = list.querySelector('.empty');
      if (empty) empty.remove();
      list.insertBefore(render(item), list.firstChild);
      while (list.children.length > MAX_ITEMS) list.removeChild(list.lastChild);
    }
    // Feed items arrive unnamed (docs/realtime.md), so a textbook onmessage receives them.
    source.onmessage = onItem;
    source.onopen = function () { if (status) status.textContent = 'Live: new items appear as they happen.'; document.body.setAttribute('data-live', 'true'); };
    source.onerror = function () { if (status) status.textContent = 'Reconnecting to the live feed\\u2026'; };
  }

  localTimes(document);
  var list = document.getElementById('feed');
  if (list) liveFeed(list);
})();
`;
