"""engine/client.js in Chromium. With a stub worker: a request the worker runs and never answers
times out, the wedged worker is replaced and the next request is answered; bad payloads never reach
it. With the real worker: a long computation that reports progress is not late, nor are the
requests queued behind it; an aborted computation frees the worker at once for the next request.
(The request path's logic itself is unit-tested under Node: tests/js/client_requests.test.mjs.)"""

from __future__ import annotations

STUB_WORKER = """
self.postMessage({ status: "ready", version: { engine: "stub" } });
let stuck = false; // like the real worker, one request at a time: the others wait behind a hung one
self.onmessage = (event) => {
  const { id, type } = event.data;
  if (id === undefined || stuck) return; // {abort: id}, or queued behind the hung request
  self.postMessage({ id, started: true });
  if (type === "hang") stuck = true;
  else self.postMessage({ id, result: { answered: type } });
};
"""

SCRIPT = """async () => {
  const client = await import(new URL("javascripts/engine/client.js", document.baseURI).href);
  await client.start();
  const outcome = (promise) => promise.then((r) => ["ok", r.answered], (e) => [e.code, e.message]);
  const first = await outcome(client.request("version", {}));
  const hung = outcome(client.request("hang", {}, { timeout: 300 }));
  const bystander = outcome(client.request("hang", {}, { timeout: 0 }));
  const results = { first, hung: await hung, bystander: await bystander };
  results.bigint = await outcome(client.request("version", { n: 1n }));
  await client.start();
  results.after = await outcome(client.request("version", {}));
  results.phase = client.state().phase;
  return results;
}"""


def test_a_wedged_worker_is_restarted_and_every_promise_settles(checked_page):
    page = checked_page
    fetched = []

    def stub(route):
        fetched.append(route.request.url)
        route.fulfill(status=200, content_type="text/javascript", body=STUB_WORKER)

    page.route("**/javascripts/engine/worker.js*", stub)
    page.goto("")
    results = page.evaluate(SCRIPT)
    assert results["first"] == ["ok", "version"]
    assert results["hung"][0] == "timeout" and "«hang»" in results["hung"][1]
    assert results["bystander"][0] == "restarted"
    assert results["bigint"][0] == "payload" and "BigInt" in results["bigint"][1]
    assert results["after"] == ["ok", "version"] and results["phase"] == "ready"
    assert len(fetched) == 2  # the wedged worker was replaced once


QUEUE_AND_ABORT = """async () => {
  const client = await import(new URL("javascripts/engine/client.js", document.baseURI).href);
  await client.start();
  // Every wait is bounded: a promise that never settles shows as "hang" (the test fails, it does not wait).
  const within = (promise) => Promise.race([promise, new Promise((r) => setTimeout(() => r(["hang"]), 90000))]);
  const outcome = (promise) => within(promise.then((r) => ["ok", r], (e) => [e.code, e.message]));
  const players = { Ana: ["As", "Ks"], Beto: [] };
  await outcome(client.request("holdem-equity", { players, samples: 1000 })); // its module and tables warm
  let start = performance.now();
  await outcome(client.request("holdem-equity", { players, samples: 500, seed: 1 }));
  const perSample = (performance.now() - start) / 500; // this machine, now
  // A count of about 3 s with a 1 s timeout, and twenty small requests queued behind it with the same.
  // A short calibration can overestimate the cost of a sample: a count that ended within 1.5 s is
  // tried again, three times longer, so the queue always waits longer than its timeout.
  let samples = Math.min(300000, Math.ceil(3000 / perSample));
  let first;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    let reports = 0;
    start = performance.now();
    const busy = outcome(client.request("holdem-equity", { players, samples },
      { timeout: 1000, onProgress: () => { reports += 1; } }));
    const queued = Array.from({ length: 20 }, () => outcome(client.request("version", {}, { timeout: 1000 })));
    first = { busy: await busy, queued: await Promise.all(queued), reports, samples,
      seconds: (performance.now() - start) / 1000 };
    if (first.seconds > 1.5 || samples >= 300000) break;
    samples = Math.min(300000, samples * 3);
  }
  // The longest count the limits allow, aborted while it runs: the next request comes back at once.
  // The longest count the limits allow, aborted while it runs: the next request comes back long before
  // that count could have ended (judged against this machine's speed now, measured above: a loaded
  // machine slows both alike).
  const controller = new AbortController();
  let running;
  const started = new Promise((resolve) => { running = resolve; });
  const aborted = outcome(client.request("holdem-equity", { players, samples: 300000 },
    { signal: controller.signal, onProgress: () => running() }));
  await within(started);
  const abortedAt = performance.now();
  controller.abort();
  const next = await outcome(client.request("version", {}, { timeout: 60000 }));
  const second = { aborted: await aborted, next, seconds: (performance.now() - abortedAt) / 1000,
    whole: (first.seconds / first.samples) * 300000 };
  return { first, second, phase: client.state().phase };
}"""


def test_queued_requests_are_not_late_and_an_abort_frees_the_worker(checked_page):
    page = checked_page
    workers = []
    page.on("request", lambda request: workers.append(request.url) if "engine/worker.js" in request.url else None)
    page.goto("")
    results = page.evaluate(QUEUE_AND_ABORT)
    first, second = results["first"], results["second"]
    assert first["busy"][0] == "ok" and first["busy"][1]["samples"] == first["samples"], first["busy"]
    assert first["seconds"] > 1.0, first  # the queued requests waited longer than their timeout...
    assert all(outcome[0] == "ok" for outcome in first["queued"]), first["queued"][:2]  # ...and were answered
    assert first["reports"] >= 10  # the busy worker kept saying it was alive
    assert second["aborted"][0] == "cancelled"
    # the next request was answered, delayed by the slice under way, not by the rest of the count
    assert second["next"][0] == "ok" and second["seconds"] < max(2.0, second["whole"] / 4), second
    assert results["phase"] == "ready" and len(workers) == 1  # nobody restarted the worker
