// Mesa libre's share links (docs/javascripts/ui/mesa-libre-link.js): a link whose data the engine
// could never receive is the link's fault (decodeHand → null: «El enlace no describe una mano…»),
// never «El motor no está disponible» (issue 26).
import assert from "node:assert/strict";
import test from "node:test";

import { decodeHand, encodeHand } from "../../docs/javascripts/ui/mesa-libre-link.js";

const token = (json) => Buffer.from(json).toString("base64url");

test("a link round-trips", () => {
  const table = { opponents: 2, modality: "boton-ante", betting: "libre", minimum: 10, stack: 1000, seed: 12345 };
  const hand = decodeHand(encodeHand(table, [{ action: "paga" }, { action: "sube", amount: 40 }]));
  assert.deepEqual(hand, { table, decisions: [{ action: "paga" }, { action: "sube", amount: 40 }] });
});

test("a seed of 1e400 (Infinity once read) or other data the engine cannot receive makes the link unreadable", () => {
  const bad = [
    '{"v":1,"t":{"seed":1e400},"d":[]}',
    '{"v":1,"t":{"seed":-1e400},"d":[]}',
    '{"v":1,"t":{"seed":1},"d":[["sube",1e999]]}',
    '{"v":1,"t":null,"d":[]}',
    '{"v":1,"t":{},"d":[1]}',
    '{"v":1,"t":{},"d":[null]}',
    '{"v":2,"t":{},"d":[]}',
  ];
  for (const json of bad) assert.equal(decodeHand(token(json)), null, json);
  assert.equal(decodeHand("%%%"), null);
  // the engine judges a finite seed out of its range (with its own message), not the link reader
  assert.deepEqual(decodeHand(token('{"v":1,"t":{"seed":1e300},"d":[]}')).table, { seed: 1e300 });
});
