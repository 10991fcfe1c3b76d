"""A Mata Ases hand's events as the ``mata-ases-hand`` reply words them, read as attributes (``e.type``,
``e.text``, ``e.table``: the table after the event, when the hand kept it): what the rule tests compare
against."""

from __future__ import annotations

from types import SimpleNamespace

from engine.games.mata_ases.texts import WORDS
from engine.table.texts import cited_before, event


def events(hand) -> list[SimpleNamespace]:
    """Every event of ``hand`` so far, worded, with the table after it (None when the hand kept none)."""
    out, cited = [], set()
    for index, rec in enumerate(hand.events):
        view = event(rec, {}, words=WORDS, rules=hand.rules)
        out.append(SimpleNamespace(**{"player": None, "amount": None, "cite": None, **view,
                                      "cards": tuple(view["cards"]) if "cards" in view else None,
                                      "cite_repeat": cited_before(rec, view.get("cite"), cited),
                                      "table": hand.tables[index] if hand.tables else None}))
    return out
