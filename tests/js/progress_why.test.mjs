// docs/javascripts/ui/why.js: links built from the engine's (or an imported file's) addresses stay in the site.
import assert from "node:assert/strict";
import test from "node:test";

import { SITE_ROOT, siteHref } from "../../docs/javascripts/ui/why.js";

test("a site address becomes a link into the site; anything else, the site's home", () => {
  assert.equal(siteHref("/holdem/#ranking-de-manos"), new URL("holdem/#ranking-de-manos", SITE_ROOT).href);
  for (const bad of ["javascript:alert(1)", "https://example.org/", "//example.org/x", "/../../etc"]) {
    const href = siteHref(bad);
    assert.ok(href.startsWith(SITE_ROOT.href), `${bad} → ${href}`);
    assert.ok(!href.includes("example.org") || new URL(href).origin === SITE_ROOT.origin, bad);
  }
  assert.equal(siteHref("javascript:alert(1)"), SITE_ROOT.href);
});
