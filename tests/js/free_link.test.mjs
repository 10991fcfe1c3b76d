// The free table's share link (docs/javascripts/ui/table/link.js): a hand's history (any game's text)
// survives the fragment, compressed when that is shorter; links already published still read (Mata Ases's
// ?mano=<base64url>, Hold'em's #mano=); a damaged link reads as "bad" and an oversized one as "long",
// refused before it is decoded or as soon as it inflates past the engine's limit.
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import test from "node:test";

import {
  addressWithoutHand, decodeHistory, encodeHistory, linkedHand, maxToken, shareUrl,
} from "../../docs/javascripts/ui/table/link.js";

// The limit is the engine's (game-info's history_chars, tests/engine/play/test_game_info.py): any limit works here.
const LIMIT = 20_000;

const PHH = `variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [200, 200, 200]
actions = ['d dh p1 9h8d', 'd dh p2 Ah4s', 'd dh p3 Qc3h', 'p3 f', 'p1 cc', 'p2 cc', 'd db Td7s8s', 'p1 cc']
players = ['Ana', 'Tú', 'Beto']
`;
const MATA = '{"v":1,"t":{"opponents":2,"modality":"bring-in","betting":"fixed","minimum":50,"stack":2000,"seed":7},"d":[["check"],["bet",50]]}';
const b64 = (bytes) => Buffer.from(bytes).toString("base64url");

test("any game's history comes back whole from its token, through the page's address", async () => {
  for (const text of [PHH, MATA]) {
    const token = await encodeHistory(text);
    assert.match(token, /^[zt][A-Za-z0-9_-]+$/);
    const url = new URL(shareUrl(new URL("https://example.org/holdem/mesa/?rapido=1#x"), token));
    assert.equal(url.search, "");
    assert.deepEqual(linkedHand(url, LIMIT), { part: `#mano=${token}`, plain: false });
    assert.deepEqual(await decodeHistory(linkedHand(url, LIMIT), LIMIT), { text });
  }
  assert.equal((await encodeHistory(PHH))[0], "z"); // shorter compressed
  assert.equal(await encodeHistory("a"), `t${b64("a")}`); // compressing would not pay
});

test("links already published keep opening: Mata Ases's ?mano= and Hold'em's #mano=", async () => {
  const old = new URL(`https://example.org/mata-ases/mesa-libre/?mano=${b64(MATA)}`);
  assert.deepEqual(linkedHand(old, LIMIT), { part: `?mano=${b64(MATA)}`, plain: true });
  assert.deepEqual(await decodeHistory(linkedHand(old, LIMIT), LIMIT), { text: MATA });
  const holdem = new URL(`https://example.org/holdem/mesa/#mano=z${b64(deflateRawSync(Buffer.from(PHH)))}`);
  assert.deepEqual(await decodeHistory(linkedHand(holdem, LIMIT), LIMIT), { text: PHH });
  assert.equal(linkedHand(new URL("https://example.org/holdem/mesa/?rapido=1#arriba"), LIMIT), null);
  // the hand among other parameters of the fragment
  const among = new URL(`https://example.org/holdem/mesa/#x=1&mano=${b64(MATA)}`);
  assert.deepEqual(await decodeHistory({ ...linkedHand(among, LIMIT), plain: true }, LIMIT), { text: MATA });
});

test("damaged links read as bad", async () => {
  for (const token of ["", "x123", "z!!!", "t!!", `t${b64(Buffer.from([0xff, 0xfe]))}`, `z${b64("not deflate")}`, null]) {
    assert.deepEqual(await decodeHistory({ token }, LIMIT), { problem: "bad" }, String(token));
  }
  assert.deepEqual(await decodeHistory({ token: "%%%", plain: true }, LIMIT), { problem: "bad" });
});

test("an oversized link is refused before decoding, and a small one that inflates too far as it inflates", async () => {
  const huge = "t" + "A".repeat(maxToken(LIMIT));
  assert.deepEqual(await decodeHistory({ token: huge }, LIMIT), { problem: "long" });
  // An address far too long is not even parsed.
  const address = { search: "", hash: `#mano=${huge}${"A".repeat(100)}` };
  assert.deepEqual(linkedHand(address, LIMIT), { part: null, plain: false, long: true });
  assert.deepEqual(await decodeHistory(linkedHand(address, LIMIT), LIMIT), { problem: "long" });
  // A deflate bomb: a few hundred bytes that would inflate to 50 MB.
  const bomb = deflateRawSync(Buffer.alloc(50_000_000, 32));
  assert.ok(bomb.length < 60_000);
  const started = Date.now();
  assert.deepEqual(await decodeHistory({ token: `z${b64(bomb)}` }, LIMIT), { problem: "long" });
  assert.ok(Date.now() - started < 5000);
  // Just under the limit still reads.
  const text = "a".repeat(LIMIT);
  assert.deepEqual(await decodeHistory({ token: await encodeHistory(text) }, LIMIT), { text });
  assert.deepEqual(await decodeHistory({ token: await encodeHistory(`${text}a`) }, LIMIT), { problem: "long" });
});

test("the address forgets the hand, and only the hand", () => {
  const page = (href) => addressWithoutHand(new URL(href));
  assert.equal(page("https://example.org/m/?pausa=40&mano=abc"), "/m/?pausa=40");
  assert.equal(page("https://example.org/m/?rapido=1#mano=tYQ"), "/m/?rapido=1");
  assert.equal(page("https://example.org/m/?rapido=1#arriba"), null);
});

test("without the engine's limit nothing is decoded: every link reads as too long", async () => {
  const token = await encodeHistory(PHH);
  assert.deepEqual(await decodeHistory({ token }, undefined), { problem: "long" });
  assert.deepEqual(linkedHand({ search: "", hash: `#mano=${token}` }, undefined), { part: null, plain: false, long: true });
});
