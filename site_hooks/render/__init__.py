"""The renderers of the tables hook's ``<!-- engine:… -->`` markers: one module per game, and
:mod:`~site_hooks.render.common` for what they share. Importing this package registers them all."""

from site_hooks.render import common, holdem, holdem_played, mata_ases, ultimate  # noqa: F401  (registers the markers)
from site_hooks.render import odds_holdem, odds_mata_ases, odds_ultimate  # noqa: F401  (the «Probabilidades» pages)
from site_hooks.render.common import FIGURES, REGISTRY, Tabs

__all__ = ["FIGURES", "REGISTRY", "Tabs"]
