"""engine/client.js in Chromium with a stub worker: a request the worker never answers times out,
the wedged worker is replaced and the next request is answered; bad payloads never reach it.
(The request path's logic itself is unit-tested under Node: tests/js/client_requests.test.mjs.)"""

from __future__ import annotations

STUB_WORKER = """
self.postMessage({ status: "ready", version: { engine: "stub" } });
self.onmessage = (event) => {
  const { id, type } = event.data;
  if (type !== "hang") self.postMessage({ id, result: { answered: type } });
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
