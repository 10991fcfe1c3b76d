"""The table page's view of a hand in play, for every game: lean JSON replies, decision by decision.

A game's hand carries its whole history; a click in the browser needs only what is new. A
:class:`TableViewer` follows one hand and, after each decision (:meth:`TableViewer.stop`), gives in
each :meth:`TableViewer.reply`:

- ``events``: the new events (the game's own wording, without snapshots). The last event before
  each decision (and the last of the reply) carries ``"table"``: the table as it stands then, with
  only the seats that changed since the table before it (each seat whole), and the shared cards
  (``SHARED``: Mata Ases's ``ayudas``, Hold'em's ``board``, each ``{"cards", "open", "label"}``) and
  ``banner`` only when they changed (the first reply of a session has everything).
- ``more: true`` when the new events did not fit in one reply (about :data:`EVENTS_BUDGET` bytes):
  ask again for the rest. Otherwise ``next`` (whose turn, the options with their labels, the
  prompt) or ``result`` (the end of the hand).
- ``cards``: the display of every card the reply mentions for the first time in the session, and
  ``amounts``: how each amount mentioned is written when that is not plain digits, so that the page
  keeps no card names and no number format of its own.
- ``labels`` (first reply of a session only): the table's words the page draws around the data.

A game's viewer says what its events, its table, its next decision and its result are
(:meth:`~TableViewer.event_views`, :meth:`~TableViewer.table`, :meth:`~TableViewer.next`,
:meth:`~TableViewer.result`, :meth:`~TableViewer.labels`); the bookkeeping here is the same for all.

>>> class Counter(TableViewer):
...     SHARED = "board"
...     def __init__(self):
...         super().__init__()
...         self.log = []
...     def event_count(self): return len(self.log)
...     def event_views(self, start): return iter([{"text": t} for t in self.log[start:]])
...     def table(self): return {"pot": 3000, "button": "A", "to_act": None, "seats": [],
...                              "board": {"cards": [], "open": True, "label": "Mesa"}}
...     def is_over(self): return True
...     def labels(self): return {}
...     def result(self): return {"pots": []}
>>> viewer = Counter(); viewer.log.append("Empieza la mano."); viewer.stop()
>>> reply = viewer.reply()
>>> reply["events"][0]["table"]["board"]["label"], reply["amounts"], "labels" in viewer.reply()
('Mesa', {'3000': '3.000'}, False)
"""

from __future__ import annotations

import json
from typing import Any, Iterator

from ..cards import Card
from ..spanish import amount, card_display
from .words import badge

__all__ = ["EVENTS_BUDGET", "TableViewer", "card_view", "mark_seat"]

#: Bytes of events per reply before the rest waits for the next one (``"more": true``).
EVENTS_BUDGET = 2500


def card_view(card: Card) -> dict:
    """How a card is drawn (:func:`engine.spanish.card_display` without what the reply already says).

    >>> card_view(Card.parse("Ah"))["name"]
    'As de corazones'
    """
    shown = card_display(card)
    return {key: shown[key] for key in ("rank", "suit", "color", "name")}


def mark_seat(seat: dict, badges: list, name: str, *, all_in: bool, won: int | None, forced: dict | None) -> None:
    """A seat's all-in, chips won and forced bet, each with its badge (in that order), for every game.

    >>> seat, badges = {}, []; mark_seat(seat, badges, "Ana", all_in=True, won=300, forced=None)
    >>> seat, [b["text"] for b in badges]
    ({'all_in': True, 'won': 300}, ['All-in', 'Gana 300'])
    """
    if all_in:
        seat["all_in"] = True
        badges.append(badge("allin", name))
    if won is not None:
        seat["won"] = won
        badges.append(badge("win", name, won))
    if forced is not None:
        seat["forced"] = forced


class TableViewer:
    """The game-agnostic part of a table's view (see the module docstring); subclasses give the game."""

    #: The key of the cards in the middle of the table (``{"cards", "open", "label"}``).
    SHARED = "ayudas"

    def __init__(self) -> None:
        self.sent = 0              # events already described
        self._stops: dict[int, dict] = {}
        self._cards: set[Card] = set()
        self._amounts: set[int] = set()
        self._seats_sent: dict[str, dict] = {}
        self._shared_sent: dict | None = None
        self._banner_sent: str | None = None
        self._cards_sent: set[Card] = set()
        self._labels_sent = False

    # ------------------------------------------------------------------------------ the game's part

    def event_count(self) -> int:
        """How many events the hand has so far."""
        raise NotImplementedError

    def event_views(self, start: int) -> Iterator[dict]:
        """The views of the events from ``start`` on, in order, made as they are taken (a reply cut by
        the budget leaves the rest, and whatever state their making changes, for the next one)."""
        raise NotImplementedError

    def table(self) -> dict:
        """The table now: ``pot``, ``button``, ``to_act``, ``seats`` (each with ``name``, ``stack``,
        ``bet``, ``open``, ``closed``), the shared cards (:data:`SHARED`) and ``banner`` if any."""
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def next(self) -> dict:
        """The decision asked for: ``{"player", "can", "prompt", "hint"?}``."""
        raise NotImplementedError

    def result(self) -> dict:
        raise NotImplementedError

    def labels(self) -> dict:
        raise NotImplementedError

    # ------------------------------------------------------------------------------ shared bookkeeping

    def mention(self, cards=(), amounts=()) -> None:
        """Cards (tokens; ``"??"``: a card the viewer may not see) and amounts the reply being built
        mentions: their display goes with it."""
        self._cards.update(Card.parse(t) for t in cards if t != "??")
        self._amounts.update(amounts)

    def stop(self) -> None:
        """Call after each decision: the table as it stands then goes with the last event so far."""
        count = self.event_count()
        if count > self.sent:
            self._stops[count] = self.table()

    def reply(self) -> dict:
        """What is new since the last reply (see the module docstring), at most about
        :data:`EVENTS_BUDGET` bytes of events: a longer stretch is cut after an event and the reply
        says ``"more": true``."""
        self._cards, self._amounts = set(), set()
        total = self.event_count()
        views = self.event_views(self.sent)
        out_events = []
        used = 0
        index = self.sent
        for view in views:
            index += 1
            table = self._stops.pop(index, None)
            if table is not None and index < total:
                view["table"] = self._delta(table)
            out_events.append(view)
            used += len(json.dumps(view, ensure_ascii=False))
            if used > EVENTS_BUDGET:
                break
        self.sent = index
        if index < total:
            return self._finish({"events": out_events, "more": True})
        if out_events:
            out_events[-1]["table"] = self._delta(self.table())
        answer: dict[str, Any] = {"events": out_events}
        if self.is_over():
            answer["result"] = self.result()
        else:
            answer["next"] = self.next()
        return self._finish(answer)

    def _finish(self, answer: dict) -> dict:
        if not self._labels_sent:
            self._labels_sent = True
            answer["labels"] = self.labels()
        new_cards = self._cards - self._cards_sent
        self._cards_sent |= new_cards
        answer["cards"] = {c._text: card_view(c) for c in sorted(new_cards, reverse=True)}
        amounts = {str(n): amount(n) for n in sorted(self._amounts) if amount(n) != str(n)}
        if amounts:
            answer["amounts"] = amounts
        return answer

    def _delta(self, table: dict) -> dict:
        """``table`` with only what changed since the last table sent: the seats that changed (whole),
        the shared cards and ``banner`` (``null``: no banner) only when they changed."""
        out = {"pot": table["pot"], "button": table["button"], "to_act": table["to_act"]}
        self._amounts.add(table["pot"])
        shared = table[self.SHARED]
        if shared != self._shared_sent:
            out[self.SHARED] = self._shared_sent = shared
            self.mention(shared["cards"])
        banner = table.get("banner")
        if banner != self._banner_sent:
            out["banner"] = self._banner_sent = banner
        seats = []
        for seat in table["seats"]:
            if self._seats_sent.get(seat["name"]) != seat:
                self._seats_sent[seat["name"]] = seat
                seats.append(seat)
                self.mention(seat["open"] + seat["closed"], (seat["stack"], seat["bet"]))
        out["seats"] = seats
        return out
