"""A Mata Ases hand's events as the ``mata-ases-hand`` reply gives them, read as attributes (``e.type``,
``e.text``, ``e.table``...): what the rule tests compare against."""

from __future__ import annotations

from types import SimpleNamespace

from engine.games.mata_ases.command import reply


def events(hand) -> list[SimpleNamespace]:
    """Every event of ``hand`` so far, worded, with the table after it."""
    return [SimpleNamespace(**{**e, "cite_repeat": e.get("cite_repeat", False),
                               "cards": tuple(e["cards"]) if e["cards"] is not None else None})
            for e in reply(hand)["events"]]
