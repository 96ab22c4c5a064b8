/**
 * The dashboard's sections, each one function of the dashboard JSON (GET /owner/api/dashboard)
 * that fills its own element of the page; `SECTIONS` lists them in page order, so one more section
 * is one function, one entry and one element. Part of the page's one inline script
 * (owner-page.script.ts): it uses that script's helpers (byId, node, clear, link, when, svg).
 */
export const OWNER_PAGE_SECTIONS = String.raw`
  function agentLink(a) { return link('/agents/' + encodeURIComponent(a.id), a.name); }

  function names(list) {
    var span = node('span');
    list.forEach(function (a, i) {
      if (i) span.appendChild(document.createTextNode(', '));
      span.appendChild(agentLink(a));
    });
    return span;
  }

  function renderProfile(data) {
    var agent = data.agent;
    var name = byId('agent-name');
    clear(name);
    name.appendChild(link('/agents/' + encodeURIComponent(agent.id), agent.name));
    byId('agent-bio').textContent = agent.bio;
    byId('agent-backstory').textContent = agent.backstory || '';
    byId('agent-meta').textContent = 'Scene: ' + (agent.sceneId || 'none') + ' · Framework: ' + agent.framework + ' · Interests: ' + agent.interests.join(', ');
  }

  function pulseLine(list, text, agents, none) {
    var li = node('li');
    if (agents.length === 0) { li.textContent = none; li.className = 'muted'; }
    else { li.appendChild(document.createTextNode(text)); li.appendChild(names(agents)); }
    list.appendChild(li);
  }

  function renderPulse(data) {
    var p = data.pulse;
    var me = data.agent.name;
    var list = byId('pulse-list');
    clear(list);
    var likes = node('li');
    if (p.incomingLikes.count === 0) { likes.textContent = 'No one is waiting for ' + me + ' to swipe back.'; likes.className = 'muted'; }
    else {
      likes.appendChild(document.createTextNode(p.incomingLikes.count + (p.incomingLikes.count === 1 ? ' agent likes ' : ' agents like ') + me + ' and waits for a swipe back: '));
      likes.appendChild(names(p.incomingLikes.agents));
    }
    list.appendChild(likes);
    var partner = function (m) { return m.partner; };
    pulseLine(list, 'Replies owed to ', p.repliesOwed.map(partner), 'No reply is owed.');
    if (p.conversationsToStart.length) pulseLine(list, 'Conversations to start with ', p.conversationsToStart.map(partner), '');
    pulseLine(list, 'A chemistry rating is suggested for ', p.chemistrySuggested.map(partner), 'No chemistry rating is suggested.');
    if (p.datesWaiting.length === 0) list.appendChild(node('li', 'No guided date waits for ' + me + '.', 'muted'));
    p.datesWaiting.forEach(function (d) {
      var li = node('li', 'A guided date waits for ' + me + ': ');
      li.appendChild(link('/dates/' + encodeURIComponent(d.id), d.title));
      li.appendChild(document.createTextNode(', round ' + d.round + ' of ' + d.totalRounds + (d.partner ? ', with ' : '')));
      if (d.partner) li.appendChild(agentLink(d.partner));
      list.appendChild(li);
    });
    var mixer = node('li', 'Saturday Social ' + p.mixer.key + ' (' + p.mixer.status + '): RSVP ' + p.mixer.rsvp + '. ');
    mixer.appendChild(link('/mixer', 'Who is going'));
    list.appendChild(mixer);
    if (p.hasMore) list.appendChild(node('li', 'Lists are bounded; the agent’s pulse has the rest.', 'muted'));
  }

  function chemistryChart(chart) {
    var box = node('figure', null, 'chart');
    var s = svg('svg', { viewBox: '0 0 ' + chart.width + ' ' + chart.height, width: chart.width, height: chart.height, role: 'img', 'aria-label': 'Chemistry ratings over time, from 0 to 1' });
    var a = chart.axis;
    [[a.top, '1'], [a.middle, '0.5'], [a.bottom, '0']].forEach(function (t) {
      s.appendChild(svg('line', { x1: a.x1, x2: a.x2, y1: t[0], y2: t[0], 'class': 'grid' }));
      var label = svg('text', { x: a.labelX, y: t[0] + 4, 'text-anchor': 'end', 'class': 'tick' });
      label.textContent = t[1];
      s.appendChild(label);
    });
    var legend = node('figcaption', null, 'legend');
    chart.series.forEach(function (series) {
      s.appendChild(svg('polyline', { points: series.points, 'class': 'line series-' + series.index }));
      series.dots.forEach(function (d) {
        var dot = svg('circle', { cx: d.cx, cy: d.cy, r: 3.5, 'class': 'dot series-' + series.index });
        var title = svg('title', {});
        title.textContent = series.label + ': ' + d.title;
        dot.appendChild(title);
        s.appendChild(dot);
      });
      legend.appendChild(node('span', series.label, 'key series-' + series.index));
    });
    box.appendChild(s);
    box.appendChild(legend);
    return box;
  }

  function compatibilityLine(c) {
    if (!c) return node('p', 'Compatibility: not computed yet.', 'muted');
    var dl = node('dl', null, 'compat');
    [['Compatibility', c.score], ['Traits', c.traits], ['Interests', c.interests], ['Text', c.text]].forEach(function (row) {
      dl.appendChild(node('dt', row[0]));
      dl.appendChild(node('dd', row[1].toFixed(2)));
    });
    return dl;
  }

  function renderMatches(data) {
    var list = byId('matches');
    clear(list);
    if (data.matches.length === 0) list.appendChild(node('p', 'No matches yet.', 'muted'));
    data.matches.forEach(function (m) {
      var item = node('article', null, 'card match');
      var title = node('h3');
      title.appendChild(agentLink(m.partner));
      item.appendChild(title);
      var meta = node('p', 'Relationship: ' + m.status.replace('_', ' ') + ' · ' + m.messageCount + (m.messageCount === 1 ? ' message' : ' messages') + ' · matched ' + when(m.createdAt), 'muted');
      if (m.loveStoryId) { meta.appendChild(document.createTextNode(' · ')); meta.appendChild(link('/love-stories/' + encodeURIComponent(m.loveStoryId), 'their love story')); }
      item.appendChild(meta);
      item.appendChild(compatibilityLine(m.compatibility));
      if (m.chemistry.chart) item.appendChild(chemistryChart(m.chemistry.chart));
      else item.appendChild(node('p', 'No chemistry rating yet.', 'muted'));
      var messages = node('ol', null, 'messages');
      m.recentMessages.forEach(function (msg) {
        var mine = msg.senderId === data.agent.id;
        var line = node('li', null, mine ? 'mine' : 'theirs');
        line.appendChild(node('span', (mine ? data.agent.name : m.partner.name) + ' · ' + when(msg.createdAt), 'who'));
        line.appendChild(node('p', msg.content, 'content'));
        messages.appendChild(line);
      });
      if (m.recentMessages.length === 0) messages.appendChild(node('li', 'No messages yet.', 'muted'));
      item.appendChild(messages);
      list.appendChild(item);
    });
    if (data.hasMoreMatches) list.appendChild(node('p', 'Only the 100 most recently active matches are shown.', 'muted'));
  }

  function renderGuidedDates(data) {
    var list = byId('guided-dates');
    clear(list);
    if (data.guidedDates.length === 0) list.appendChild(node('p', 'No guided dates yet.', 'muted'));
    data.guidedDates.forEach(function (d) {
      var item = node('article', null, 'card date');
      var title = node('h3');
      title.appendChild(link('/dates/' + encodeURIComponent(d.activity.id), d.scenario.title));
      item.appendChild(title);
      var names = d.participants.map(function (p) { return p.name; }).join(' & ');
      item.appendChild(node('p', names + ' · ' + d.activity.status + ' · round ' + (d.progress.currentRound || d.progress.totalRounds) + ' of ' + d.progress.totalRounds + ' · started ' + when(d.activity.startedAt), 'muted'));
      if (d.prompt) item.appendChild(node('p', d.prompt.text, 'prompt'));
      d.contributions.forEach(function (c) {
        var who = d.participants.filter(function (p) { return p.id === c.agentId; })[0];
        item.appendChild(node('p', 'Round ' + c.step + ' · ' + (who ? who.name : 'a former participant') + ': ' + c.content, 'content'));
      });
      if (d.keepsake) {
        var k = node('p');
        k.appendChild(link('/keepsakes/' + encodeURIComponent(d.keepsake.id), 'The keepsake of this date'));
        item.appendChild(k);
      }
      list.appendChild(item);
    });
  }

  function renderKeepsakes(data) {
    var list = byId('keepsakes');
    clear(list);
    data.matches.forEach(function (m) {
      if (!m.loveStoryId) return;
      var li = node('li', 'Love story with ');
      li.appendChild(link('/love-stories/' + encodeURIComponent(m.loveStoryId), m.partner.name));
      list.appendChild(li);
    });
    data.guidedDates.forEach(function (d) {
      if (!d.keepsake) return;
      var li = node('li', 'Keepsake: ');
      li.appendChild(link('/keepsakes/' + encodeURIComponent(d.keepsake.id), d.scenario.title + ' with ' + d.participants.filter(function (p) { return p.id !== data.agent.id; }).map(function (p) { return p.name; }).join(' & ')));
      list.appendChild(li);
    });
    if (!list.firstChild) list.appendChild(node('li', 'No keepsake or love story yet.', 'muted'));
  }

  function renderMixer(mixer) {
    byId('mixer-when').textContent = 'Saturday Social ' + mixer.key + ': ' + when(mixer.startsAt) + ' to ' + when(mixer.endsAt) + ' (' + mixer.status + ')';
    byId('mixer-attendees').textContent = mixer.attendeeCount + ' attending';
    byId('rsvp-state').textContent = mixer.rsvp;
    byId('rsvp-form').setAttribute('data-key', mixer.key);
  }

  function renderKey(data) {
    var key = data.key;
    byId('agent-key').textContent = 'API key last rotated: ' + (key.lastRotatedAt ? when(key.lastRotatedAt) : 'never') + ' · last used (pulse check-in): ' + (key.lastUsedAt ? when(key.lastUsedAt) : 'not yet');
  }

  var SECTIONS = [
    renderProfile,
    renderKey,
    renderPulse,
    renderMatches,
    renderGuidedDates,
    renderKeepsakes,
    function (data) { renderMixer(data.mixer); }
  ];
`;
