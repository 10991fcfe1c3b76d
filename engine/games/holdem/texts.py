"""Every event of a Hold'em hand explained in Spanish, with the rule it follows and its citation.

Records (:mod:`engine.table.records`, :mod:`.records`) carry the facts; this module words them. The
decisions are worded by the table's one vocabulary (:func:`engine.table.refusals.did`); the sentences
of the game (blinds, burns, showdown order, pots) live here. Citations: the TDA 2024 rules by number,
the «Guía de Texas Hold'em» by section, and this site's rules page (docs/holdem/index.md) by section
where it states a convention.

>>> from engine.table import BlindPosting
>>> event(BlindPosting("p2", 20, "big", street="preflop"), {"p2": "Ana"})["text"]
'Ana pone la ciega grande: 20.'
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ...evaluation import category_of, in_running_text, name_es
from ...spanish import amount, card_symbol, listing, pot_name
from ...table import (AntePosting, BettingOrRaisingTo, BlindPosting, BoardDealing, Burning, CheckingOrCalling,
                      ChipsReturning, Folding, HoleDealing, Mucking, PotAwarding, Record, Showing)
from ...table.words import YOU, did, say
from .records import BettingOpening, NextHand, Runout, ShowdownStarting, StreetEnding, UncontestedWin

__all__ = ["CITE", "event"]

_GUIDE = "Guía de Texas Hold'em"


def _site(section: str) -> str:
    return f"Reglas de este sitio: «{section}»"


def _tda(rule: str) -> str:
    return f"TDA 2024, regla {rule}"


#: Every citation the events use, by rule.
CITE = {
    "blinds": f"{_GUIDE}, «Las ciegas, SB y BB. El ante»",
    "ante": f"{_GUIDE}, «Las ciegas, SB y BB. El ante» · {_site('Las ciegas y el ante')}",
    "blind_first": _site("Convención de este sitio: ciega antes que ante"),
    "deal": f"{_GUIDE}, «Reparto de cartas» · {_site('El reparto')}",
    "preflop": f"{_GUIDE}, «Primera ronda de apuestas – Apuestas preflop»",
    "postflop": f"{_GUIDE}, «Segunda ronda de apuestas – Apuestas Postflop» · {_site('Las cuatro rondas de apuestas')}",
    "flop": f"{_GUIDE}, «Reparto del Flop» · {_site('Las cartas quemadas')}",
    "turn": f"{_GUIDE}, «Reparto del Turn» · {_site('Las cartas quemadas')}",
    "river": f"{_GUIDE}, «Reparto del River» · {_site('Las cartas quemadas')}",
    "bet": _site("Apuesta y subida mínimas"),
    "raise": f"{_tda('43')} · {_site('Apuesta y subida mínimas')}",
    "short": f"{_tda('47')} · {_site('Apuesta y subida mínimas')}",
    "fold_free": _site("Las acciones"),
    "uncalled": _site("Apuesta y subida mínimas"),
    "all_in": _site("All-in y botes secundarios"),
    "lone": f"{_GUIDE}, «Primera ronda de apuestas – Apuestas preflop»",
    "showdown": f"{_tda('16')} · {_GUIDE}, «Muestra de cartas – Showdown» · {_site('El showdown: quién enseña primero')}",
    "muck": _site("Las cartas hablan"),
    "pots": f"{_tda('21')} · {_site('All-in y botes secundarios')}",
    "odd_chip": f"{_tda('20-A')} · {_site('Empates y fichas sueltas')}",
    "rotation": _site("La rotación del botón"),
}

_BLIND_NAMES = {"small": "la ciega pequeña", "big": "la ciega grande", "straddle": "un straddle"}
_ROUND_NAMES = {"preflop": "la ronda antes del flop", "flop": "la ronda del flop", "turn": "la ronda del turn",
                "river": "la ronda del river"}


def _for(name: str) -> str:
    """The name after «para»: «para Ana», «para ti»."""
    return "ti" if name == YOU else name


def _odd_chips(count: int, order: Sequence[str]) -> str:
    """Who gets the chips a split pot cannot divide: one by one, from the first winner to the left of
    the button (``order``: the winners in that order).

    >>> _odd_chips(1, ["Ana", "Tú"]), _odd_chips(1, ["Tú", "Ana"])
    ('La ficha que no se puede dividir va a Ana, el primer ganador a la izquierda del botón.', 'La ficha que no se puede dividir es para ti, el primer ganador a la izquierda del botón.')
    >>> _odd_chips(2, ["Beto", "Carla", "Tú"])
    'Las 2 fichas que no se pueden dividir se dan de una en una desde el primer ganador a la izquierda del botón: una para Beto y otra para Carla.'
    """
    if count == 1:
        first = order[0]
        verb = "es para ti" if first == YOU else f"va a {first}"
        return f"La ficha que no se puede dividir {verb}, el primer ganador a la izquierda del botón."
    takers = [_for(name) for name in order[:count]]
    shares = [f"una para {takers[0]}"] + [f"otra para {t}" for t in takers[1:]]
    return (f"Las {amount(count)} fichas que no se pueden dividir se dan de una en una desde el primer ganador "
            f"a la izquierda del botón: {listing(shares)}.")


def _cards(cards) -> str:
    return " ".join(card_symbol(c) for c in cards)


def shown_hand(strengths: Mapping[str, int] | None, player: str) -> str | None:
    """The player's best hand in running text («pareja de Ases»), once the showdown valued it."""
    if not strengths or player not in strengths:
        return None
    value = strengths[player]
    return in_running_text(name_es(value), category_of(value), "es")


def event(rec: Record, names: Mapping[str, str], *, pot_count: int = 1,
          strengths: Mapping[str, int] | None = None) -> dict:
    """One record as the reply's event: ``type``, ``street``, ``player``/``amount``/``cards`` when it
    has them, the Spanish ``text`` and the ``cite`` of its rule. ``names`` are the display names."""
    p = getattr(rec, "player", None)
    who = names.get(p, p) if p is not None else None
    out: dict = {"type": "", "street": rec.street}
    if p is not None:
        out["player"] = p
    text, cite = "", None
    if isinstance(rec, BlindPosting):
        out.update(type="blind", amount=rec.amount)
        short = rec.all_in and rec.kind != "straddle"
        text = say(who, f"Pones {_BLIND_NAMES[rec.kind]}: {amount(rec.amount)}.",
                   f"{{p}} pone {_BLIND_NAMES[rec.kind]}: {amount(rec.amount)}.")
        if short:
            text += say(who, " Es todo lo que tienes: vas all-in.", " Es todo lo que tiene: va all-in.")
        cite = CITE["blinds"]
    elif isinstance(rec, AntePosting):
        out.update(type="ante", amount=rec.amount)
        text = say(who, f"Pones {amount(rec.amount)} de ante.", f"{{p}} pone {amount(rec.amount)} de ante.")
        text += " El ante va al bote pero no es una apuesta: no cuenta para igualar."
        cite = CITE["ante"]
        if rec.all_in:
            text += say(who, " Con eso te quedas sin fichas (primero se pone la ciega, luego el ante).",
                        " Con eso se queda sin fichas (primero se pone la ciega, luego el ante).")
            cite = f"{cite} · {CITE['blind_first']}"
    elif isinstance(rec, HoleDealing):
        out.update(type="hole", cards=[str(c) if c is not None else "??" for c in rec.cards])
        text = say(who, "Recibes tus dos cartas, boca abajo.", "{p} recibe sus dos cartas, boca abajo.")
        cite = CITE["deal"]
    elif isinstance(rec, Burning):
        out.update(type="burn")
        text = "El crupier quema una carta: la aparta boca abajo sin enseñarla."
        cite = CITE[rec.street]
    elif isinstance(rec, BoardDealing):
        out.update(type="board", cards=[str(c) for c in rec.cards])
        what = {"flop": "el flop, tres cartas comunes", "turn": "el turn, la cuarta carta común",
                "river": "el river, la quinta y última carta común"}[rec.street]
        text = f"Sale {what}: {_cards(rec.cards)}."
        cite = CITE[rec.street]
    elif isinstance(rec, BettingOpening):
        out.update(type="first_to_act")
        if rec.street == "preflop":
            after = names.get(rec.after, rec.after)
            after = "la tuya" if after == YOU else f"la de {after}"
            text = say(who, f"Abres la ronda antes del flop: eres el primer jugador a la izquierda de la apuesta "
                            f"obligatoria más alta, {after}.",
                       f"Abre la ronda antes del flop {{p}}, el primer jugador a la izquierda de la apuesta "
                       f"obligatoria más alta, {after}.")
            cite = CITE["preflop"]
        else:
            text = say(who, f"Abres {_ROUND_NAMES[rec.street]}: eres el primer jugador que sigue en la mano a la "
                            "izquierda del botón.",
                       f"Abre {_ROUND_NAMES[rec.street]} {{p}}, el primer jugador que sigue en la mano a la "
                       "izquierda del botón.")
            cite = CITE["postflop"]
        if rec.first is None:
            text += " Pero nadie puede apostar: todos menos uno como mucho están all-in."
        elif rec.first != rec.player:
            first = names.get(rec.first, rec.first)
            text += say(who, " Estás all-in", " Pero está all-in") + say(first, ": hablas tú.", ": habla {p}.")
    elif isinstance(rec, Folding):
        out.update(type="fold")
        text = did(who, "fold")
        if rec.free:
            text += " Nadie había apostado y pasar era gratis, pero el fold vale: la mano queda muerta."
            cite = CITE["fold_free"]
    elif isinstance(rec, CheckingOrCalling):
        if rec.amount == 0:
            out.update(type="check")
            text = did(who, "check")
        else:
            out.update(type="call", amount=rec.amount)
            text = did(who, "call", rec.amount)
            if rec.all_in:
                text += say(who, " Es todo lo que te queda: vas all-in.", " Es todo lo que le queda: va all-in.")
                cite = CITE["all_in"]
    elif isinstance(rec, BettingOrRaisingTo):
        out.update(type=rec.kind, amount=rec.amount)
        text = did(who, rec.kind, rec.amount, end="")
        text += say(who, " y vas all-in.", " y va all-in.") if rec.all_in else "."
        if not rec.full:
            text += (" Es menos que una " + ("apuesta" if rec.kind == "bet" else "subida") + " completa: "
                     "no reabre las apuestas para quien ya había hablado.")
            if rec.reopened:
                one = len(rec.reopened) == 1
                again = listing(names.get(q, q) for q in rec.reopened)
                text += (f" Pero, con los all-in cortos anteriores, suma para {again} al menos una subida completa "
                         f"desde que {'habló' if one else 'hablaron'}: {'puede' if one else 'pueden'} volver a "
                         "subir.")
            cite = CITE["short"]
        else:
            cite = CITE[rec.kind]
    elif isinstance(rec, ChipsReturning):
        out.update(type="return", amount=rec.amount)
        text = say(who, f"Nadie igualó toda tu apuesta: te devuelven {amount(rec.amount)}.",
                   f"Nadie igualó toda la apuesta de {{p}}: le devuelven {amount(rec.amount)}.")
        text += " Lo que nadie iguala no forma bote."
        cite = CITE["uncalled"]
    elif isinstance(rec, StreetEnding):
        out.update(type="round_end", amount=rec.pot)
        text = f"Termina {_ROUND_NAMES.get(rec.street, 'la ronda')}. En el bote hay {amount(rec.pot)}."
    elif isinstance(rec, Runout):
        out.update(type="runout")
        text = ("Hay all-in y nadie más puede apostar: todos los que siguen enseñan sus cartas y se reparten "
                "las cartas comunes que faltan.")
        cite = CITE["all_in"]
    elif isinstance(rec, ShowdownStarting):
        out.update(type="showdown")
        first = names.get(rec.order[0], rec.order[0])
        if rec.reason == "aggressor":
            text = say(first, "Showdown: enseñas primero tú, que hiciste la última apuesta o subida del river.",
                       "Showdown: enseña primero {p}, que hizo la última apuesta o subida del river.")
        elif rec.reason == "first_left":
            text = say(first, "Showdown: en el river nadie apostó, así que enseñas primero tú, el primero que "
                              "sigue en la mano a la izquierda del botón.",
                       "Showdown: en el river nadie apostó, así que enseña primero {p}, el primero que sigue en "
                       "la mano a la izquierda del botón.")
        else:
            text = "Showdown: las manos ya están boca arriba por el all-in."
        if rec.reason != "all_in" and len(rec.order) > 1:
            text += " Después, los demás en el sentido del reloj."
        cite = CITE["showdown"]
    elif isinstance(rec, Showing):
        out.update(type="show", cards=[str(c) for c in rec.cards])
        text = say(who, f"Enseñas {_cards(rec.cards)}", f"{{p}} enseña {_cards(rec.cards)}")
        hand = shown_hand(strengths, p) if rec.street == "showdown" else None
        text += f": {hand}." if hand else "."
    elif isinstance(rec, Mucking):
        out.update(type="muck")
        text = say(who, "Tiras tus cartas sin enseñarlas: tu mano ya no puede ganar.",
                   "{p} tira sus cartas sin enseñarlas: su mano ya no puede ganar.")
        cite = CITE["muck"]
    elif isinstance(rec, UncontestedWin):
        out.update(type="uncontested")
        text = say(who, "Todos los demás se retiraron: te llevas el bote sin enseñar tus cartas.",
                   "Todos los demás se retiraron: {p} se lleva el bote sin enseñar sus cartas.")
        cite = CITE["lone"]
    elif isinstance(rec, PotAwarding):
        winners = rec.winners
        out.update(type="win", amount=rec.amount, player=winners[0])
        label = "el bote" if pot_count == 1 else f"el {pot_name(rec.index + 1)}"
        hand = shown_hand(strengths, winners[0])
        if len(winners) == 1:
            w = names.get(winners[0], winners[0])
            text = say(w, f"Ganas {label}: {amount(rec.amount)}", f"{{p}} gana {label}: {amount(rec.amount)}")
            text += f", con {hand}." if hand else "."
            cite = CITE["pots"] if pot_count > 1 else None
        else:
            shown = [names.get(w, w) for w in winners]
            parts = [f"{amount(share)} para {_for(names.get(w, w))}" for w, share in rec.shares]
            if YOU in shown:
                others = [n for n in shown if n != YOU]
                text = f"Empate: te repartes {label} de {amount(rec.amount)} con {listing(others)}"
            else:
                text = f"Empate: {listing(shown)} se reparten {label} de {amount(rec.amount)}"
            text += f" ({listing(parts)})"
            text += f", con {hand}." if hand else "."
            cite = CITE["pots"] if pot_count > 1 else None
            odd = rec.amount % len(winners)
            if odd:
                text += " " + _odd_chips(odd, shown)
                cite = CITE["odd_chip"] if cite is None else f"{cite} · {CITE['odd_chip']}"
    elif isinstance(rec, NextHand):
        out.update(type="next_hand", player=rec.big_blind)
        def _ti(name: str) -> str:  # «para ti», «pasa a ti»
            return "ti" if name == YOU else name

        button, big = _ti(names.get(rec.button, rec.button)), _ti(names.get(rec.big_blind, rec.big_blind))
        if rec.small_blind == rec.button:
            text = (f"Próxima mano (heads-up): el botón y la ciega pequeña son para {button}; la ciega grande, "
                    f"para {big}.")
        else:
            small = _ti(names.get(rec.small_blind, rec.small_blind)) if rec.small_blind else None
            text = f"Próxima mano: la ciega grande pasa a {big}"
            text += f", la ciega pequeña a {small}" if small else ", sin ciega pequeña (quien la tocaba se quedó sin fichas)"
            text += (f" y el botón queda muerto en el asiento de {button}." if rec.dead_button
                     else f" y el botón a {button}.")
        out_names = [names.get(b, b) for b in rec.busted]
        if YOU in out_names:
            text += " Te quedas sin fichas" + (f", y también {listing(n for n in out_names if n != YOU)}."
                                               if len(out_names) > 1 else ".")
        elif out_names:
            text += f" Se queda{'n' if len(out_names) > 1 else ''} sin fichas: {listing(out_names)}."
        cite = CITE["rotation"]
    out["text"] = text
    if cite:
        out["cite"] = cite
    return out


# ---------------------------------------------------------------------------------------------
# The table page's words (the Viewer, :mod:`.view`).

#: The sentence over the board, by the number of board cards out.
BOARD_LABELS = {0: "Cartas comunes: el flop sale al terminar la ronda antes del flop",
                3: "Flop", 4: "Flop y turn", 5: "Flop, turn y river"}
#: The labels of a Hold'em table beyond the table's own (:data:`engine.table.words.LABELS`).
TABLE_LABELS = {"pot": "Bote", "closed": "Carta tapada", "closed_suffix": "tapada",
                "own_closed": "tu carta, tapada para los demás", "own_closed_title": "Tu carta: solo la ves tú",
                "own_closed_note": "tapada para los demás", "dead_cards": "Sus cartas ya no cuentan"}


def prompt(call: int | None) -> str:
    """What the reader is told at his turn (``call``: chips to pay, None when checking is free).

    >>> prompt(40), prompt(None)
    ('Te toca hablar: para seguir en la mano tienes que pagar 40.', 'Te toca hablar: puedes pasar sin poner fichas.')
    """
    if call:
        return f"Te toca hablar: para seguir en la mano tienes que pagar {amount(call)}."
    return "Te toca hablar: puedes pasar sin poner fichas."
