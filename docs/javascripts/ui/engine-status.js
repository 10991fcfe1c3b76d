// Shows the engine's loading state in every [data-engine-status] element of the current page.
(function () {
  "use strict";
  function render(state) {
    for (const el of document.querySelectorAll("[data-engine-status]")) {
      el.dataset.phase = state.phase;
      el.textContent = state.text;
    }
  }
  function bind() {
    for (const el of document.querySelectorAll("[data-engine-status]")) {
      el.setAttribute("role", "status");
      el.setAttribute("aria-live", "polite");
    }
    render(window.PokerEngine.state);
  }
  window.PokerEngine.onStatus(render);
  window.document$.subscribe(bind);
})();
