// Interactive Mata Ases simulator (docs/mata-ases/simulador.md, #simulador). Work in progress.
(function () {
  "use strict";
})();
