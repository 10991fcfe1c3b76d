// Small helpers shared by the UI modules: run code for every page shown, build DOM nodes as text.

/**
 * Call fn() for the page now shown and for every page Material's instant navigation shows later
 * (its document$ observable). Material's script starts on the reader's first touch or key
 * (overrides/main.html), so it is usually not there yet: fn() runs now, and from the "material" event
 * on, for each page Material shows.
 */
export function onPage(fn) {
  const attach = () => {
    const pages = window.document$;
    if (pages && typeof pages.subscribe === "function") {
      pages.subscribe(() => fn());
      return;
    }
    fn();
    addEventListener("material", () => {
      // Subscribing replays the page now shown, at once: that one is done.
      let replay = true;
      window.document$.subscribe(() => { if (!replay) fn(); });
      replay = false;
    }, { once: true });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", attach, { once: true });
  else attach();
}

/** <tag class="className">text</tag>; text always goes in as text, never as HTML. */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

/** A <button type="button"> of the site's style with `text`. */
export function button(text, className = "md-button") {
  const node = el("button", className, text);
  node.type = "button";
  return node;
}

/** A <section> named by its <h2 id="id">title</h2>. */
export function section(className, title, id) {
  const node = el("section", className);
  const heading = el("h2", null, title);
  heading.id = id;
  node.setAttribute("aria-labelledby", id);
  node.append(heading);
  return node;
}

/**
 * `text` as text nodes, with each of the engine's `terms` ({text, title}: an English word it keeps and
 * the glossary's meaning) where it occurs as an <abbr> that explains itself on tap and on focus.
 */
export function withTerms(text, terms) {
  const out = document.createDocumentFragment();
  let rest = String(text);
  while (terms && terms.length && rest) {
    let first = null;
    for (const term of terms) {
      const at = rest.indexOf(term.text);
      if (at >= 0 && (!first || at < first.at)) first = { at, term };
    }
    if (!first) break;
    const abbr = el("abbr", null, first.term.text);
    abbr.title = first.term.title;
    abbr.tabIndex = 0;
    out.append(rest.slice(0, first.at), abbr);
    rest = rest.slice(first.at + first.term.text.length);
  }
  out.append(rest);
  return out;
}

/**
 * Scroll the page, if needed, so that `element` is on screen and clear of Material's sticky header
 * (the element's CSS scroll-margin-top keeps it out from under the header). Used to bring the «next»
 * control back after the reader answers, when it has scrolled off the top.
 */
export function bringIntoView(element) {
  if (element && element.isConnected) element.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/**
 * A page opened at a heading (a rule's link, «Repasa la regla») shows that heading at the top, clear of the
 * header: Material's instant navigation swaps the page in and does not always scroll to it (it may leave the
 * previous page's scroll). A page shown by «back» or «forward» keeps the scroll the browser restores.
 */
let restoring = false;
if (typeof addEventListener === "function") addEventListener("popstate", () => { restoring = true; });

export function landOnAnchor() {
  const back = restoring;
  restoring = false;
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (!target || back) return;
  requestAnimationFrame(() => {
    // The new page's style may not apply yet (its scroll-margin-top, 0 then): the header's height stands in.
    const header = document.querySelector(".md-header");
    const margin = parseFloat(getComputedStyle(target).scrollMarginTop)
      || (header ? header.getBoundingClientRect().height : 0) + 20;
    scrollTo(scrollX, scrollY + target.getBoundingClientRect().top - margin);
  });
}

/** Draw the engine's loading progress on a <progress>: the one source every bar and the download's
 * words share (engine/client.js, state().progress: bytes received of bytes expected). */
export function drawProgress(bar, { progress }) {
  const total = (progress && progress.total) || 0;
  bar.max = total || 1;
  bar.value = total ? Math.min(progress.loaded, total) : 0;
}
