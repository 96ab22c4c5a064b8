import { OWNER_PAGE_SECTIONS } from './owner-page.sections';

/**
 * The dashboard page's only script, inlined and allowed by its SHA-256 in the page's CSP.
 *
 * Every text the service returns is written with textContent (links get an href built from an id): profiles, messages and guided-date
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
    // The reader's own time zone and language.
    return isNaN(d.getTime()) ? String(iso) : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  }

  function link(href, text) {
    var a = node('a', text);
    a.href = href;
    return a;
  }

  function svg(tag, attrs) {
    var e = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (var k in attrs) e.setAttribute(k, String(attrs[k]));
    return e;
  }

  function showNoSession() {
    byId('dashboard').hidden = true;
    byId('no-session').hidden = false;
  }
${OWNER_PAGE_SECTIONS}
  async function loadDashboard() {
    var res = await send('GET', '/owner/api/dashboard');
    if (res.status === 401) return showNoSession();
    if (!res.ok || !res.body) {
      notice('The dashboard could not be loaded (status ' + res.status + '). Try again later.', 'error');
      return;
    }
    SECTIONS.forEach(function (render) { render(res.body); });
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
