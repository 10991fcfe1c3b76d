"""The table page's view of a hand in play, for every game: lean JSON replies, decision by decision.

A game's hand carries its whole history; a click in the browser needs only what is new. A
:class:`TableViewer` follows one hand and, after each decision (:meth:`TableViewer.stop`), gives in
each :meth:`TableViewer.reply`:

- ``events``: the new events (the game's own wording, without snapshots). The last event before
  each decision (and the last of the reply) carries ``"table"``: the table as it stands then, with
  only the seats that changed since the table before it (each seat whole), and the shared cards
  (``SHARED``: Mata Ases's ``ayudas``, Hold'em's ``board``, each ``{"cards", "open", "label"}``) and
  ``banner`` (an extension's announcement) only when they changed (the first reply of a session has
  everything).
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
from typing import Any, Collection, Iterator, Mapping

from ..cards import Card
from ..glossary import terms_of
from ..spanish import amount, capital, card_display, signed
from ..spanish import ordinal
from .records import (AntePosting, BlindPosting, BringInPosting, ChipsReturning, Extending, HoleDealing, Misdealing,
                      Mucking, PotAwarding, PotSplitting, PotUnclaimed, Record, ShareWinning, Showing, StreetEnding)
from .texts import HandWords, cited_before, deal_names, event, part_title, prompt, shown_hand
from .controls import controls
from .showdown import explanations, playing_five
from .words import FORCED, LABELS, SKIPPED, YOU, badge

__all__ = ["EVENTS_BUDGET", "HIDDEN", "MAX_DRAWN", "HandViewer", "TableViewer", "card_view", "mark_seat"]

#: Bytes of events per reply before the rest waits for the next one (``"more": true``).
EVENTS_BUDGET = 2500
#: The most events a jump to the end of a hand (``skip``) leaves for the page to draw: the rest is one line.
MAX_DRAWN = 100


#: A card the viewer may not see (another seat's closed card, a card face down), as replies write it.
HIDDEN = "??"


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
    #: Where the game's rules page states each rule an event cites (events then carry ``cite_links``).
    rule_links = None

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
        self._skipped: dict | None = None  # the line for the events skip() left out, sent with the next reply

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
        self._cards.update(Card.parse(t) for t in cards if t != HIDDEN)
        self._amounts.update(amounts)

    def stop(self) -> None:
        """Call after each decision: the table as it stands then goes with the last event so far."""
        count = self.event_count()
        if count > self.sent:
            self._stops[count] = self.table()

    def skip(self, keep: int = MAX_DRAWN) -> None:
        """Leave at most ``keep`` of the events not sent yet for the page to draw: the ones before are
        not described (a line says how many), so a jump to the end of a long hand draws a bounded log."""
        total = self.event_count()
        first = total - keep
        if first - self.sent <= 1:
            return
        skipped = first - self.sent
        for index in [i for i in self._stops if i <= first]:
            del self._stops[index]
        self._skipped = {"type": "skipped", "text": SKIPPED.replace("{n}", amount(skipped))}
        self.sent = first

    def reply(self) -> dict:
        """What is new since the last reply (see the module docstring), at most about
        :data:`EVENTS_BUDGET` bytes of events: a longer stretch is cut after an event and the reply
        says ``"more": true``."""
        self._cards, self._amounts = set(), set()
        total = self.event_count()
        views = self.event_views(self.sent)
        out_events = [self._skipped] if self._skipped else []
        self._skipped = None
        used = 0
        index = self.sent
        for view in views:
            index += 1
            if view.get("cite") and self.rule_links is not None:  # each rule cited, linked to its paragraph
                view["cite_links"] = self.rule_links.parts(view["cite"])
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

# ---------------------------------------------------------------------------------------------
# A table hand (:class:`engine.table.hand.Hand`): every game, each drawn as its words say
# (:class:`~.texts.HandWords`).
#
# - ``events``: each record worded by :func:`.texts.event` (``{"type", "street", "deal"?, "player"?,
#   "amount"?, "cards"?, "text", "cite"?, "cite_repeat"?}``), with ``section`` («Pre-flop», «Extensión 1 ·
#   Tercera carta»...) on the first event of each part of the hand. A dealing event carries the cards of a
#   seat the viewer may not see only where they are face up (``reveal``: the reader «Tú» by default; every
#   seat in a replayed hand history).
# - ``table``: ``{"pot", "button", "to_act", <shared>: {"cards", "open", "label"}, "seats", "banner"?}``; per
#   seat (in seat order)::
#
#     {"name", "stack", "bet", "out"?: true (not in this deal), "folded"?: true, "all_in"?: true,
#      "open": [face-up cards], "closed": [face-down cards; "??" for a seat the viewer may not see],
#      "won"?: chips, "forced"?: {"type": "small_blind" | "big_blind" | "straddle" | "ante" | "bring_in",
#      "amount", "label"}, "shown"?: {"name", ...}, "badges": [{"kind": "button" | "position" | "act" |
#      "out" | "folded" | "allin" | "win", "text"}]}
#
# - ``next``: ``{"player", "can": [options with their labels], "prompt", "hint"?}``; ``result``: ``pots``
#   (amount and winners), ``extensions`` (a game of deals), ``headline`` (who takes what), ``shows`` (the
#   hands shown, by deal, with what decided: ``why``), ``stacks`` (each player's change).

_FORCED_TYPES = {"small": "small_blind", "big": "big_blind", "straddle": "straddle"}
#: The records a hand's result tells: who takes the chips (or why nobody does), and the hands shown.
_TOLD_AT_THE_END = (PotAwarding, ShareWinning, PotSplitting, Misdealing, PotUnclaimed, Showing, Mucking,
                    ChipsReturning)


class HandViewer(TableViewer):
    """Follows one :class:`~engine.table.hand.Hand` with its game's ``words``; ``reveal``: the seats whose
    own cards the viewer sees; ``names``: display names of the hand's players (a hand history's ``p1``...
    by default as they are); ``button``: where the button is shown when that is not the hand's (a dead
    button on an empty seat).

    >>> from engine.cards import DECK
    >>> from engine.games.holdem.hand import HoldemHand
    >>> from engine.games.holdem.texts import WORDS
    >>> hand = HoldemHand([("Ana", 100), ("Tú", 100), ("Beto", 100)], button="Beto", blinds=[1, 2], min_bet=2)
    >>> hand.deal_due(iter(DECK))
    >>> viewer = HandViewer(hand, WORDS); reply = viewer.reply()
    >>> [s["closed"] for s in reply["events"][-1]["table"]["seats"]]
    [['??', '??'], ['2d', '3c'], ['??', '??']]
    >>> reply["next"]["player"], [o["label"] for o in reply["next"]["can"]]
    ('Beto', ['Retirarse', 'Pagar 2', 'Subir'])
    """

    def __init__(self, hand, words: HandWords, *, reveal: Collection[str] = (YOU,),
                 names: Mapping[str, str] | None = None, button: str | None = None) -> None:
        super().__init__()
        self.hand = hand
        self.words = words
        self.SHARED = words.shared
        self.rule_links = words.links
        self.reveal = frozenset(reveal)
        self.names = dict(names or {})
        self.button = button
        self._section: tuple | None = None
        # The citations said so far, in order (``cite_repeat``): ``(deal, street, cite)``, and up to where.
        self._cited: set = set()
        self._repeats: list[bool] = []
        # What table() and the awards need of the records, read once each as the hand goes on (a long hand
        # history replayed to its end read every record after every step: quadratic).
        self._scanned = 0
        self._deal = 0
        self._forced: dict[str, dict] = {}
        self._won: dict[str, int] = {}
        self._banner: str | None = None
        self._award_records: list[PotAwarding] = []

    def _scan(self) -> None:
        hand = self.hand
        for index in range(self._scanned, len(hand.events)):
            rec = hand.events[index]
            if rec.deal != self._deal:  # a new deal: its own forced bets, winnings and banner
                self._deal = rec.deal
                self._forced, self._won, self._banner = {}, {}, None
            if isinstance(rec, (BlindPosting, AntePosting, BringInPosting)):
                kind = (_FORCED_TYPES[rec.kind] if isinstance(rec, BlindPosting) else
                        "ante" if isinstance(rec, AntePosting) else "bring_in")
                text = f"{FORCED[kind]} {amount(rec.amount)}"
                if rec.player in self._forced:  # a blind and an ante: one label
                    self._forced[rec.player]["label"] += f" · {text}"
                else:
                    self._forced[rec.player] = {"type": kind, "amount": rec.amount, "label": text}
            elif isinstance(rec, StreetEnding) and not self.words.forced_all_deal:
                self._forced.clear()  # the round's bets, forced ones included, are in the pot now
            elif isinstance(rec, (PotAwarding, ShareWinning)):
                if isinstance(rec, PotAwarding):
                    self._award_records.append(rec)
                for name, share in rec.shares if isinstance(rec, PotAwarding) else ((rec.player, rec.amount),):
                    self._won[name] = self._won.get(name, 0) + share
            elif isinstance(rec, Extending):
                self._banner = self._event(rec, 1)["text"]
        self._scanned = len(hand.events)

    def _name(self, player: str | None) -> str | None:
        return self.names.get(player, player) if player is not None else None

    def _event(self, rec: Record, count: int) -> dict:
        view = event(rec, self.names, words=self.words, rules=self.hand.rules, pot_count=count,
                     strengths=self.hand.strengths)
        if "player" in view:
            view["player"] = self._name(view["player"])
        return view

    def _repeat(self, index: int, view: dict) -> bool:
        """Whether the citation of event ``index`` (its ``view``) came earlier in its deal and street."""
        events = self.hand.events
        while len(self._repeats) <= index:  # events left out of the replies (skip) still count
            at = len(self._repeats)
            cite = (view if at == index else self._event(events[at], 1)).get("cite")
            self._repeats.append(cited_before(events[at], cite, self._cited))
        return self._repeats[index]

    def event_count(self) -> int:
        return len(self.hand.events)

    def title(self, street: object) -> str:
        """A street's section title («Pre-flop»; «Showdown» once the betting is over)."""
        return part_title(self.hand.events, self.hand.rules, street)

    def _awards(self) -> list[PotAwarding]:
        self._scan()
        return sorted(self._award_records, key=lambda r: r.index)

    def event_views(self, start: int) -> Iterator[dict]:
        hand, words = self.hand, self.words
        count = max(len(self._awards()), 1)
        for index in range(start, len(hand.events)):
            rec = hand.events[index]
            view = self._event(rec, count)
            if isinstance(rec, HoleDealing) and rec.player not in self.reveal:
                self._hide(view, rec)
            if words.repeat_cites and view.get("cite") and self._repeat(index, view):
                view["cite_repeat"] = True
            title = self.title(rec.street)
            if (rec.deal, title) != self._section:
                self._section = (rec.deal, title)
                head = ("type", "street", "deal")
                view = {**{k: view[k] for k in head if k in view},
                        "section": part_title(hand.events, hand.rules, rec.street, rec.deal),
                        **{k: v for k, v in view.items() if k not in head}}
            if "cards" in view:
                self.mention(view["cards"])
            if words.mention_amounts and view.get("amount") is not None:
                self.mention(amounts=[view["amount"]])
            yield view

    def _hide(self, view: dict, rec: HoleDealing) -> None:
        """A dealing event of a seat the viewer may not see: its face-down cards masked, or left out."""
        mask = self.words.mask
        if mask is not None:
            view["cards"] = [token if up else mask for token, up in zip(view["cards"], rec.up)]
            return
        shown = [token for token, up in zip(view.pop("cards", ()), rec.up) if up]
        if shown:  # own cards dealt face up: everybody sees them
            view["cards"] = shown

    def is_over(self) -> bool:
        return self.hand.over

    def labels(self) -> dict:
        labels = {**LABELS, **self.words.labels}
        return {**labels, "closed_of": {self._name(n): f"{labels['closed']} de {self._name(n)}"
                                        for n in self.hand.names if n != YOU}}

    def _seat(self, name: str, forced: dict, won: dict) -> dict:
        hand = self.hand
        hole = hand.hole[name]
        out = name not in hand.participants
        gone = out or name in hand.folded or name in hand.mucked
        up = hand.up[name]
        seen = name in self.reveal
        tokens = [str(c) if c is not None else HIDDEN for c in hole]
        down = [token for token, face in zip(tokens, up) if not face]
        closed = down if seen else [] if gone and not self.words.folded_cards else [HIDDEN] * len(down)
        seat: dict[str, Any] = {"name": self._name(name), "stack": hand.stacks[name], "bet": hand.bets[name],
                                "open": [token for token, face in zip(tokens, up) if face], "closed": closed}
        badges = [badge("button", name)] if name == (self.button or hand.button) else []
        if name in hand.position:
            badges.append({"kind": "position", "text": hand.position[name]})  # explained by the page (glossary)
        if name == hand.to_act:
            badges.append(badge("act", name))
        if out:
            seat["out"] = True
            seat["folded"] = True
            badges.append({"kind": "out", "text": self.words.labels["out"]})
        elif gone:
            seat["folded"] = True
            badges.append(badge("folded", name))
        mark_seat(seat, badges, name, all_in=not gone and hand.stacks[name] == 0, won=won.get(name),
                  forced=forced.get(name))
        shown = (self.words.seat_shown or _seat_shown)(self, name)
        if shown is not None:
            seat["shown"] = shown
        seat["badges"] = badges
        return seat

    def table(self) -> dict:
        hand = self.hand
        self._scan()
        forced = {name: dict(value) for name, value in self._forced.items()}  # copies: a later reply's own
        won = dict(self._won)
        board, up = [str(c) for c in hand.board], hand.board_up
        label = self.words.board_labels.get(len(board) if up or not board else "closed", "")
        table = {"pot": hand.pot, "button": self._name(self.button or hand.button), "to_act": self._name(hand.to_act),
                 self.SHARED: {"cards": board if up else [HIDDEN] * len(board), "open": up, "label": label},
                 "seats": [self._seat(name, forced, won) for name in hand.names]}
        if self._banner:
            table["banner"] = self._banner
        return table

    def next(self) -> dict:
        hand = self.hand
        can = controls(hand)
        view: dict[str, Any] = {"player": self._name(hand.to_act), "can": can}
        if any(o["action"] in ("up", "down") for o in can):
            view["prompt"] = self.words.choice_prompt.format(nth=ordinal(len(hand.hole[hand.to_act]) + 1))
            view["hint"] = self.words.choice_hint
        else:
            view["prompt"] = prompt(next((o["amount"] for o in can if o["action"] == "call"), None), self.words)
        return view

    def result(self) -> dict:
        """The end of the hand: pots, who takes them, the hands shown and each player's change."""
        hand, words = self.hand, self.words
        count = max(len(self._awards()), 1)
        told = [(rec, self._event(rec, count)) for rec in hand.events if isinstance(rec, _TOLD_AT_THE_END)]
        pots = [{"amount": chips, "winners": [self._name(w) for w in winners]} for chips, winners in hand.pot_results()]
        answer: dict[str, Any] = {"pots": pots}
        if words.deals:
            answer["extensions"] = hand.extensions
        last = hand.events[-1].deal if hand.events else 0
        kinds = ("win", "split") if any(v["type"] in ("win", "split") for _, v in told) else ("misdeal", "no_winner")
        answer["headline"] = [{"text": v["text"], **({"player": v["player"]} if v.get("player") else {})}
                              for rec, v in told if rec.deal == last and v["type"] in kinds]
        answer["shows"] = self._shows(told)
        start = hand.starting_stacks
        answer["stacks"] = [{"name": self._name(n), "stack": hand.stacks[n], "change": hand.stacks[n] - start[n],
                             "change_text": signed(hand.stacks[n] - start[n])} for n in hand.names]
        self.mention(amounts=[row["stack"] for row in answer["stacks"]]
                     + ([p["amount"] for p in pots] if words.mention_amounts else []))
        return answer

    def _shows(self, told: list[tuple[Record, dict]]) -> list[dict]:
        """The hands shown, by deal, each as its event says it, and what decided each showdown."""
        hand, words = self.hand, self.words
        names = deal_names(hand.events) if words.deals else {}
        shows: list[dict] = []
        for rec, view in told:
            kind = view["type"]
            if kind not in ("show", "muck") and not (kind in ("no_winner", "return") and rec.street == "showdown"):
                continue
            if not shows or shows[-1]["deal"] != rec.deal:
                shows.append({"deal": rec.deal, "title": names[rec.deal] if words.deals else self.title("showdown"),
                              "items": []})
            item: dict[str, Any] = {"type": kind, "text": view["text"]}
            if view.get("player"):
                item["player"] = view["player"]
            if view.get("cards"):
                item["cards"] = view["cards"]
                self.mention(view["cards"])
                item.update((words.show_item or _show_item)(self, rec))
            shows[-1]["items"].append(item)
        for deal in shows:
            deal.update((words.why or _why)(self, deal))
        return shows


def event_hand(hand, player: str) -> str:
    """The player's best hand at the showdown, in running text («pareja de Ases»)."""
    return shown_hand(hand.strengths, player) or ""


def _seat_shown(viewer: HandViewer, name: str) -> dict | None:
    """A seat whose hand is face up once the showdown valued it: its hand's name."""
    hand = viewer.hand
    hole = hand.hole[name]
    if hole and None not in hole and all(hand.up[name]) and name in hand.strengths:
        return {"name": capital(event_hand(hand, name))}
    return None


def _show_item(viewer: HandViewer, rec: Record) -> dict:
    """A hand shown at the showdown: its name and its five playing cards."""
    hand = viewer.hand
    if rec.player not in hand.strengths:
        return {}
    five = [str(c) for c in playing_five([*hand.hole[rec.player], *hand.board])]
    viewer.mention(five)
    return {"hand": capital(event_hand(hand, rec.player)), "five": five}


def _why(viewer: HandViewer, deal: dict) -> dict:
    """What decided each contested pot, between the hands the reader saw (with the glossary terms it uses)."""
    hand = viewer.hand
    if not hand.strengths:
        return {}
    names = {p: viewer._name(p) for p in hand.names}
    shown = {item["player"] for item in deal["items"] if item.get("five")}  # only what the reader saw
    hole = {p: hand.hole[p] for p in hand.strengths if names[p] in shown}
    pots = [([p for p in pot.eligible if p in hole], pot.amount) for pot in hand.pots()]
    out: dict[str, Any] = {"why": explanations(hole, hand.board, pots, names)}
    terms = terms_of(*out["why"])
    if terms:
        out["terms"] = terms  # «kicker», with its meaning: the page marks it
    return out
