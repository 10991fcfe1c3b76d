"""The Hold'em rules page's examples, played by the Hold'em engine at build time.

Each example is a hand given as data (seats, button, blinds, a deck, the actions): the
``holdem-hand`` command plays it on the hand the pages' tables play in the browser (``HoldemHand``, worded
by :mod:`engine.table.texts`; the tables reach it through the play layer's ``play-*`` commands), and the page
shows either one figure of it inline (``<!-- engine:figure holdem-min-raise-preflop -->``: the
smallest raise the engine allows at that point) or the whole hand as the engine explains it, step by
step with each rule's citation (``<!-- engine:holdem-played all-in-corto -->``). The button's
rotation (``<!-- engine:holdem-button-rotation -->``) comes from the engine's next-hand rule.
Nothing here decides a rule: a figure is what the engine answered, and tests check the answers
against the rules (tests/site/test_render_holdem_played.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine import spanish
from engine.spanish import capital
from engine.table.words import choices, name_list
from site_hooks.html import Cell, Markup, block, join, tag, table
from site_hooks.markers import MarkerError
from site_hooks.render.common import figure, marker, no_args, one_arg

__all__ = ["EXAMPLES", "Example", "played", "options_after"]

#: Hole cards nobody can improve past the board, then a board that is a royal flush: everyone left ties.
_TIE_HOLES = "2c 3d 4h 5c 6d 7h 8c 9d 2h 3c".split()
_TIE_BOARD = ("4d", "As Ks Qs", "5d", "Js", "6h", "Ts")  # burn, flop, burn, turn, burn, river


def _deck(*parts: str) -> tuple[str, ...]:
    """A full 52-card deck that starts with ``parts`` (top first), the rest in a fixed order."""
    from engine.cards import DECK

    top = " ".join(parts).split()
    rest = [str(card) for card in DECK if str(card) not in top]
    return tuple(top + rest)


@dataclass(frozen=True)
class Example:
    """A hand to play: ``seats`` (name, stack) clockwise, the ``button``'s name, ``blinds`` and
    ``antes`` by position as in PHH, ``actions`` (player, action, total amount or None) in order."""

    title: str
    seats: tuple[tuple[str, int], ...]
    button: str
    actions: tuple[tuple[str, str, int | None], ...]
    blinds: tuple[int, ...] = (10, 20)
    antes: tuple[int, ...] = ()
    deck: tuple[str, ...] = _deck()


_FOUR = (("Ana", 1000), ("Beto", 1000), ("Carla", 1000), ("Tú", 1000))
_LIMPED = (("Carla", "call", None), ("Tú", "call", None), ("Ana", "call", None), ("Beto", "check", None))
_SHORT = (("Ana", 1000), ("Beto", 170), ("Carla", 1000), ("Tú", 1000))
_SHORT_ALL_IN = _LIMPED + (("Ana", "bet", 100), ("Beto", "raise", 150))
_CHECKS = tuple((p, "check", None) for p in ("Ana", "Beto"))

EXAMPLES: dict[str, Example] = {
    "subida-antes-del-flop": Example(
        "Una subida y la resubida mínima antes del flop", _FOUR, "Tú",
        (("Carla", "raise", 60), ("Tú", "raise", 100), ("Ana", "fold", None), ("Beto", "fold", None),
         ("Carla", "call", None))),
    "apuesta-despues-del-flop": Example(
        "Una apuesta y la subida mínima en el flop", _FOUR, "Tú", _LIMPED + (("Ana", "bet", 100),)),
    "all-in-corto": Example(
        "Un all-in corto que no reabre las apuestas", _SHORT, "Tú",
        _SHORT_ALL_IN + (("Carla", "call", None), ("Tú", "fold", None))),
    "all-in-cortos-que-suman": Example(
        "Dos all-in cortos que suman una subida completa", (("Ana", 1000), ("Beto", 170), ("Carla", 220), ("Tú", 1000)),
        "Tú", _SHORT_ALL_IN + (("Carla", "raise", 200), ("Tú", "call", None))),
    "heads-up": Example(
        "Una mano heads-up de principio a fin", (("Ana", 1000), ("Beto", 1000)), "Beto",
        (("Beto", "call", None), ("Ana", "check", None)) + _CHECKS * 3,
        deck=_deck("Kd 9c 5h 9s", "2d", "Ah 7h 3s", "6c", "Qd", "4c", "2s")),
    "quien-ensena-primero": Example(
        "Quién enseña primero cuando hay apuestas en el river",
        (("Ana", 1000), ("Beto", 1000), ("Carla", 1000)), "Ana",
        (("Ana", "call", None), ("Beto", "call", None), ("Carla", "check", None))
        + tuple((p, "check", None) for _ in range(2) for p in ("Beto", "Carla", "Ana"))
        + (("Beto", "check", None), ("Carla", "bet", 50), ("Ana", "call", None), ("Beto", "raise", 150),
           ("Carla", "call", None), ("Ana", "call", None)),
        deck=_deck("Ad 4d Jd 7h 2h Jh", "3c", "Kc 9s 5h", "8c", "Tc", "6s", "3h")),
    "fichas-sueltas": Example(
        "Un bote que no se divide exacto",
        (("Ana", 1000), ("Beto", 1000), ("Carla", 1000), ("Dani", 1000), ("Tú", 1000)), "Tú",
        (("Carla", "call", None), ("Dani", "call", None), ("Tú", "call", None), ("Ana", "fold", None),
         ("Beto", "check", None),
         ("Beto", "bet", 20), ("Carla", "call", None), ("Dani", "call", None), ("Tú", "call", None),
         ("Beto", "bet", 40), ("Carla", "call", None), ("Dani", "fold", None), ("Tú", "call", None),
         ("Beto", "check", None), ("Carla", "check", None), ("Tú", "check", None)),
        deck=_deck(*_TIE_HOLES, *_TIE_BOARD)),
    "ciega-antes-que-ante": Example(
        "Una ciega grande corta con ante de la ciega grande", (("Ana", 1000), ("Beto", 25), ("Carla", 1000)),
        "Carla", (("Carla", "call", None), ("Ana", "call", None)), antes=(0, 20)),
}


def _request(example: Example, actions) -> dict:
    return {"seats": [{"name": name, "stack": stack} for name, stack in example.seats],
            "button": example.button, "blinds": list(example.blinds), "antes": list(example.antes),
            "deck": list(example.deck),
            "actions": [{"player": p, "action": a, **({"amount": n} if n is not None else {})} for p, a, n in actions]}


@cache
def _answer(name: str, steps: int | None) -> dict:
    from engine.protocol import answer

    example = EXAMPLES[name]
    actions = example.actions if steps is None else example.actions[:steps]
    reply = answer("holdem-hand", _request(example, actions))
    if "error" in reply:
        raise MarkerError(f"el motor rechazó el ejemplo «{name}»: {reply['error']}")
    return reply


def played(name: str) -> dict:
    """The engine's ``holdem-hand`` reply for the example ``name``, played to its last action."""
    if name not in EXAMPLES:
        raise MarkerError(f"no hay ningún ejemplo de Hold'em llamado «{name}»; los hay: {', '.join(EXAMPLES)}")
    return _answer(name, None)


def options_after(name: str, steps: int | None = None) -> dict:
    """Whose turn it is and what the engine allows after the first ``steps`` actions of ``name``
    (all of them by default): the reply's ``next``."""
    played(name)
    reply = _answer(name, steps)
    if "next" not in reply or "can" not in reply["next"]:
        raise MarkerError(f"en el ejemplo «{name}» no le toca a nadie después de {steps} acciones")
    return reply["next"]


def _option(name: str, steps: int | None, action: str) -> dict:
    for option in options_after(name, steps)["can"]:
        if option["action"] == action:
            return option
    raise MarkerError(f"en el ejemplo «{name}» el motor ya no permite «{action}» después de {steps} acciones")


@figure("holdem-min-raise-preflop")
def _min_raise_preflop() -> str:
    return spanish.amount(_option("subida-antes-del-flop", 0, "raise")["min"])


@figure("holdem-min-reraise-preflop")
def _min_reraise_preflop() -> str:
    return spanish.amount(_option("subida-antes-del-flop", 1, "raise")["min"])


@figure("holdem-min-bet-postflop")
def _min_bet_postflop() -> str:
    return spanish.amount(_option("apuesta-despues-del-flop", len(_LIMPED), "bet")["min"])


@figure("holdem-min-raise-postflop")
def _min_raise_postflop() -> str:
    return spanish.amount(_option("apuesta-despues-del-flop", None, "raise")["min"])


@figure("holdem-short-all-in-min-raise")
def _short_all_in_min_raise() -> str:
    return spanish.amount(_option("all-in-corto", len(_SHORT_ALL_IN), "raise")["min"])


@figure("holdem-short-all-in-call")
def _short_all_in_call() -> str:
    return spanish.amount(_option("all-in-corto", None, "call")["amount"])


# ---------------------------------------------------------------------------------------------
# A whole example, step by step, as the engine explains it.

def _step(event: dict) -> Markup:
    if not event.get("cite"):
        return tag("li", event["text"])
    return tag("li", join([event["text"], tag("small", event["cite"], class_="played-cite")], " "))


@marker("holdem-played", "Un ejemplo de las reglas de Texas Hold'em jugado por el motor, paso a paso.")
def render_played(args: list[str]) -> Markup:
    name = one_arg("holdem-played", args, EXAMPLES)
    reply = played(name)
    steps = [_step(event) for event in reply["events"]]
    following = reply.get("next")
    if following and "can" in following:
        steps.append(tag("li", tag("strong", choices(following["player"], following["can"])), class_="played-next"))
    body = block(tag("summary", f"El motor lo juega: {EXAMPLES[name].title.lower()}"),
                 tag("ol", join(steps), class_="played-steps"))
    return block(tag("details", body, class_="example played", data_example=name))


# ---------------------------------------------------------------------------------------------
# The button's rotation hand after hand.

#: Five players; who busts at the end of each hand (the next hand is worked out by the engine).
ROTATION = {"seats": ("Ana", "Beto", "Carla", "Dani", "Tú"), "first": ("Ana", "Beto", "Carla"),
            "busts": ((), ("Beto",), (), ("Carla", "Dani"), ())}


def rotation_rows() -> list[dict]:
    """Each hand's button and blinds, by the engine's next-hand rule, with who busted before it."""
    from engine.table.rotation import next_hand

    seats = ROTATION["seats"]
    button, small, big = ROTATION["first"]
    rows = [{"hand": 1, "button": button, "small_blind": small, "big_blind": big, "dead_button": False,
             "busted": (), "players": seats}]
    out: tuple[str, ...] = ()
    small_seat = small  # the small blind's seat, even when nobody posts it (a dead small blind)
    for busts in ROTATION["busts"][1:]:
        last = rows[-1]
        nxt = next_hand(seats, small_blind=small_seat, big_blind=last["big_blind"], busted=out + busts)
        if nxt is None:
            break
        out = nxt.busted
        small_seat = nxt.small_blind or last["big_blind"]
        rows.append({"hand": last["hand"] + 1, "button": nxt.button, "small_blind": nxt.small_blind,
                     "big_blind": nxt.big_blind, "dead_button": nxt.dead_button, "busted": busts,
                     "players": tuple(s for s in seats if s not in out)})
    return rows


@marker("holdem-button-rotation", "El botón y las ciegas mano a mano cuando se van jugadores (botón muerto).")
def render_rotation(args: list[str]) -> Markup:
    no_args("holdem-button-rotation", args)
    rows = []
    for row in rotation_rows():
        gone = name_list(row["busted"])
        button = row["button"] + (" (botón muerto)" if row["dead_button"] else "")
        rows.append([Cell(spanish.amount(row["hand"]), header=True, value=row["hand"]), gone or "—",
                     Cell(capital(name_list(row["players"])), value=" ".join(row["players"])),
                     Cell(button, value=row["button"]), row["small_blind"] or "Nadie",
                     Cell(row["big_blind"], value=row["big_blind"])])
    return block(table(["Mano", "Quién se fue", "En la mesa", "Botón", "Ciega pequeña", "Ciega grande"], rows,
                       name="holdem-button-rotation",
                       caption="Cinco jugadores en el orden de sus asientos; el motor mueve el botón y las ciegas "
                               "después de cada mano con la regla del botón muerto."))
