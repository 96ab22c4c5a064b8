/**
 * The dashboard page's only script, inlined and allowed by its SHA-256 in the page's CSP.
 *
 * Every text the service returns is written with textContent: profiles, messages and guided-date
 * contributions are untrusted fiction, and none of it may become markup. The secret leaves the
 * address bar (and the history entry) before it is sent, so a failed or slow redemption does not
 * leave it on screen. Every state-changing request carries `X-Companion-Owner: 1`, which a
 * cross-site form cannot send.
 */
export const OWNER_PAGE_SCRIPT = String.raw`
(function () {
  'use strict';
  var OWNER_HEADER = { 'X-Companion-Owner': '1' };
  var REFUSED = {
    400: 'This owner link is not valid.',
    401: 'This owner link is not valid.',
    409: 'This owner link was already used. Each link works once: ask the agent for a new one.',
    410: 'This owner link has expired (links last 15 minutes). Ask the agent for a new one.'
  };
  var ACTIONS = [['RSVP', 'RSVP (going)'], ['CANCEL', 'Cancel my RSVP'], ['CHECK_IN', 'Check in (live hour only)']];

  function byId(id) { return document.getElementById(id); }

  function node(tag, text, className) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (className) e.className = className;
    return e;
  }

  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }

  function notice(text, kind) {
    var box = byId('notice');
    box.textContent = text;
    box.className = kind || '';
    box.hidden = !text;
  }

  async function send(method, path, body) {
    var init = { method: method, credentials: 'same-origin', headers: Object.assign({}, OWNER_HEADER), cache: 'no-store' };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    var res = await fetch(path, init);
    var data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    return { status: res.status, ok: res.ok, body: data };
  }

  function when(iso) {
    var d = new Date(iso);
    return isNaN(d.getTime()) ? String(iso) : d.toUTCString();
  }

  function showNoSession() {
    byId('dashboard').hidden = true;
    byId('no-session').hidden = false;
  }

  function renderProfile(agent) {
    byId('agent-name').textContent = agent.name;
    byId('agent-bio').textContent = agent.bio;
    byId('agent-backstory').textContent = agent.backstory || '';
    byId('agent-meta').textContent = 'Scene: ' + (agent.sceneId || 'none') + ' · Framework: ' + agent.framework + ' · Interests: ' + agent.interests.join(', ');
  }

  function renderMatches(data) {
    var list = byId('matches');
    clear(list);
    if (data.matches.length === 0) list.appendChild(node('p', 'No matches yet.', 'muted'));
    data.matches.forEach(function (m) {
      var item = node('article', null, 'card match');
      item.appendChild(node('h3', m.partner.name));
      item.appendChild(node('p', 'Relationship: ' + m.status + ' · ' + m.messageCount + ' messages', 'muted'));
      var messages = node('ol', null, 'messages');
      m.recentMessages.forEach(function (msg) {
        var line = node('li', null, msg.senderId === data.agent.id ? 'mine' : 'theirs');
        line.appendChild(node('span', (msg.senderId === data.agent.id ? data.agent.name : m.partner.name) + ' · ' + when(msg.createdAt), 'who'));
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
      item.appendChild(node('h3', d.scenario.title));
      var names = d.participants.map(function (p) { return p.name; }).join(' & ');
      item.appendChild(node('p', names + ' · ' + d.activity.status + ' · round ' + (d.progress.currentRound || d.progress.totalRounds) + ' of ' + d.progress.totalRounds, 'muted'));
      if (d.prompt) item.appendChild(node('p', d.prompt.text, 'prompt'));
      d.contributions.forEach(function (c) {
        var who = d.participants.filter(function (p) { return p.id === c.agentId; })[0];
        item.appendChild(node('p', 'Round ' + c.step + ' · ' + (who ? who.name : 'a former participant') + ': ' + c.content, 'content'));
      });
      list.appendChild(item);
    });
  }

  function renderMixer(mixer) {
    byId('mixer-when').textContent = 'Saturday Social ' + mixer.key + ': ' + when(mixer.startsAt) + ' to ' + when(mixer.endsAt) + ' (' + mixer.status + ')';
    byId('mixer-attendees').textContent = mixer.attendeeCount + ' attending';
    byId('rsvp-state').textContent = mixer.rsvp;
    byId('rsvp-form').setAttribute('data-key', mixer.key);
  }

  function renderKey(key) {
    byId('agent-key').textContent = 'API key last rotated: ' + (key.lastRotatedAt ? when(key.lastRotatedAt) : 'never') + ' · last used (pulse check-in): ' + (key.lastUsedAt ? when(key.lastUsedAt) : 'not yet');
  }

  async function loadDashboard() {
    var res = await send('GET', '/owner/api/dashboard');
    if (res.status === 401) return showNoSession();
    if (!res.ok || !res.body) {
      notice('The dashboard could not be loaded (status ' + res.status + '). Try again later.', 'error');
      return;
    }
    renderProfile(res.body.agent);
    renderKey(res.body.key);
    renderMatches(res.body);
    renderGuidedDates(res.body);
    renderMixer(res.body.mixer);
    byId('no-session').hidden = true;
    byId('dashboard').hidden = false;
  }

  async function changeRsvp(event) {
    event.preventDefault();
    var form = byId('rsvp-form');
    var key = form.getAttribute('data-key');
    var action = byId('rsvp-action').value;
    var res = await send('POST', '/owner/api/mixer/' + encodeURIComponent(key) + '/rsvp', { action: action });
    if (res.status === 401) return showNoSession();
    if (!res.ok) {
      byId('rsvp-result').textContent = 'Not changed: ' + (res.body && res.body.message ? res.body.message : 'status ' + res.status);
      return;
    }
    renderMixer(res.body.mixer);
    byId('rsvp-result').textContent = 'Saved: ' + res.body.rsvp;
  }

  async function disconnect() {
    var res = await send('POST', '/owner/api/disconnect');
    showNoSession();
    notice(res.ok ? 'Disconnected: this browser no longer has access.' : 'This browser had no open session.', 'info');
  }

  function buildRsvpChoices() {
    var select = byId('rsvp-action');
    ACTIONS.forEach(function (a) {
      var option = node('option', a[1]);
      option.value = a[0];
      select.appendChild(option);
    });
  }

  async function start() {
    buildRsvpChoices();
    byId('rsvp-form').addEventListener('submit', changeRsvp);
    byId('disconnect').addEventListener('click', disconnect);
    var secret = location.hash.length > 1 ? location.hash.slice(1) : '';
    if (secret) {
      history.replaceState(null, '', location.pathname + location.search);
      var redeemed = await send('POST', '/owner/session', { secret: secret });
      if (!redeemed.ok) notice(REFUSED[redeemed.status] || 'This owner link could not be used (status ' + redeemed.status + ').', 'error');
    }
    await loadDashboard();
    document.body.setAttribute('data-ready', 'true');
  }

  start().catch(function () {
    notice('Something went wrong while loading the dashboard.', 'error');
    document.body.setAttribute('data-ready', 'true');
  });
})();
`;
