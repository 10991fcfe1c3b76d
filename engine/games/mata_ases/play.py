"""Mata Ases at the play layer's tables (:mod:`engine.play`): its hand (:mod:`.hand`), its words (the table's
viewer draws it with :data:`.texts.WORDS`), its bots (:mod:`.bot_policy`) and its free table («Mesa libre»).

The free table is a setup and its chance (:class:`~engine.table.game.Chance`): seats «Tú» and the bots
in :data:`.simulate.NAMES` order, each hand's button and deals (:func:`.deal.deals_for`) from the hand's
seed, drawn from the table's secret (a public table: the setup's ``seed`` is the first hand's, each next
one drawn from the last). Each hand stands alone (everybody starts with the setup's stack); the same
hand again is the same seed. A hand's history is JSON: its setup, its button, its deals with every card
the reader never saw as ``"??"`` and every decision in order (``{"v": 2, "t": {setup}, "b": button, "k":
[deals], "d": [[action], [action, amount]...]}``); a share link carries it and the replay mode plays it
step by step, a stand-in for each unseen card (never shown: the reader never saw it). A public table's
history, and the links written before, are ``{"v": 1, "t": {setup with its seed}, "d": [...]}``.

The setup (``table`` of ``play-start``): ``opponents`` (1 to 7), ``modality``, ``betting``, ``minimum``,
``stack`` or ``depth`` (the stack in minimum bets), ``seed`` (optional: a public table), ``styles`` (one
per bot, optional), ``exposures`` (optional: the dealer may expose a card by mistake; on by default).
"""

from __future__ import annotations

import json
import random
from functools import partial
from typing import Any

from ...cards import DECK, Card, parse_cards
from ...errors import RequestError
from ...evaluation import best_with_one_of, strength
from ...requests import bounded, check_type, choice, optional
from ...table.bots import MAX_SEED, read_styles
from ...table.coach import Advice, Reckoning, margin_of
from ...table.game import (Chance, FreeTable, Move, Recording, Replayed, TableGame, Worlds, check_moves, play_move,
                           read_moves, read_seed, read_stack)
from ...table.view import HIDDEN
from ...table.words import YOU
from .bot_policy import choose, choose_at, coach_estimate, equity_detail
from .bot_view import view_of
from .command import MAX_DEALS, build_hand
from .deal import deals_for, world_of
from .rules import BETTINGS, MODALITIES
from .simulate import NAMES, random_deal
from .texts import BETTING_NAMES, MODALITY_NAMES, WORDS

__all__ = ["GAME", "MataAsesGame"]

MINIMUMS = (10, 20, 50, 100)
DEPTHS = (20, 40, 100)  # stacks, in minimum bets
MAX_STACK_BETS = 1000
#: The setup's fields a hand's history keeps (in this order).
FIELDS = ("opponents", "modality", "betting", "minimum", "stack", "seed", "styles", "exposures")
#: The longest history text a replay reads.
MAX_HISTORY = 20_000


class MataAsesGame(TableGame):
    """Mata Ases, 2 to 8 seats (see the module docstring)."""

    id = "mata-ases"
    name = "Mata Ases"
    words = {"next": "Otra mano", "failure": "La mesa libre no está disponible"}
    texts = WORDS

    def info(self) -> dict:
        """The game's names (its modalities and kinds of betting, in the order a form lists them) too."""
        return {**super().info(),
                "modalities": [{"id": m, "name": MODALITY_NAMES[m]} for m in MODALITIES],
                "bettings": [{"id": b, "name": BETTING_NAMES[b]} for b in BETTINGS]}

    def setup_form(self) -> list[dict]:
        return [
            {"key": "opponents", "label": "Rivales", "options": [{"value": n, "label": str(n)}
                                                                 for n in range(1, len(NAMES))], "default": 2},
            {"key": "minimum", "label": "Apuesta mínima", "options": [{"value": n, "label": str(n)} for n in MINIMUMS],
             "default": 50},
            {"key": "depth", "label": "Fichas de cada uno", "options": [{"value": d, "label": f"{d} apuestas mínimas"}
                                                                        for d in DEPTHS], "default": 40},
            {"key": "modality", "label": "Modalidad", "kind": "radio",
             "options": [{"value": m, "label": MODALITY_NAMES[m]} for m in MODALITIES], "default": MODALITIES[0]},
            {"key": "betting", "label": "Apuestas", "kind": "radio",
             "options": [{"value": b, "label": BETTING_NAMES[b]} for b in BETTINGS], "default": "no-limit"},
        ]

    def free_setup(self, value: Any) -> dict:
        check_type(value, dict, "table")
        opponents = bounded(value, "opponents", "table.opponents", 1, len(NAMES) - 1)
        minimum = bounded(value, "minimum", "table.minimum", 2, 100_000)
        stack = read_stack(value, minimum, 1, MAX_STACK_BETS)
        setup = {
            "opponents": opponents,
            "modality": choice(value, "modality", "table.modality", MODALITIES),
            "betting": choice(value, "betting", "table.betting", BETTINGS),
            "minimum": minimum,
            "stack": stack,
        }
        seed = read_seed(value)
        if seed is not None:
            setup["seed"] = seed
        return {**setup, "exposures": optional(value, "exposures", "table.exposures", bool, True),
                "styles": read_styles(value, opponents)}

    def free_table(self, setup: dict) -> "MataAsesTable":
        return MataAsesTable(setup)

    def bot(self, hand, player: str, style: str, seed: int) -> Move:
        move, _ = choose(hand, player, style, seed, hidden=True)
        return Move(move.action, move.amount, move.reason)

    def seat_view(self, hand, player: str):
        return view_of(hand, player)

    def advise(self, view, style: str, seed: int, name: str, reckoning: Reckoning | None = None) -> Advice:
        decision, est = choose_at(view, style, seed, name=name, est=reckoning and reckoning.basis)
        figures = {} if est is None else {"estimate": est.as_json()}
        return Advice(decision, decision.reason, figures)

    def policy(self, view, style: str, seed: int, *, budget: int | None = None):
        return choose_at(view, style, seed, trials=budget)[0]

    def seat_equity(self, view) -> Reckoning | None:
        """The coach's one equity (:func:`.bot_policy.coach_estimate`): drawn, with its margin."""
        reckoned = coach_estimate(view)
        if reckoned is None:
            return None
        est, value = reckoned
        rivals = len(view.live_rivals)
        against = "un rival" if rivals == 1 else f"{rivals} rivales"
        return Reckoning(value, against, False, est.trials, margin_of(value, est.trials), est, equity_detail(est))

    def recording(self, text: str, path: str = "history") -> Recording:
        """A free table's hand from its history (see the module docstring), each decision one step."""
        if len(text) > MAX_HISTORY:
            raise RequestError(path, f"es demasiado larga: como mucho {MAX_HISTORY} caracteres")
        try:
            data = json.loads(text)
        except ValueError:
            raise RequestError(path, "no describe una mano de Mata Ases que se pueda reproducir") from None
        if not isinstance(data, dict) or data.get("v") not in (1, 2) or not isinstance(data.get("d"), list):
            raise RequestError(path, "no describe una mano de Mata Ases que se pueda reproducir")
        try:
            setup = self.free_setup(data.get("t"))
        except RequestError as exc:
            raise RequestError(path, f"su mesa no vale ({exc})") from None
        decisions = read_moves(data["d"], f"{path}.d")
        if data["v"] == 1:
            if "seed" not in setup:
                raise RequestError(f"{path}.t.seed", "falta: una mano de la versión 1 se reparte con su semilla")
            request = hand_request(setup)
        else:
            button = data.get("b")
            if not isinstance(button, str):
                raise RequestError(f"{path}.b", "falta el botón de la mano (el nombre de quien lo tiene)")
            request = hand_request(setup, button, stand_ins(data.get("k"), f"{path}.k"))
        hand, _ = build_hand(request)
        check_moves(build_hand(request)[0], decisions, f"{path}.d")
        return Recording(hand, len(decisions), lambda h, i: play_move(h, decisions, i, f"{path}.d"), reveal=(YOU,),
                         extras={"table": {k: v for k, v in setup.items() if k != "seed"}},
                         review=partial(replayed, request, decisions, setup))


def replayed(request: dict, decisions: list[Move], setup: dict) -> Replayed:
    """A history's hand as the review replays it for «Tú»: ``request`` (its deals, a stand-in for each card
    the reader never saw) and its ``decisions``; its worlds against the bots of the history's setup."""
    def start():
        return build_hand(request)[0], None

    def world(view, draw):
        return world_of(request, view, draw), None
    styles = dict(zip(NAMES[1:], setup["styles"]))
    return Replayed(start, list(decisions), YOU, Worlds(world, styles))


def dealt(setup: dict, seed: int) -> tuple[str, list[dict]]:
    """The button and the deals of a hand at this table from the hand's seed."""
    names = list(NAMES[:setup["opponents"] + 1])
    return names[seed % len(names)], deals_for(names, seed, exposures=setup["exposures"])


def hand_request(setup: dict, button: Any = None, deals: Any = None) -> dict:
    """The ``mata-ases-hand`` request of a free table's hand (no decisions yet): its ``button`` and
    ``deals``, or those of a public table's setup (its ``seed``)."""
    if button is None:
        button, deals = dealt(setup, setup["seed"])
    names = list(NAMES[:setup["opponents"] + 1])
    minimum = setup["minimum"]
    return {
        "modality": setup["modality"], "betting": setup["betting"],
        "stakes": {"minimum": minimum, "ante": minimum // 2, "bring_in": minimum // 2},
        "seats": [{"name": n, "stack": setup["stack"]} for n in names],
        "button": button, "deals": deals, "actions": [],
    }


def unseen(deals: list[dict], seen: dict[int, set[str]]) -> list[dict]:
    """``deals`` with every card not in ``seen`` (the cards seen in each deal, by its number) written
    ``"??"`` (a history's ``k``)."""
    def mask(cards: list[str], k: int) -> list[str]:
        return [card if card in seen.get(k, ()) else HIDDEN for card in cards]
    return [{**deal, "cards": {name: mask(cards, k) for name, cards in deal["cards"].items()},
             "ayudas": mask(deal["ayudas"], k)} for k, deal in enumerate(deals)]


#: Stand-ins are tried lowest first: by rank, then by suit (clubs, diamonds, hearts, spades).
_LOW_FIRST = sorted(map(str, DECK), key=lambda c: ("23456789TJQKA".index(c[0]), "cdhs".index(c[1])))


def stand_ins(deals: Any, path: str) -> Any:
    """A history's deals (``k``) with a stand-in for each ``"??"``: the lowest card the deal does not name
    that leaves its player's hand worth what the cards he showed are worth (a card the reader never saw
    did not make the hand he saw at the showdown, so it cannot make the replayed one). The cards
    themselves are checked by ``mata-ases-hand`` (naming ``deals[...]``)."""
    check_type(deals, list, path)
    if not 1 <= len(deals) <= MAX_DEALS:
        raise RequestError(path, f"debe tener de 1 a {MAX_DEALS} repartos (tiene {len(deals)})")
    out = []
    for k, deal in enumerate(deals):
        check_type(deal, dict, f"{path}[{k}]")
        cards, ayudas = deal.get("cards"), deal.get("ayudas")
        if not isinstance(cards, dict) or not isinstance(ayudas, list) or len(cards) > len(NAMES) or len(ayudas) > 3 \
                or not all(isinstance(hole, list) and len(hole) <= 5 and all(isinstance(c, str) for c in hole)
                           for hole in cards.values()) or not all(isinstance(c, str) for c in ayudas):
            raise RequestError(f"{path}[{k}]", "cada reparto tiene «cards» (las de cada jugador) y «ayudas»")
        spare = [c for c in _LOW_FIRST if c not in {*ayudas, *(c for hole in cards.values() for c in hole)}]
        board = [c for c in ayudas if c != HIDDEN]
        first = sorted(cards, key=lambda name: cards[name].count(HIDDEN))  # a hand shown at the showdown first
        filled = {name: _fill(cards[name], board, spare) for name in first}
        out.append({**deal, "cards": {name: filled[name] for name in cards}, "ayudas": _fill(ayudas, [], spare)})
    return out


def _fill(tokens: list[str], board: list[str], spare: list[str]) -> list[str]:
    """``tokens`` with each ``"??"`` replaced by a card of ``spare`` (taken from it): the lowest one that
    does not change what the known cards are worth with one of ``board`` (the known ayudas)."""
    out = list(tokens)
    for i, token in enumerate(tokens):
        if token != HIDDEN or not spare:
            continue
        known = parse_cards([c for c in out if c != HIDDEN])
        ayudas = parse_cards(board)
        pick = spare[0]
        if len(known) == 4 and ayudas:
            worth = max(strength([*known, a]) for a in ayudas)
            pick = next((c for c in spare if best_with_one_of([*known, *parse_cards([c])], ayudas)[0] == worth), pick)
        spare.remove(pick)
        out[i] = pick
    return out


class MataAsesTable(FreeTable):
    """The free table: each hand stands alone (see the module docstring)."""

    def __init__(self, setup: dict) -> None:
        self.setup = dict(setup)
        self.number = 1
        self.chance = Chance(setup.get("seed"))
        #: The hand's seed (its button, its deals, the bots' randomness): never in a reply of a secret table.
        self.hand_seed = setup["seed"] if self.chance.public else self.chance.draw("mata-ases", 1)
        names = NAMES[:setup["opponents"] + 1]
        self.ring = list(names)
        self.styles = dict(zip(names[1:], setup["styles"]))
        self._deals: list[dict] = []

    def seed(self) -> int:
        return self.hand_seed

    def deal(self):
        button, self._deals = dealt(self.setup, self.hand_seed)
        hand, _ = build_hand(hand_request(self.setup, button, self._deals))
        return hand, None, {}

    def world(self, view, draw: random.Random):
        """:func:`world_of` this hand."""
        return world_of(hand_request(self.setup, *dealt(self.setup, self.hand_seed)), view, draw), None

    def next(self, hand, *, again: bool = False) -> None:
        if again:
            return
        self.number += 1
        if self.chance.public:
            self.setup["seed"] = random.Random(f"mata-ases:{self.setup['seed']}:{self.number - 1}").randrange(MAX_SEED)
            self.hand_seed = self.setup["seed"]
        else:
            self.hand_seed = self.chance.draw("mata-ases", self.number)

    def history(self, hand, decisions: list[dict], seen: dict[int, set[str]] | None = None) -> str:
        table = {key: self.setup[key] for key in FIELDS if key in self.setup}
        moves = [[d["action"]] if d.get("amount") is None else [d["action"], d["amount"]] for d in decisions]
        data: dict = {"v": 1, "t": table, "d": moves}
        if not self.chance.public:  # the cards the reader saw, never a seed
            data = {"v": 2, "t": table, "b": hand.original_button,
                    "k": unseen(self._deals[:hand.deal_index + 1], seen or {}), "d": moves}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    def extras(self, hand) -> dict:
        out = {"hand": self.number,
               "players": [{"name": YOU}] + [{"name": n, "style": s} for n, s in self.styles.items()]}
        if self.chance.public:  # a secret table's hands are never dealt again from what the page holds
            out["table"] = dict(self.setup)
        return out

    def summary(self, hand) -> str:
        return (f"{len(self.ring)} jugadores · {MODALITY_NAMES[self.setup['modality']]} · "
                f"{BETTING_NAMES[self.setup['betting']]}")


GAME = MataAsesGame()
