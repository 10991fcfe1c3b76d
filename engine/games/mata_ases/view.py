"""What the reader's screen needs from a Mata Ases hand in play, as lean JSON (the simulator's view).

The ``mata-ases-hand`` reply (:mod:`.command`) carries a full table snapshot on every event: right for
the static walkthroughs, too heavy for a click in the browser. A :class:`Viewer` follows one hand and,
after each decision, gives only what is new:

- ``events``: the new events without snapshots (``{"type", "street", "deal", "player"?, "amount"?,
  "cards"?, "text", "cite"?, "cite_repeat"?, "section"?}``); ``section`` (e.g. «Extensión 1 · Tercera
  carta», or «Las ayudas» for the ayudas put down between the first and the third card) comes on the
  first event of each part of the hand. ``cite_repeat: true`` marks a citation already given in the
  same part of the hand (same deal and street): the page shows it collapsed. The last event before each decision (and the last of
  the reply) carries ``"table"``: the table as it stands then, so the page can show the table move
  decision by decision. To stay small, a table lists only the seats that changed since the table
  before it (each seat whole), and ``ayudas``/``banner`` only when they changed (the first reply of
  a session has everything).
- ``more: true`` when the new events did not fit in one reply (about :data:`EVENTS_BUDGET` bytes;
  the table comes with the event that ends a decision, so a cut may fall before it): ask again for
  the rest. Otherwise ``next`` or ``result``.
- ``next`` (while the hand runs): ``{"player", "can": [legal options, each with its button
  "label"], "prompt", "hint"?}``.
- ``result`` (once the hand is over): pots, stacks, each player's change, the engine's sentences for
  who takes the chips and every hand shown, per deal.
- ``cards``: the display of every card the reply mentions for the first time in the session (``{"As": {"rank", "suit", "color",
  "name"}}``) and ``amounts``: how each amount mentioned is written when that is not plain digits
  (``{"12000": "12 000"}``), so the page keeps no card names and no number format of its own.
- ``labels`` (first reply of a session only): the table's words the page draws around the data
  («Pozo», «Fichas», «En esta ronda», «Carta cerrada», «Ayuda cerrada», the result table's headings;
  ``closed_of``: each opponent's closed card, «Carta cerrada de Ana»), so the page writes none.

``table.ayudas`` is ``{"cards", "open", "label"}`` (``label``: the sentence over the ayudas: not down
yet, closed, open). Per-seat table state (``table.seats``, in seat order)::

    {"name", "stack", "bet", "folded"?: true, "out"?: true (not in this extension), "all_in"?: true,
     "open": [cards], "closed": [cards], "forced"?: {"type": "ante" | "bring_in", "amount", "label"},
     "shown"?: {"name": "Doble par de Ases y Reyes", "kills": bool, "verdict": "mata los Ases"},
     "won"?: chips,
     "badges": [{"kind": "button" | "act" | "out" | "folded" | "allin" | "win", "text": Spanish}]}
"""

from __future__ import annotations

from typing import Any, Collection, Iterable, Iterator

from ...spanish import amount, capital, ordinal, signed
from ...table.view import EVENTS_BUDGET, HIDDEN, TableViewer, card_view, mark_seat
from ...evaluation import best_five
from ...table.controls import controls
from ...table.showdown import decide
from ...table.records import AntePosting, BringInPosting, Extending, Record, ShareWinning
from ...table.words import FORCED, LABELS, YOU, badge, say
from .hand import MataAsesHand
from .rule_links import LINKS
from .showdown import Play
from .texts import AYUDAS_LABELS, TABLE_LABELS, deal_names, play_name, street_title, told

__all__ = ["CARD_HINT", "EVENTS_BUDGET", "Viewer", "ayudas_view", "card_view"]

CARD_HINT = ("Abierta («aire»): la nueva carta queda a la vista y conservas tapada la que ya tenías cerrada. "
             "Cerrada: la nueva llega tapada y abres la que tenías oculta. Siempre conservas una sola carta "
             "cerrada.")


def ayudas_view(ayudas: dict) -> dict:
    """The ayudas as the page draws them: face down, a closed card's back (``"??"``: nobody sees them)."""
    state = "none" if not ayudas["cards"] else "open" if ayudas["open"] else "closed"
    cards = ayudas["cards"] if ayudas["open"] else [HIDDEN] * len(ayudas["cards"])
    return {**ayudas, "cards": cards, "label": AYUDAS_LABELS[state]}


class Viewer(TableViewer):
    """Follows one :class:`MataAsesHand` and describes, reply by reply, what is new on the table
    (the bookkeeping is :class:`engine.table.view.TableViewer`'s), as the seats of ``reveal`` see it:
    another seat's closed cards are ``"??"`` until he shows them."""

    SHARED = "ayudas"
    rule_links = LINKS

    def __init__(self, hand: MataAsesHand, *, reveal: Collection[str] = (YOU,)) -> None:
        super().__init__()
        self.hand = hand
        self.reveal = frozenset(reveal)
        self._section: tuple | None = None
        self._told: list[dict] = []
        self._seen: set = set()

    def event_count(self) -> int:
        return len(self.hand.events)

    def told(self) -> list[dict]:
        """Every record of the hand worded, made once each."""
        hand = self.hand
        self._told += told(hand.events, hand.rules, len(self._told), self._seen)
        return self._told

    def event_views(self, start: int) -> Iterator[dict]:
        events = self.hand.events
        views = self.told()
        names = deal_names(events)
        for index in range(start, len(events)):
            yield self._event(events[index], views[index], self.hand.tables[index], names)

    def is_over(self) -> bool:
        return self.hand.is_over

    def labels(self) -> dict:
        """The table's labels (seats, pot, cards), said once per session: the page writes none."""
        return {**LABELS, **TABLE_LABELS,
                "closed_of": {n: f"{LABELS['closed']} de {n}" for n in self.hand.names if n != YOU}}

    # ------------------------------------------------------------------------------ parts

    def _event(self, rec: Record, e: dict, snap: dict, deal_names: dict[int, str]) -> dict:
        view: dict[str, Any] = {"type": e["type"], "street": e["street"], "deal": e["deal"]}
        deal_name = deal_names[rec.deal]
        title = street_title(rec.street)
        key = (rec.deal, title)
        if key != self._section:
            self._section = key
            view["section"] = f"{deal_name} · {title}" if rec.deal > 0 else title
        for field in ("player", "amount", "cards"):
            if field in e:
                view[field] = e[field]
        if "cards" in view:
            cards = view["cards"]
            if (e["type"] == "card" and rec.player not in self.reveal
                    and cards[0] not in snap["players"][rec.player]["open"]):
                cards = view["cards"] = [HIDDEN]  # a closed card dealt to a seat the viewer may not see
            self.mention(cards)
        view["text"] = e["text"]
        if "cite" in e:
            view["cite"] = e["cite"]
            if e.get("cite_repeat"):
                view["cite_repeat"] = True
        return view

    def table(self) -> dict:
        """The table now (cards as tokens; their display goes in the reply's ``cards``)."""
        hand = self.hand
        return self._table(hand.snapshot(), len(hand.events), hand.deal_index, hand.participants, hand.shown)

    def table_at(self, index: int) -> dict:
        """The table as it stood right after event ``index`` (the hand keeps each one's snapshot)."""
        hand = self.hand
        rec = hand.events[index]
        snap = hand.tables[index]
        players = snap["players"]
        participants = [n for n in hand.names
                        if not (players[n]["folded"] and not players[n]["open"] and not players[n]["closed"])]
        shown = {(rec.deal, e.player): hand.shown[rec.deal, e.player] for e in hand.events[:index + 1]
                 if e.deal == rec.deal and (rec.deal, getattr(e, "player", None)) in hand.shown
                 and hand.shown[rec.deal, e.player] is e}
        return self._table(snap, index + 1, rec.deal, participants, shown)

    def _table(self, snap: dict, count: int, deal: int, participants: Iterable[str], shown: dict) -> dict:
        forced: dict[str, dict] = {}
        won: dict[str, int] = {}
        banner = None
        views = self.told()
        for rec, e in zip(self.hand.events[:count], views):
            if rec.deal != deal:
                continue
            if isinstance(rec, Extending):
                banner = e["text"]
            elif isinstance(rec, (AntePosting, BringInPosting)):
                forced[rec.player] = {"type": e["type"], "amount": rec.amount,
                                      "label": f"{FORCED[e['type']]} {amount(rec.amount)}"}
            elif isinstance(rec, ShareWinning):
                won[rec.player] = won.get(rec.player, 0) + rec.amount
        seats = []
        participants = set(participants)
        for name in self.hand.names:
            p = snap["players"][name]
            shows = shown.get((deal, name))
            closed = p["closed"] if name in self.reveal or shows is not None else [HIDDEN] * len(p["closed"])
            seat: dict[str, Any] = {"name": name, "stack": p["stack"], "bet": p["bet"],
                                    "open": p["open"], "closed": closed}
            badges = []
            if name == snap["button"]:
                badges.append(badge("button", name))
            if name == snap["to_act"]:
                badges.append(badge("act", name))
            if name not in participants:
                seat["out"] = True
                seat["folded"] = True
                badges.append({"kind": "out", "text": TABLE_LABELS["out"]})
            elif p["folded"]:
                seat["folded"] = True
                badges.append(badge("folded", name))
            mark_seat(seat, badges, name, all_in=p["all_in"], won=won.get(name), forced=forced.get(name))
            if shows is not None:
                kills = shows.play.kills_aces
                seat["shown"] = {"name": capital(play_name(shows)), "kills": bool(kills),
                                 "verdict": _verdict(name, kills)}
            seat["badges"] = badges
            seats.append(seat)
        table: dict[str, Any] = {"pot": snap["pot"], "button": snap["button"], "to_act": snap["to_act"],
                                 "ayudas": ayudas_view(snap["ayudas"]), "seats": seats}
        if banner:
            table["banner"] = banner
        return table

    def next(self) -> dict:
        hand = self.hand
        can = controls(hand)
        player = hand.to_act
        view: dict[str, Any] = {"player": player, "can": can}
        if any(o["action"] in ("up", "down") for o in can):
            view["prompt"] = f"¿Cómo quieres recibir la {ordinal(len(hand.hole[player]) + 1)} carta?"
            view["hint"] = CARD_HINT
        else:
            call = next((o for o in can if o["action"] == "call"), None)
            view["prompt"] = (f"Te toca hablar: para seguir en la mano tienes que pagar {amount(call['amount'])}."
                              if call else "Te toca hablar: nadie ha apostado en esta ronda.")
        return view

    def result(self) -> dict:
        """The end of the hand: pots, stacks, changes, the payout sentences and every hand shown."""
        hand = self.hand
        events = self.told()
        pots = [{"amount": amount, "winners": list(winners)} for amount, winners in hand.pot_results()]
        last = events[-1]["deal"] if events else 0
        kinds = ("win", "split") if any(e["type"] in ("win", "split") for e in events) else ("misdeal", "no_winner")
        headline = [{"text": e["text"], **({"player": e["player"]} if e.get("player") else {})}
                    for e in events if e["deal"] == last and e["type"] in kinds]
        shows: list[dict] = []
        names = deal_names(hand.events)
        for e in events:
            if e["street"] == "showdown" and e["type"] in ("show", "no_winner", "return"):
                if not shows or shows[-1]["deal"] != e["deal"]:
                    shows.append({"deal": e["deal"], "title": names[e["deal"]], "items": []})
                item: dict[str, Any] = {"type": e["type"], "text": e["text"]}
                if e.get("player"):
                    item["player"] = e["player"]
                if e["type"] == "show" and e.get("cards"):
                    item["cards"] = list(e["cards"])
                    self.mention(e["cards"])
                shows[-1]["items"].append(item)
        for deal in shows:
            for item in deal["items"]:
                shown = hand.shown.get((deal["deal"], item.get("player")))
                if item["type"] == "show" and shown is not None:
                    item["hand"] = capital(play_name(shown))
                    item["kills"] = bool(shown.play.kills_aces)
            why = _why(hand, deal)
            if why:
                deal["why"] = [why]
        start = hand.starting_stacks
        stacks = [{"name": n, "stack": hand.stacks[n], "change": hand.stacks[n] - start[n],
                   "change_text": signed(hand.stacks[n] - start[n])} for n in hand.names]
        self.mention(amounts=[row["stack"] for row in stacks])
        return {"pots": pots, "extensions": hand.extensions, "headline": headline, "shows": shows,
                "stacks": stacks}


def strength(shown) -> int:
    return shown.play.strength if isinstance(shown.play, Play) else 0


def _why(hand: MataAsesHand, deal: dict) -> str | None:
    """What decided a deal's showdown (:func:`engine.table.showdown.decide`): the plays shown in it,
    when one of them kills the Aces (otherwise nobody wins and the events say so)."""
    shown = {item["player"]: hand.shown.get((deal["deal"], item["player"])) for item in deal["items"]
             if item["type"] == "show" and item.get("player")}
    plays = {p: s for p, s in shown.items() if s is not None and strength(s) and len(s.cards) == 5}
    if len(plays) < 2 or not any(s.play.kills_aces for s in plays.values()):
        return None
    values = {p: strength(s) for p, s in plays.items()}
    fives = {p: best_five(strength(s), s.cards) for p, s in plays.items()}
    return decide(values, fives, hand_names={p: play_name(s) for p, s in plays.items()})


def _verdict(player: str, kills: bool) -> str:
    return say(player, "matas los Ases", "mata los Ases") if kills else say(player, "no matas los Ases",
                                                                            "no mata los Ases")
