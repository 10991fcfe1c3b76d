"""Mata Ases at the play layer's tables (:mod:`engine.play`): its hand (:mod:`.hand`), its words (the table's
viewer draws it with :data:`.texts.WORDS`), its bots (:mod:`.bot_policy`) and its free table («Mesa libre»).

The free table is (setup, seed): seats «Tú» and the bots in :data:`.simulate.NAMES` order, the button
chosen by the seed, the deals from :func:`.deal.deals_for`. Each hand stands alone (everybody starts
with the setup's stack); the next hand is the same table with a new seed drawn from the last one, the
same hand again the same seed. A hand's history is its setup and every decision in order, as JSON
(``{"v": 1, "t": {setup}, "d": [[action], [action, amount]...]}``): a share link carries it and the
replay mode plays it step by step.

The setup (``table`` of ``play-start``): ``opponents`` (1 to 7), ``modality``, ``betting``, ``minimum``,
``stack`` or ``depth`` (the stack in minimum bets), ``seed``, ``styles`` (one per bot, optional),
``exposures`` (optional: the dealer may expose a card by mistake; on by default).
"""

from __future__ import annotations

import json
import random
from typing import Any

from ...cards import DECK, Card
from ...errors import EngineError, RequestError
from ...requests import bounded, check_type, choice, optional
from ...table.bots import MAX_SEED, read_styles
from ...table.coach import Advice, Reckoning, margin_of
from ...table.game import FreeTable, Move, Recording, TableGame, read_stack
from ...table.words import OVER, YOU
from .bot_policy import choose, choose_at, coach_estimate, equity_detail
from .bot_view import view_of
from .command import build_hand
from .deal import deals_for
from .rules import BETTINGS, MODALITIES
from .simulate import NAMES, random_deal
from ...table.texts import part_title
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
        return {
            "opponents": opponents,
            "modality": choice(value, "modality", "table.modality", MODALITIES),
            "betting": choice(value, "betting", "table.betting", BETTINGS),
            "minimum": minimum,
            "stack": stack,
            "seed": bounded(value, "seed", "table.seed", 0, MAX_SEED),
            "exposures": optional(value, "exposures", "table.exposures", bool, True),
            "styles": read_styles(value, opponents),
        }

    def free_table(self, setup: dict) -> "MataAsesTable":
        return MataAsesTable(setup)

    def bot(self, hand, player: str, style: str, seed: int) -> Move:
        move, _ = choose(hand, player, style, seed)
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
        if not isinstance(data, dict) or data.get("v") != 1 or not isinstance(data.get("d"), list):
            raise RequestError(path, "no describe una mano de Mata Ases que se pueda reproducir")
        try:
            setup = self.free_setup(data.get("t"))
        except RequestError as exc:
            raise RequestError(path, f"su mesa no vale ({exc})") from None
        decisions = []
        for i, entry in enumerate(data["d"]):
            if not isinstance(entry, list) or not entry or not isinstance(entry[0], str) or len(entry) > 2 or (
                    len(entry) == 2 and (not isinstance(entry[1], int) or isinstance(entry[1], bool))):
                raise RequestError(f"{path}.d[{i}]", "cada decisión es [acción] o [acción, cantidad]")
            decisions.append(Move(entry[0], entry[1] if len(entry) == 2 else None))
        hand, _ = build_hand(hand_request(setup))
        checked, _ = build_hand(hand_request(setup))  # every decision played first: a wrong one is the error
        for i in range(len(decisions)):
            if checked.is_over:
                raise RequestError(f"{path}.d[{i}]", OVER["extra"]).locate(at=i)
            _apply(checked, decisions, i, path)
        return Recording(hand, len(decisions), lambda h, i: _apply(h, decisions, i, path), reveal=(YOU,),
                         extras={"table": setup})


def _apply(hand, decisions: list[Move], i: int, path: str) -> None:
    """Decision ``i`` of a history, an error of the hand located at it."""
    try:
        hand.act(hand.to_act, decisions[i].action, decisions[i].amount)
    except EngineError as exc:
        raise exc.locate(field=f"{path}.d[{i}]", at=i) from None


def hand_request(setup: dict) -> dict:
    """The ``mata-ases-hand`` request of a free table's hand (no decisions yet)."""
    names = list(NAMES[:setup["opponents"] + 1])
    minimum = setup["minimum"]
    return {
        "modality": setup["modality"], "betting": setup["betting"],
        "stakes": {"minimum": minimum, "ante": minimum // 2, "bring_in": minimum // 2},
        "seats": [{"name": n, "stack": setup["stack"]} for n in names],
        "button": names[setup["seed"] % len(names)],
        "deals": deals_for(names, setup["seed"], exposures=setup["exposures"]),
        "actions": [],
    }


class MataAsesTable(FreeTable):
    """The free table: each hand stands alone (see the module docstring)."""

    def __init__(self, setup: dict) -> None:
        self.setup = dict(setup)
        self.number = 1
        names = NAMES[:setup["opponents"] + 1]
        self.ring = list(names)
        self.styles = dict(zip(names[1:], setup["styles"]))

    def deal(self):
        hand, _ = build_hand(hand_request(self.setup))
        return hand, None, {}

    def world(self, view, draw: random.Random):
        """The deals with every card of the deal in play that ``view`` does not see replaced, in dealing
        order, by those cards in the order ``draw`` shuffles them (from the deck's order), and every later
        deal (an extension, a new deal after a misdeal) drawn from ``draw``; earlier deals as they were
        (the reader saw how they ended). A card the dealer exposed by mistake stays exposed; one he would
        expose later is a secret of the deal like the cards, and is left out."""
        request = hand_request(self.setup)
        seen = view.seen
        unseen = [card for card in DECK if card not in seen]
        draw.shuffle(unseen)
        fresh = iter(unseen)

        def swapped(cards: list[str]) -> list[str]:
            return [text if Card.parse(text) in seen else str(next(fresh)) for text in cards]

        names = list(self.ring)
        deals = request["deals"]
        current = deals[view.deal]
        received = {view.player: len(view.own), **{r.name: r.received for r in view.rivals}}
        deals[view.deal] = {**current, "cards": {n: swapped(current["cards"][n]) for n in names},
                            "ayudas": swapped(current["ayudas"]),
                            "exposed": [e for e in current.get("exposed", []) if e["card"] <= received.get(e["player"], 0)]}
        for k in range(view.deal + 1, len(deals)):
            deals[k] = random_deal(draw, names)
        hand, _ = build_hand(request)
        return hand, None

    def moment(self, hand) -> dict:
        return {"deal": hand.deal_index}

    def when(self, hand, street: object, extra: dict) -> dict:
        deal = extra["deal"]
        return {"deal": deal, "street": street, "when": part_title(hand.events, hand.rules, street, deal)}

    def next(self, hand, *, again: bool = False) -> None:
        if not again:
            self.setup["seed"] = random.Random(f"mata-ases:{self.setup['seed']}:{self.number}").randrange(MAX_SEED)
            self.number += 1

    def history(self, hand, decisions: list[dict]) -> str:
        table = {key: self.setup[key] for key in FIELDS}
        moves = [[d["action"]] if d.get("amount") is None else [d["action"], d["amount"]] for d in decisions]
        return json.dumps({"v": 1, "t": table, "d": moves}, ensure_ascii=False, separators=(",", ":"))

    def extras(self, hand) -> dict:
        return {"hand": self.number, "table": dict(self.setup),
                "players": [{"name": YOU}] + [{"name": n, "style": s} for n, s in self.styles.items()]}

    def summary(self, hand) -> str:
        return (f"{len(self.ring)} jugadores · {MODALITY_NAMES[self.setup['modality']]} · "
                f"{BETTING_NAMES[self.setup['betting']]}")


GAME = MataAsesGame()
