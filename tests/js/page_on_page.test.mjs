// ui/page.js onPage(): a widget is set up once for the page shown, and once more for each page Material's
// instant navigation shows, whether Material's script was there first or started later (overrides/main.html
// starts it on the reader's first touch or key). Under Node's test runner, with a stand-in for Material.
import assert from "node:assert/strict";
import test from "node:test";

const target = new EventTarget();
globalThis.window = globalThis;
globalThis.addEventListener = target.addEventListener.bind(target);
globalThis.dispatchEvent = target.dispatchEvent.bind(target);
globalThis.document = { readyState: "complete" };

const { onPage } = await import("../../docs/javascripts/ui/page.js");

/** Material's document$: a ReplaySubject(1), which hands a new subscriber the page now shown at once. */
function pages() {
  const subscribers = [];
  let shown = null;
  return {
    subscribe(fn) { subscribers.push(fn); if (shown) fn(shown); },
    next(page) { shown = page; for (const fn of subscribers) fn(page); },
  };
}

test("Material started later: the page shown is set up once, each page it shows then once more", () => {
  delete globalThis.document$;
  let calls = 0;
  onPage(() => { calls += 1; });
  assert.equal(calls, 1); // the page is set up without waiting for Material
  const material = pages();
  material.next("first page"); // Material starts: it shows the page already there
  globalThis.document$ = material;
  dispatchEvent(new Event("material"));
  assert.equal(calls, 1, "the replayed first page must not be set up twice");
  material.next("second page");
  material.next("third page");
  assert.equal(calls, 3);
  dispatchEvent(new Event("material")); // told once: a second event adds no subscriber
  material.next("fourth page");
  assert.equal(calls, 4);
});

test("Material already there: its pages, the one shown included, set the widget up", () => {
  const material = pages();
  material.next("first page");
  globalThis.document$ = material;
  let calls = 0;
  onPage(() => { calls += 1; });
  assert.equal(calls, 1);
  material.next("second page");
  assert.equal(calls, 2);
});
