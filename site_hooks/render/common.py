"""What the table renderers of every game share: the marker registry, argument checks, content
tabs, cards, the hand rankings' data and the inline figures.

Numbers, cards and hand names are worded by :mod:`engine.spanish`; nothing here formats them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable, Sequence

from engine import spanish
from site_hooks.html import Markup, card, join, tag
from site_hooks.markers import MarkerError, Registry

#: Every ``<!-- engine:name args -->`` marker, registered by the game modules of this package.
REGISTRY = Registry("engine")
marker = REGISTRY.marker


@dataclass(frozen=True)
class Tabs:
    """Material content tabs (pymdownx.tabbed), each holding one HTML block: they work without JS."""

    items: tuple[tuple[str, Markup], ...]


def no_args(name: str, args: Sequence[str]) -> None:
    """:raises MarkerError: when a marker that takes no arguments got some."""
    if args:
        raise MarkerError(f"«engine:{name}» no lleva argumentos (recibidos: {' '.join(args)}).")


def one_arg(name: str, args: Sequence[str], allowed: Iterable[str]) -> str:
    """The marker's only argument, one of ``allowed``.

    :raises MarkerError: listing ``allowed``.
    """
    allowed = list(allowed)
    if len(args) != 1 or args[0] not in allowed:
        raise MarkerError(f"«engine:{name}» lleva un argumento entre: {', '.join(allowed)} "
                          f"(recibidos: {' '.join(args) or 'ninguno'}).")
    return args[0]


def parse(text: str) -> list:
    """Cards written the engine's way (``"Ah 9h"``)."""
    from engine.cards import parse_cards

    return parse_cards(text)


def card_html(c) -> Markup:
    """``A♥`` with its Spanish name for screen readers; red suits get a class (the symbol stays)."""
    return card(spanish.card_display(c), "naipe", red="naipe--rojo")


def cards_html(cards: Iterable) -> Markup:
    """Several cards kept on one line."""
    return tag("span", Markup(" ".join(card_html(c) for c in cards)), class_="naipes")


def card_with_name(c) -> Markup:
    """``A♥ (As de corazones)``."""
    return join([card_html(c), " (", spanish.card_name(c), ")"])


# ---------------------------------------------------------------------------------------------
# Hand rankings (the data the ranking tables of Mata Ases and Hold'em show).

#: What each category is, in our words (the engine names it; this only describes it).
CATEGORY_DESCRIPTIONS = {
    "royal_flush": "La escalera más alta posible: del 10 al As, las cinco del mismo palo.",
    "straight_flush": "Cinco valores seguidos, todos del mismo palo.",
    "four_of_a_kind": "Las cuatro cartas de un mismo valor.",
    "full_house": "Tres cartas de un valor y dos de otro.",
    "flush": "Cinco cartas del mismo palo que no van seguidas.",
    "straight": "Cinco valores seguidos de palos mezclados (el As vale arriba, 10-J-Q-K-A, o abajo, A-2-3-4-5).",
    "three_of_a_kind": "Tres cartas del mismo valor y dos sueltas.",
    "two_pair": "Dos {pairs} de valores distintos y una carta suelta.",
    "pair": "Dos cartas del mismo valor y tres sueltas.",
    "high_card": "Ninguna combinación: cuenta la carta más alta, después la siguiente, y así.",
}

#: One example hand per category (the engine evaluates it; tests check the category).
CATEGORY_EXAMPLES = {
    "royal_flush": "Ah Kh Qh Jh Th",
    "straight_flush": "9s 8s 7s 6s 5s",
    "four_of_a_kind": "Qs Qh Qd Qc 4h",
    "full_house": "Kd Kc Ks 8h 8c",
    "flush": "Ad Jd 9d 6d 3d",
    "straight": "Tc 9d 8h 7s 6c",
    "three_of_a_kind": "7h 7d 7c Kc 2s",
    "two_pair": "Js Jd 5h 5c Ad",
    "pair": "9c 9h Ks 6d 3h",
    "high_card": "As Qd 9h 6c 3s",
}

#: Mata Ases splits the pair: a pair of Aces is the minimum to collect, any other pair is not.
MATA_ASES_PAIRS = (
    ("aces", "Par de Ases", "Dos Ases y tres cartas sueltas: es lo mínimo para cobrar.", "Ac As Kh 8d 4c"),
    ("other", "Otro par", "Cualquier par más bajo, como el de Reyes: no alcanza.", "Kc Kd Qh 8s 4d"),
)


def ranking_rows(vocabulary: str) -> list[dict]:
    """The ranking as plain data, best first: id, name, description, example cards, engine value.

    ``vocabulary`` is ``"mx"`` (Mata Ases: pair split at the Aces) or ``"es"``.
    """
    from engine.evaluation import CATEGORIES, evaluate

    rows = []
    for category in CATEGORIES:
        if vocabulary == "mx" and category == "pair":
            for key, name, description, example in MATA_ASES_PAIRS:
                cards = parse(example)
                rows.append({"id": f"pair_{key}", "category": category, "name": name,
                             "description": description, "cards": cards, "value": evaluate(cards)})
            continue
        cards = parse(CATEGORY_EXAMPLES[category])
        description = CATEGORY_DESCRIPTIONS[category].format(pairs=spanish.PAIR_WORDS[vocabulary][1])
        rows.append({"id": category, "category": category, "name": spanish.category_name(category, vocabulary),
                     "description": description, "cards": cards,
                     "value": evaluate(cards)})
    return rows


def category(name: str) -> str:
    """A category's name in the Spain vocabulary (Hold'em and Ultimate): ``"Doble pareja"``."""
    return spanish.category_name(name, "es")


def five_card_counts() -> dict[str, int]:
    from engine import stats

    return stats.category_counts(5)


def seven_card_counts() -> dict[str, int]:
    from engine import stats

    return stats.category_counts(7)


# ---------------------------------------------------------------------------------------------
# Inline figures: ``<!-- engine:figure name -->`` inside a sentence.

#: name -> function returning the figure's text; the game modules add theirs with :func:`figure`.
FIGURES: dict[str, Callable[[], str]] = {}


def figure(name: str):
    """Register an inline figure (a function returning its text)."""

    def register(func):
        FIGURES[name] = func
        return func

    return register


@marker("figure", "Una cifra calculada por el motor, dentro de una frase.", inline=True)
def render_figure(args: list[str]) -> str:
    return FIGURES[one_arg("figure", args, FIGURES)]()


@figure("seven-card-total")
def _seven_card_total() -> str:
    return spanish.amount(sum(seven_card_counts().values()))


@figure("five-card-total")
def _five_card_total() -> str:
    return spanish.amount(sum(five_card_counts().values()))


def one_in(ratio: Fraction) -> str:
    """``Fraction(30940, 1) -> "30.940"``; small ratios keep one decimal (``2,3``)."""
    if ratio >= 100:
        return spanish.amount(round(ratio))
    return spanish.decimal(ratio, 1)
