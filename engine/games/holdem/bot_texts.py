"""The bots' reasons in Spanish, once: the action (through :mod:`engine.table.words`) and why.

>>> from engine.table.bots import Decision
>>> reason("Ana", Decision("raise", 300, why="open", score=12), holding("Kh", "Kd"), position="CO", street="preflop",
...        pot=150, to_call=100, opponents=3)
'Ana sube a 300: con pareja de Reyes tiene una mano para abrir desde CO (cutoff).'
>>> reason("Beto", Decision("fold", None, why="no-odds", equity=0.18, pot_odds=0.33), made("7c 2d Ks Qh 9s"),
...        position="BB", street="flop", pot=200, to_call=100, opponents=1).replace("\xa0", " ")
'Beto se retira: pagar 100 para un bote de 300 pide al menos un 33 % de equity; la suya es solo del 18 % contra una mano al azar.'
"""

from __future__ import annotations

from ...cards import parse_cards
from ...evaluation import category_of, hand_name, ranks_of, strength
from ...spanish import amount, decimal, percent, position_phrase, rank_name, rank_plural
from ...table import words

__all__ = ["HIDDEN_HAND", "NAMES", "against", "holding", "made", "reason"]

#: The bots' names at the Hold'em table, seat after seat (the reader is «Tú»).
NAMES = ("Ana", "Beto", "Carla", "Dani", "Eva", "Fede", "Gala", "Hugo", "Iris")

_RANKS = "23456789TJQKA"

#: A bot's hand in its reasons at the free table, before the flop and after it: never its cards, which
#: nobody at the table saw (issue 51: a card never shown is never named; «Ver las cartas de todos» shows
#: them after the hand, when the reader asks).
HIDDEN_HAND = ("sus dos cartas", "lo que tiene")


def holding(a: str, b: str) -> str:
    """Two hole cards in words: «pareja de Reyes», «As y Rey del mismo palo».

    >>> holding("Ah", "Ad"), holding("Kc", "As"), holding("9s", "8s")
    ('pareja de Ases', 'As y Rey de distinto palo', '9 y 8 del mismo palo')
    """
    x, y = sorted((_RANKS.index(a[0]) + 2, _RANKS.index(b[0]) + 2), reverse=True)
    if x == y:
        return f"pareja de {rank_plural(x)}"
    return f"{rank_name(x)} y {rank_name(y)} {'del mismo palo' if a[1] == b[1] else 'de distinto palo'}"


def made(cards: str) -> str:
    """The best hand of the hole cards and the board, in a sentence: «doble pareja de Ases y Reyes»,
    «solo carta alta (As)».

    >>> made("As Kd Ah Kc 5s"), made("As 7d 2c 9h Jc")
    ('doble pareja de Ases y Reyes', 'solo carta alta (As)')
    """
    value = strength(parse_cards(cards))
    if category_of(value) == "high_card":
        return f"solo carta alta ({rank_name(ranks_of(value)[0])})"
    return hand_name(value, "es", running=True)


def against(count: int) -> str:
    return "una mano al azar" if count == 1 else f"{count} manos al azar"


def _eq(value: float) -> str:
    return percent(value, 0)


def _behind(count: int) -> str:
    return "un jugador" if count == 1 else f"{count} jugadores"


_PREFLOP = {
    "open": "con {hand} tiene una mano para abrir desde {where}",
    "open-short": "con {eff} ciegas grandes de stack efectivo, le basta con {hand} para jugárselo todo",
    "open-capped": "con {hand} tiene una mano para abrir desde {where}, pero no puede subir: {no_raise}",
    "cheap": "pagar {call} para un bote de {total} sale barato, y con {hand} puede ligar en el flop",
    "weak": "con {hand} tiene una mano floja para su estilo: su tabla de manos iniciales (una nota para cada mano "
            "antes del flop) le da {score} puntos, y ni con un solo jugador por hablar detrás le llegaría para abrir",
    "weak-here": "con {hand} no le basta para abrir desde {where} con {behind} por hablar detrás: su tabla de "
                 "manos iniciales (una nota para cada mano antes del flop) le da {score} puntos y ahí pide "
                 "{threshold}",
    "reraise": "con {hand} tiene una de las mejores manos antes del flop, y vuelve a subir",
    "reraise-capped": "con {hand} tiene una de las mejores manos antes del flop, pero no puede volver a subir: "
                      "{no_raise}",
    "call-chart": "con {hand} tiene una mano buena para pagar la subida, pero no para volver a subir",
    "weak-raised": "con {hand} no le basta para pagar {call} después de una subida: pagar {call} para un bote de {total} "
                   "{needs}; la suya es del {eq} contra {rivals}",
    "free": "pasar no le cuesta nada y con {hand} no tiene para subir",
    "odds": "pagar {call} para un bote de {total} {needs}; con {hand} tiene un {eq} contra {rivals}",
}

#: Why a bot that would raise cannot (:class:`engine.table.bots.Decision` ``no_raise``).
_NO_RAISE = {
    "stack": "pagar ya le cuesta todas sus fichas",
    "all-in": "los demás ya están all-in y nadie podría pagar una subida",
    "closed": "el all-in corto que tiene delante no le reabre las apuestas",
}

_POSTFLOP = {
    "free": "con {hand} y una equity del {eq} contra {rivals}, no le compensa apostar y {next}",
    "semi": "con {hand} y una equity del {eq} contra {rivals}, apuesta para llevarse el bote ya o cobrar si le "
            "pagan",
    "value": "con {hand} gana un {eq} de las veces contra {rivals}: apuesta para que le paguen",
    "bluff": "es un farol: con {hand} su equity es solo del {eq} contra {rivals}, pero apostar puede hacer que "
             "se retiren",
    "raise-value": "con {hand} y una equity del {eq} contra {rivals}, sube para ganar más",
    "odds": "pagar {call} para un bote de {total} {needs}; la suya es del {eq} contra {rivals}",
    "no-odds": "pagar {call} para un bote de {total} {needs}; la suya es solo del {eq} contra {rivals}",
}


def _needs(decision, street: object) -> str:
    """The equity a call asks: the pot odds, and what the bot asks on top of them when it asks more (its
    style's margin; before the flop, a little more for each raise it faces).

    >>> from engine.table.bots import Decision
    >>> _needs(Decision("fold", pot_odds=0.43, needed=0.51), "flop").replace("\xa0", " ")
    'pide un 43 % de equity por las pot odds y, con el margen de su estilo, al menos un 51 %'
    """
    needed, odds = getattr(decision, "needed", None), decision.pot_odds or 0.0
    if needed is None or _eq(needed) == _eq(odds):
        return f"pide al menos un {_eq(odds)} de equity"
    margin = "el margen de su estilo y el de las subidas que tiene delante" if street == "preflop" else "el margen de su estilo"
    return f"pide un {_eq(odds)} de equity por las pot odds y, con {margin}, al menos un {_eq(needed)}"


def _points(value: float | None) -> str:
    """A chart's score or threshold: «9», «9,5»."""
    return decimal(value or 0.0, 1).removesuffix(",0")


def reason(name: str, decision, hand: str, *, position: str, street: str, pot: int, to_call: int,
           opponents: int, effective_bb: float = 0.0, winnable: int | None = None, behind: int = 0) -> str:
    """The sentence of a bot's decision: «Ana sube a 300: tiene pareja de Reyes, ...». ``hand`` is
    :func:`holding` before the flop and :func:`made` after it; ``pot`` every chip in the middle;
    ``winnable`` the chips a call plays for (default: the pot and the call, when nobody put in more
    than the bot can match)."""
    n = decision.amount if decision.action in ("bet", "raise", "call") else None
    head = words.did(name, decision.action, n, end="")
    if decision.all_in:
        head += " y va all-in"
    why = decision.why
    if street == "preflop":
        template = _PREFLOP[why]
    else:
        template = _POSTFLOP[why]
    text = template.format(
        hand=hand, where=position_phrase(position), call=amount(to_call),
        total=amount(pot + to_call if winnable is None else winnable), needs=_needs(decision, street),
        no_raise=_NO_RAISE.get(decision.no_raise, ""), score=_points(decision.score),
        threshold=_points(decision.threshold), behind=_behind(behind),
        eff=str(effective_bb).replace(".", ",").removesuffix(",0"),
        eq=_eq(decision.equity or 0.0), odds=_eq(decision.pot_odds or 0.0), rivals=against(opponents),
        next="llega al showdown sin poner más" if street == "river" else "ve la siguiente carta gratis")
    return f"{head}: {text}."
