"""What the reader's screen needs from a Hold'em hand in play: the table page's replies
(:class:`engine.table.view.TableViewer`, the same shape as Mata Ases's).

- ``events``: each record worded by :func:`.texts.event` (``{"type", "street", "player"?, "amount"?,
  "cards"?, "text", "cite"?}``), with ``section`` («Pre-flop», «Flop»...) on the first event of each
  street. A hole-card event carries its cards only for a seat the viewer may see (``reveal``: the
  reader «Tú» by default; every seat in a replayed hand history).
- ``table.board`` is ``{"cards", "open": true, "label"}``; per seat (in seat order)::

    {"name", "stack", "bet", "folded"?: true, "all_in"?: true, "open": [shown cards],
     "closed": [hole cards; "??" for a seat the viewer may not see], "forced"?: {"type": "small_blind" |
     "big_blind" | "straddle" | "ante", "amount", "label"}, "shown"?: {"name"}, "won"?: chips,
     "badges": [{"kind": "button" | "position" | "act" | "folded" | "allin" | "win", "text"}]}

- ``next``: ``{"player", "can": [options with their labels], "prompt"}``; ``result``: ``pots``
  (amount and winners, main pot first), ``headline`` (who takes what), ``shows`` (the hands shown),
  ``stacks`` (each player's change). No ``extensions``.

>>> from engine.cards import DECK
>>> from engine.games.holdem.command import deal_due
>>> hand = HoldemHand([("Ana", 100), ("Tú", 100), ("Beto", 100)], button="Beto", blinds=[1, 2], min_bet=2)
>>> deal_due(hand, iter(DECK))
>>> viewer = HoldemViewer(hand); reply = viewer.reply()
>>> [s["closed"] for s in reply["events"][-1]["table"]["seats"]]
[['??', '??'], ['2d', '3c'], ['??', '??']]
>>> reply["next"]["player"], [o["label"] for o in reply["next"]["can"]]
('Beto', ['Retirarse', 'Pagar 2', 'Subir'])
"""

from __future__ import annotations

from typing import Any, Collection, Iterator, Mapping

from ...spanish import amount, capital, signed, street_title
from ...table import AntePosting, BlindPosting, PotAwarding
from ...table.view import TableViewer, mark_seat
from ...table.words import FORCED, LABELS, YOU, badge, button
from .hand import HoldemHand
from .texts import BOARD_LABELS, TABLE_LABELS, event, prompt, shown_hand

__all__ = ["HoldemViewer"]

_FORCED_TYPES = {"small": "small_blind", "big": "big_blind", "straddle": "straddle"}


class HoldemViewer(TableViewer):
    """Follows one :class:`HoldemHand`; ``reveal``: the seats whose hole cards the viewer sees;
    ``names``: display names of the hand's players (a hand history's ``p1``... by default as they are);
    ``button``: where the button is shown when that is not the hand's (a dead button on an empty seat)."""

    SHARED = "board"

    def __init__(self, hand: HoldemHand, *, reveal: Collection[str] = (YOU,), names: Mapping[str, str] | None = None,
                 button: str | None = None) -> None:
        super().__init__()
        self.hand = hand
        self.reveal = frozenset(reveal)
        self.names = dict(names or {})
        self.button = button
        self._section: str | None = None

    def _name(self, player: str | None) -> str | None:
        return self.names.get(player, player) if player is not None else None

    def _event(self, rec, count: int) -> dict:
        view = event(rec, self.names, pot_count=count, strengths=self.hand.strengths)
        if "player" in view:
            view["player"] = self._name(view["player"])
        return view

    def event_count(self) -> int:
        return len(self.hand.events)

    def _awards(self) -> list[PotAwarding]:
        return sorted((r for r in self.hand.events if isinstance(r, PotAwarding)), key=lambda r: r.index)

    def event_views(self, start: int) -> Iterator[dict]:
        hand = self.hand
        count = max(len(self._awards()), 1)
        for rec in hand.events[start:]:
            view = self._event(rec, count)
            if view["type"] == "hole" and rec.player not in self.reveal:
                view.pop("cards", None)
            title = street_title(rec.street or "preflop")
            if title != self._section:
                self._section = title
                view = {**{k: view[k] for k in ("type", "street")}, "section": title,
                        **{k: v for k, v in view.items() if k not in ("type", "street")}}
            if "cards" in view:
                self.mention(view["cards"])
            if view.get("amount") is not None:
                self.mention(amounts=[view["amount"]])
            yield view

    def is_over(self) -> bool:
        return self.hand.over

    def labels(self) -> dict:
        return {**LABELS, **TABLE_LABELS,
                "closed_of": {self._name(n): f"{TABLE_LABELS['closed']} de {self._name(n)}"
                              for n in self.hand.names if n != YOU}}

    def _seat(self, name: str, forced: dict, won: dict) -> dict:
        hand = self.hand
        hole = hand.hole[name]
        gone = name in hand.folded or name in hand.mucked
        face_up = bool(hole) and None not in hole and all(hand.up[name])
        seen = name in self.reveal
        tokens = [str(c) if c is not None else "??" for c in hole]
        seat: dict[str, Any] = {"name": self._name(name), "stack": hand.stacks[name], "bet": hand.bets[name],
                                "open": tokens if face_up else [],
                                "closed": [] if face_up or (gone and not seen) else
                                tokens if seen else ["??"] * len(hole)}
        badges = [badge("button", name)] if name == (self.button or hand.button) else []
        badges.append({"kind": "position", "text": hand.position[name]})
        if name == hand.to_act:
            badges.append(badge("act", name))
        if gone:
            seat["folded"] = True
            badges.append(badge("folded", name))
        mark_seat(seat, badges, name, all_in=not gone and hand.stacks[name] == 0, won=won.get(name),
                  forced=forced.get(name))
        if face_up and name in hand.strengths:
            seat["shown"] = {"name": capital(event_hand(hand, name))}
        seat["badges"] = badges
        return seat

    def table(self) -> dict:
        hand = self.hand
        forced: dict[str, dict] = {}
        won: dict[str, int] = {}
        for rec in hand.events:
            if isinstance(rec, (BlindPosting, AntePosting)):
                kind = _FORCED_TYPES[rec.kind] if isinstance(rec, BlindPosting) else "ante"
                text = f"{FORCED[kind]} {amount(rec.amount)}"
                if rec.player in forced:  # a blind and an ante: one label
                    forced[rec.player]["label"] += f" · {text}"
                else:
                    forced[rec.player] = {"type": kind, "amount": rec.amount, "label": text}
            elif isinstance(rec, PotAwarding):
                for name, share in rec.shares:
                    won[name] = won.get(name, 0) + share
        board = [str(c) for c in hand.board]
        return {"pot": hand.pot, "button": self._name(self.button or hand.button), "to_act": self._name(hand.to_act),
                "board": {"cards": board, "open": True, "label": BOARD_LABELS[len(board)]},
                "seats": [self._seat(name, forced, won) for name in hand.names]}

    def next(self) -> dict:
        hand = self.hand
        can = [button(option) for option in hand.legal_actions()]
        call = next((o["amount"] for o in can if o["action"] == "call"), None)
        return {"player": self._name(hand.to_act), "can": can, "prompt": prompt(call)}

    def result(self) -> dict:
        """The end of the hand: pots, who takes them, the hands shown and each player's change."""
        hand = self.hand
        count = max(len(self._awards()), 1)
        views = [self._event(rec, count) for rec in hand.events]
        pots = [{"amount": r.amount, "winners": [self._name(w) for w in r.winners]} for r in self._awards()]
        headline = [{"text": v["text"], "player": v["player"]} for v in views if v["type"] == "win"]
        items = []
        for view in views:
            if view["type"] in ("show", "muck"):
                item: dict[str, Any] = {"type": view["type"], "text": view["text"], "player": view["player"]}
                if view.get("cards"):
                    item["cards"] = view["cards"]
                    self.mention(view["cards"])
                    player = next(p for p in hand.names if self._name(p) == view["player"])
                    if player in hand.strengths:
                        item["hand"] = capital(event_hand(hand, player))
                items.append(item)
        shows = [{"deal": 0, "title": street_title("showdown"), "items": items}] if items else []
        start = hand.starting_stacks
        stacks = [{"name": self._name(n), "stack": hand.stacks[n], "change": hand.stacks[n] - start[n],
                   "change_text": signed(hand.stacks[n] - start[n])} for n in hand.names]
        self.mention(amounts=[row["stack"] for row in stacks] + [p["amount"] for p in pots])
        return {"pots": pots, "headline": headline, "shows": shows, "stacks": stacks}


def event_hand(hand: HoldemHand, player: str) -> str:
    """The player's best hand at the showdown, in running text («pareja de Ases»)."""
    return shown_hand(hand.strengths, player) or ""
