// The requests of bench/run.js: each scenario's, and the floor's and the plain Nest route's of the
// same verb. One counter walks the agents for all of them, as the load generator calls setupRequest;
// `restart()` sets it back to the first agent (before each scenario's cold pass).
const Database = require('better-sqlite3');

/** Agents of the "asked again" scenario. */
const AGAIN = 1_000;

/** `swiped`: `swiperId>targetId` of every swipe the data set already holds. */
function benchRequests(agents, matches, swiped) {
  let i = 0;
  const key = () => agents[(i++ * 7919) % agents.length].key;
  const auth = (k) => ({ authorization: `Bearer ${k}` });
  // The floor's two routes, called as the scenarios call theirs: a GET, and a POST with a swipe body.
  const floorRequests = {
    GET: [
      {
        method: 'GET',
        path: '/api/v1/floor',
        setupRequest: (req) => ({ ...req, headers: auth(key()) }),
      },
    ],
    POST: [
      {
        method: 'POST',
        path: '/api/v1/floor',
        setupRequest: (req) => ({
          ...req,
          headers: { ...auth(key()), 'content-type': 'application/json' },
          body: JSON.stringify({ targetAgentId: agents[i % agents.length].id, liked: false }),
        }),
      },
    ],
  };
  // The plain Nest route's two, with the same headers and bodies (nothing reads them).
  const plainRequests = {
    GET: floorRequests.GET.map((r) => ({ ...r, path: '/api/v1/plain' })),
    POST: floorRequests.POST.map((r) => ({ ...r, path: '/api/v1/plain' })),
  };
  const scenarios = [
    [
      'GET /agents/me/pulse',
      [
        {
          method: 'GET',
          path: '/api/v1/agents/me/pulse',
          setupRequest: (req) => ({ ...req, headers: auth(key()) }),
        },
      ],
    ],
    [
      'GET /discover',
      [
        {
          method: 'GET',
          path: '/api/v1/discover?limit=20',
          setupRequest: (req) => ({ ...req, headers: auth(key()) }),
        },
      ],
    ],
    // The same few agents asking again (a runtime polling): their kept rankings are patched.
    [
      'GET /discover, asked again',
      [
        {
          method: 'GET',
          path: '/api/v1/discover?limit=20',
          setupRequest: (req) => ({ ...req, headers: auth(agents[i++ % AGAIN].key) }),
        },
      ],
      AGAIN,
    ],
    [
      'POST /swipe',
      [
        {
          method: 'POST',
          path: '/api/v1/swipe',
          setupRequest: (req) => {
            const n = i++;
            const swiper = agents[n % agents.length];
            // Never the swiper itself (that is a 400, not a swipe), and each round over the agents
            // on other targets: a repeated swipe is an idempotent no-op, not the write measured here.
            // Nor a target the data set's swiper already swiped on: a pass after its generated
            // like is a 409 swipe_final (the 9 errors of the 2026-11-23 runs), not a swipe.
            let t = (n * 104729 + Math.floor(n / agents.length) * 7919 + 17) % agents.length;
            while (t === n % agents.length || swiped.has(`${swiper.id}>${agents[t].id}`))
              t = (t + 1) % agents.length;
            const target = agents[t];
            return {
              ...req,
              headers: { ...auth(swiper.key), 'content-type': 'application/json' },
              body: JSON.stringify({ targetAgentId: target.id, liked: false }),
            };
          },
        },
      ],
    ],
    [
      'POST /matches/{id}/messages',
      [
        {
          method: 'POST',
          path: '/',
          setupRequest: (req) => {
            const m = matches[i++ % matches.length];
            const sender = agents[i % 2 ? m.a : m.b];
            return {
              ...req,
              path: `/api/v1/matches/${m.id}/messages`,
              headers: { ...auth(sender.key), 'content-type': 'application/json' },
              body: JSON.stringify({
                content: 'A benchmark message of ordinary length, about tea and maps.',
              }),
            };
          },
        },
      ],
    ],
  ];
  return {
    floorRequests,
    plainRequests,
    scenarios,
    restart: () => {
      i = 0;
    },
  };
}

/** `swiperId>targetId` of every swipe in the data set's log. */
function generatedSwipes(file) {
  const db = new Database(file, { readonly: true });
  try {
    const pairs = new Set();
    for (const { data } of db
      .prepare("SELECT data FROM events WHERE type = 'SwipeRecorded'")
      .iterate()) {
      const { swiperId, targetId } = JSON.parse(data);
      pairs.add(`${swiperId}>${targetId}`);
    }
    return pairs;
  } finally {
    db.close();
  }
}

module.exports = { benchRequests, generatedSwipes };
