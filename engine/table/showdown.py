"""Why a showdown ends as it does, from the evaluator: each player's five playing cards and what decides.

A beginner sees A♣6♥ tie A♥7♥ and expects the 7 to win; the table says which five cards play for each
player and what decided: a better category, the pair, the kicker, the second pair, the board playing for
everybody, or five cards of equal value (the others do not count). Everything is read from the strengths
(:mod:`engine.evaluation`): nothing is restated.

>>> from engine.cards import parse_cards
>>> board = parse_cards("Kd Qs Jc 9h 2d")
>>> hole = {"Ana": parse_cards("Ac 6h"), "Tú": parse_cards("Ah 7h")}
>>> why(hole, board, ["Ana", "Tú"])
'Empate: las cinco cartas que juegan (A K Q J 9) valen lo mismo para los dos; las demás cartas no cuentan.'
>>> why({"Ana": parse_cards("Ac Kh"), "Tú": parse_cards("As Qh")}, parse_cards("Ad 8s 7c 4h 2d"), ["Ana", "Tú"])
'Decide el kicker: K♥ (Ana) gana a Q♥ (tú).'
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ..evaluation import TIE_RANKS, best_five, code_of, ranks_of, strength
from ..spanish import amount, capital, card_symbol, listing, pot_name, rank_symbol
from .texts import shown_hand
from .words import YOU

#: What each tie rank of a category is, by category code (0 high card ... 9 royal flush), and where its
#: card sits among the five playing cards as :func:`engine.evaluation.best_five` orders them.
_TIES: tuple[tuple[tuple[str, int], ...], ...] = (
    (("la carta más alta", 0), ("la segunda carta", 1), ("la tercera carta", 2), ("la cuarta carta", 3),
     ("la quinta carta", 4)),
    (("la pareja", 0), ("el kicker", 2), ("el segundo kicker", 3), ("el tercer kicker", 4)),
    (("la pareja más alta", 0), ("la segunda pareja", 2), ("el kicker", 4)),
    (("el trío", 0), ("el kicker", 3), ("el segundo kicker", 4)),
    (("la carta más alta de la escalera", 0),),
    (("la carta más alta del color", 0), ("la segunda carta del color", 1), ("la tercera carta del color", 2),
     ("la cuarta carta del color", 3), ("la quinta carta del color", 4)),
    (("el trío", 0), ("la pareja", 3)),
    (("el póquer", 0), ("el kicker", 4)),
    (("la carta más alta de la escalera", 0),),
    (("la carta más alta de la escalera", 0),),
)
assert all(len(t) == n for t, n in zip(_TIES, TIE_RANKS))


def tie_break(loser: int, winner: int) -> tuple[str, int, int] | None:
    """What decides between two strengths of the same category, ``loser`` below ``winner``: the words of the
    first tie rank where they differ («la tercera carta del color», «el kicker») and the two ranks; None when
    their categories differ or they are equal.

    >>> from engine.cards import parse_cards
    >>> tie_break(strength(parse_cards("Ah Kh 9h 7h 3h")), strength(parse_cards("Ah Kh Qh 9h 7h")))
    ('la tercera carta del color', 9, 12)
    """
    code = code_of(winner)
    if code != code_of(loser) or loser == winner:
        return None
    for (what, _), low, high in zip(_TIES[code], ranks_of(loser), ranks_of(winner)):
        if low != high:
            return what, low, high
    return None


def who(name: str) -> str:
    """A player inside the explanation's brackets: «Ana», «tú»."""
    return "tú" if name == YOU else name


def _hand(values: Mapping[str, int], player: str) -> str:
    """A hand in running text; a high card only by its category (its top card is in the five shown)."""
    return "carta alta" if code_of(values[player]) == 0 else shown_hand(values, player)


def playing_five(cards: Sequence) -> tuple:
    """The five of ``cards`` that play (the best five, ordered as the hand reads: made cards first)."""
    return best_five(strength(cards), cards)


def why(hole: Mapping[str, Sequence], board: Sequence, eligible: Sequence[str],
        names: Mapping[str, str] | None = None, *, pot: str = "el bote") -> str | None:
    """The sentence that says what decides between the ``eligible`` players' hands (``hole`` cards plus
    ``board``), or None when fewer than two are there. ``names`` maps players to display names; ``pot``:
    the pot the winners share when they tie (:func:`decide`)."""
    shown = [p for p in eligible if p in hole]
    if len(shown) < 2:
        return None
    values = {p: strength([*hole[p], *board]) for p in shown}
    fives = {p: best_five(values[p], [*hole[p], *board]) for p in shown}
    board_value = strength(board) if len(board) == 5 else None
    return decide(values, fives, names, board_value=board_value, pot=pot)


def decide(values: Mapping[str, int], fives: Mapping[str, Sequence], names: Mapping[str, str] | None = None,
           *, board_value: int | None = None, hand_names: Mapping[str, str] | None = None,
           pot: str = "el bote") -> str:
    """What decides between hands of strengths ``values`` whose playing cards are ``fives`` (ordered as
    :func:`engine.evaluation.best_five` orders them); ``board_value``: the shared cards' own strength,
    when five of them can play for everybody; ``hand_names``: the game's own name of each hand, in
    running text (Mata Ases says «par», Hold'em «pareja»); ``pot``: what tied winners share («el bote»,
    «el pozo»). Tied winners are all named, with the five cards that tie, before what beats the others.

    >>> from engine.cards import parse_cards as c
    >>> hands = {"Ana": c("Tc 6c"), "Tú": c("Td 6d"), "Beto": c("As Ah")}
    >>> why(hands, c("9h 8s 7d 2c Ac"), ["Ana", "Tú", "Beto"])
    'Empate entre Ana y tú: las cinco cartas que juegan (10 9 8 7 6) valen lo mismo y se reparten el bote. \
Decide la jugada: escalera al 10 (Ana y tú) gana a trío de Ases (Beto).'
    """
    names = names or {}
    shown = list(values)
    ordered = sorted(shown, key=lambda p: values[p], reverse=True)
    top = values[ordered[0]]
    winners = [p for p in ordered if values[p] == top]
    losers = [p for p in ordered if values[p] != top]
    cards = " ".join(rank_symbol(c.rank) for c in fives[winners[0]])
    if not losers:
        if board_value == top:  # the five shared cards are worth the best hand
            return "La mesa juega: la mejor jugada de cada uno son las cinco cartas comunes, así que empatan."
        both = "los dos" if len(winners) == 2 else "todos"
        return (f"Empate: las cinco cartas que juegan ({cards}) valen lo mismo para {both}; "
                "las demás cartas no cuentan.")
    # Players tied on one value are named in one order whatever the order they came in (the reader last).
    winners = sorted(winners, key=lambda p: (p == YOU, names.get(p, p)))
    shown_names = [who(names.get(p, p)) for p in winners]
    tie = (f"Empate entre {listing(shown_names)}: las cinco cartas que juegan ({cards}) valen lo mismo y se "
           f"reparten {pot}. " if len(winners) > 1 else "")
    runner = losers[0]
    # Every player tied for second best is named, never just one of them.
    runners = sorted((p for p in losers if values[p] == values[runner]), key=lambda p: (p == YOU, names.get(p, p)))
    win_name = listing(shown_names)
    run_name = listing([who(names.get(p, p)) for p in runners])
    code = code_of(top)
    if code != code_of(values[runner]):
        named = hand_names or {}
        return (f"{tie}Decide la jugada: {named.get(winners[0]) or _hand(values, winners[0])} ({win_name}) gana a "
                f"{named.get(runner) or _hand(values, runner)} ({run_name}).")
    mine, theirs = ranks_of(top), ranks_of(values[runner])
    index = next(i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b)
    what, at = _TIES[code][index]
    won = listing([f"{card_symbol(fives[w][at])} ({n})" for w, n in zip(winners, shown_names)])
    lost = listing([f"{card_symbol(fives[r][at])} ({who(names.get(r, r))})" for r in runners])
    return f"{tie}Decide {what}: {won} {'gana' if len(winners) == 1 else 'ganan'} a {lost}."


def explanations(hole: Mapping[str, Sequence], board: Sequence, pots: Sequence[tuple[Sequence[str], int]],
                 names: Mapping[str, str] | None = None) -> list[str]:
    """One sentence per contested pot (``pots``: each pot's eligible players and its chips, main pot first),
    repeats left out; with more than one pot, each sentence says which pot it speaks of and its chips
    («En el bote secundario (400), decide…»)."""
    out: list[str] = []
    for index, (eligible, chips) in enumerate(pots, start=1):
        label = f"el {pot_name(index)}" if len(pots) > 1 else "el bote"
        text = why(hole, board, eligible, names, pot=label)
        if text and len(pots) > 1:
            text = f"En {label} ({amount(chips)}), {text[0].lower()}{text[1:]}"
        if text and text not in out:
            out.append(capital(text))
    return out
