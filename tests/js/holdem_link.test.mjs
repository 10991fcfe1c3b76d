// The Hold'em share link (docs/javascripts/ui/holdem/link.js): a PHH text survives the fragment, compressed
// when that is shorter; a damaged token reads as null.
import assert from "node:assert/strict";
import test from "node:test";

import { decodePhh, encodePhh, shareUrl } from "../../docs/javascripts/ui/holdem/link.js";

const PHH = `variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [200, 200, 200]
actions = ['d dh p1 9h8d', 'd dh p2 Ah4s', 'd dh p3 Qc3h', 'p3 f', 'p1 cc', 'p2 cc', 'd db Td7s8s', 'p1 cc']
players = ['Ana', 'Tú', 'Beto']
`;

test("a PHH text comes back whole from its token", async () => {
  const token = await encodePhh(PHH);
  assert.match(token, /^[zt][A-Za-z0-9_-]+$/);
  assert.equal(await decodePhh(token), PHH);
  if (typeof CompressionStream === "function") assert.equal(token[0], "z"); // shorter compressed
});

test("a short text stays plain when compressing would not pay", async () => {
  const token = await encodePhh("a");
  assert.equal(token[0], "t");
  assert.equal(await decodePhh(token), "a");
});

test("damaged tokens read as null", async () => {
  for (const bad of ["", "x123", "z!!!", "t" + "\u00ff", null]) assert.equal(await decodePhh(bad), null);
});

test("the link keeps the page and puts the hand in the fragment only", () => {
  const url = shareUrl(new URL("https://example.org/holdem/mesa/?rapido=1#x"), "tYQ");
  assert.equal(url, "https://example.org/holdem/mesa/#mano=tYQ");
});
