// «Mesa de Hold'em»: a hand carried in a link as its PHH text, as pure helpers (no DOM).
// The fragment is #mano=<token>: "z" + base64url of the text compressed with deflate-raw when that is
// shorter, else "t" + base64url of the text itself. The engine replays the text ("play-start", mode "replay").

function toBase64Url(bytes) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(token) {
  const padded = token.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((token.length + 3) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

async function through(stream, bytes) {
  const piped = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

/** The #mano= token of a PHH text (compressed when the browser can and it is shorter). */
export async function encodePhh(text) {
  const plain = new TextEncoder().encode(text);
  let best = `t${toBase64Url(plain)}`;
  if (typeof CompressionStream === "function") {
    const packed = `z${toBase64Url(await through(new CompressionStream("deflate-raw"), plain))}`;
    if (packed.length < best.length) best = packed;
  }
  return best;
}

/** The PHH text of a #mano= token, or null when it cannot be read (the engine checks the text itself). */
export async function decodePhh(token) {
  try {
    const kind = String(token || "").charAt(0);
    const bytes = fromBase64Url(String(token).slice(1));
    if (kind === "t") return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    if (kind === "z" && typeof DecompressionStream === "function") {
      return new TextDecoder("utf-8", { fatal: true }).decode(await through(new DecompressionStream("deflate-raw"), bytes));
    }
  } catch (e) { /* a damaged link */ }
  return null;
}

/** The page's address with the hand in its fragment (and nothing in the query). */
export function shareUrl(location, token) {
  const url = new URL(location.href);
  url.search = "";
  url.hash = `mano=${token}`;
  return url.href;
}
