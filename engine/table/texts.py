"""Every event of a table hand (:class:`engine.table.hand.Hand`) explained in Spanish, with the rule it
follows and its citation.

Records (:mod:`engine.table.records`) carry the facts; this module words them. The decisions are
worded by the table's one vocabulary (:func:`engine.table.words.did`); the sentences of the dealer, the
showdown and the pots live here. What is each game's (the rules it cites, the sentence over its board,
its table's labels) is its :class:`HandWords`; what is each street's (its round, when, what it deals)
is its :class:`~engine.table.rules.Street`.

>>> from engine.table import BlindPosting
>>> event(BlindPosting("p2", 20, "big", street="preflop"), {"p2": "Ana"}, words=HandWords())["text"]
'Ana pone la ciega grande: 20.'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from ..evaluation import category_of, in_running_text, name_es
from ..spanish import amount, card_symbol, count_word, listing, pot_name
from .records import (AntePosting, BettingOpening, BettingOrRaisingTo, BlindPosting, BoardDealing, Burning,
                      CheckingOrCalling, ChipsReturning, Folding, HoleDealing, Mucking, NextHand, PotAwarding,
                      Record, Runout, ShowdownStarting, Showing, StreetEnding, UncontestedWin)
from .rules import Opening, Rules, Street
from .words import YOU, did, say

__all__ = ["HandWords", "event", "prompt", "shown_hand"]


@dataclass(frozen=True)
class HandWords:
    """A game's own words for its hand's events and its table.

    - ``cites``: the citation of each rule an event applies, by key: ``blinds``, ``ante``,
      ``blind_first``, ``deal``, ``open_blinds`` / ``open_button`` (who opens a round, by the street's
      :class:`~engine.table.rules.Opening`), ``bet``, ``raise``, ``short``, ``fold_free``, ``uncalled``,
      ``all_in``, ``lone``, ``showdown`` (who shows first), ``showdown_all_in`` (the hands tabled for an
      all-in), ``straddle``, ``short_blind`` (a big blind all-in for less), ``muck``, ``pots``, ``odd_chip``, ``rotation``; and, by a
      street's name, the citation of its dealing. A key without a citation gives none.
    - ``board_labels``: the sentence over the board, by the number of board cards out.
    - ``labels``: the table's labels beyond :data:`engine.table.words.LABELS` (``pot``: «Bote»...).
    """

    cites: Mapping[str, str] = field(default_factory=dict)
    board_labels: Mapping[int, str] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict)
    #: Where the game's rules page states each cited rule (:class:`engine.table.cites.RuleLinks`), if known.
    links: object = None

    def cite(self, key: object) -> str | None:
        return self.cites.get(key)


_BLIND_NAMES = {"small": "la ciega pequeña", "big": "la ciega grande", "straddle": "un straddle"}


def _street(rules: Rules | None, name: object) -> Street | None:
    if rules is None:
        return None
    try:
        return rules.street(name)
    except KeyError:
        return None


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


def _round(street: Street | None) -> str:
    """The betting round of ``street`` in a sentence («la ronda del flop»)."""
    return street.round if street is not None and street.round else "la ronda"


def _joined(first: str | None, second: str | None) -> str | None:
    """Two citations, either of them missing: «A · B», «A», «B» or None."""
    return " · ".join(c for c in (first, second) if c) or None


def _cards(cards) -> str:
    return " ".join(card_symbol(c) for c in cards)


def shown_hand(strengths: Mapping[str, int] | None, player: str) -> str | None:
    """The player's best hand in running text («pareja de Ases»), once the showdown valued it."""
    if not strengths or player not in strengths:
        return None
    value = strengths[player]
    return in_running_text(name_es(value), category_of(value), "es")


def event(rec: Record, names: Mapping[str, str], *, words: HandWords, rules: Rules | None = None, pot_count: int = 1,
          strengths: Mapping[str, int] | None = None) -> dict:
    """One record as the reply's event: ``type``, ``street``, ``player``/``amount``/``cards`` when it
    has them, the Spanish ``text`` and the ``cite`` of its rule. ``names`` are the display names;
    ``words`` the game's (:class:`HandWords`); ``rules`` its streets."""
    street = _street(rules, rec.street)
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
        if rec.kind == "straddle":
            text += " Es una ciega más, voluntaria: quien lo pone habla el último antes del flop."
        cite = words.cite("straddle" if rec.kind == "straddle" else "blinds")
        if short and rec.kind == "big":
            text += (" Para seguir en la mano, los demás igualan la apuesta más alta que haya, aunque no llegue a"
                     " una ciega grande entera.")
            cite = _joined(cite, words.cite("short_blind"))
    elif isinstance(rec, AntePosting):
        out.update(type="ante", amount=rec.amount)
        text = say(who, f"Pones {amount(rec.amount)} de ante.", f"{{p}} pone {amount(rec.amount)} de ante.")
        text += " El ante va al bote pero no es una apuesta: no cuenta para igualar."
        cite = words.cite("ante")
        if rec.all_in:
            text += say(who, " Con eso te quedas sin fichas (primero se pone la ciega, luego el ante).",
                        " Con eso se queda sin fichas (primero se pone la ciega, luego el ante).")
            cite = _joined(cite, words.cite("blind_first"))
    elif isinstance(rec, HoleDealing):
        out.update(type="hole", cards=[str(c) if c is not None else "??" for c in rec.cards])
        count = count_word(len(rec.cards))
        up = [c for c, face in zip(rec.cards, rec.up) if face and c is not None]
        if not any(rec.up):
            text = say(who, f"Recibes tus {count} cartas, boca abajo.", f"{{p}} recibe sus {count} cartas, boca abajo.")
        else:
            down = len(rec.cards) - len(up)
            shown = f"{count_word(len(up))} boca arriba ({_cards(up)})"
            how = f"{count_word(down)} boca abajo y {shown}" if down else shown
            text = say(who, f"Recibes tus {count} cartas: {how}.", f"{{p}} recibe sus {count} cartas: {how}.")
        cite = words.cite("deal")
    elif isinstance(rec, Burning):
        out.update(type="burn")
        text = "El crupier quema una carta: la aparta boca abajo sin enseñarla."
        cite = words.cite(rec.street)
    elif isinstance(rec, BoardDealing):
        out.update(type="board", cards=[str(c) for c in rec.cards])
        what = street.dealt if street is not None and street.dealt else "la mesa"
        text = f"Sale {what}: {_cards(rec.cards)}."
        cite = words.cite(rec.street)
    elif isinstance(rec, BettingOpening):
        out.update(type="first_to_act")
        round_ = _round(street)
        if street is not None and street.opening is Opening.LEFT_OF_BLINDS:
            after = names.get(rec.after, rec.after)
            after = "la tuya" if after == YOU else f"la de {after}"
            text = say(who, f"Abres {round_}: eres el primer jugador a la izquierda de la apuesta "
                            f"obligatoria más alta, {after}.",
                       f"Abre {round_} {{p}}, el primer jugador a la izquierda de la apuesta "
                       f"obligatoria más alta, {after}.")
            cite = words.cite("open_blinds")
            if rec.straddle:  # the guide knows no straddle: the site's section says who opens after one
                cite = _joined(cite, words.cite("straddle"))
        else:
            text = say(who, f"Abres {round_}: eres el primer jugador que sigue en la mano a la "
                            "izquierda del botón.",
                       f"Abre {round_} {{p}}, el primer jugador que sigue en la mano a la "
                       "izquierda del botón.")
            cite = words.cite("open_button")
        if rec.first is None:
            text += " Pero nadie puede apostar: todos menos uno como mucho están all-in."
        elif rec.first != rec.player:
            first = names.get(rec.first, rec.first)
            text += say(who, " Estás all-in", " Pero está all-in") + say(first, ": hablas tú.", ": habla {p}.")
    elif isinstance(rec, Folding):
        out.update(type="fold")
        text = did(who, "fold")
        if rec.free:
            text += (" Nadie había apostado y pasar era gratis; aun así, la retirada se mantiene y esa mano ya no"
                     " juega. En una sala, además, pueden sancionar a quien se retira así.")
            cite = words.cite("fold_free")
    elif isinstance(rec, CheckingOrCalling):
        if rec.amount == 0:
            out.update(type="check")
            text = did(who, "check")
        else:
            out.update(type="call", amount=rec.amount)
            text = did(who, "call", rec.amount)
            if rec.all_in:
                text += say(who, " Es todo lo que te queda: vas all-in.", " Es todo lo que le queda: va all-in.")
                cite = words.cite("all_in")
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
            cite = words.cite("short")
        else:
            cite = words.cite(rec.kind)
    elif isinstance(rec, ChipsReturning):
        out.update(type="return", amount=rec.amount)
        text = say(who, f"Nadie igualó toda tu apuesta: te devuelven {amount(rec.amount)}.",
                   f"Nadie igualó toda la apuesta de {{p}}: le devuelven {amount(rec.amount)}.")
        text += " Lo que nadie iguala no forma bote."
        cite = words.cite("uncalled")
    elif isinstance(rec, StreetEnding):
        out.update(type="round_end", amount=rec.pot)
        text = f"Termina {_round(street)}. En el bote hay {amount(rec.pot)}."
    elif isinstance(rec, Runout):
        out.update(type="runout")
        text = ("Hay all-in y nadie más puede apostar: todos los que siguen enseñan sus cartas y se reparten "
                "las cartas comunes que faltan.")
        cite = words.cite("all_in")
    elif isinstance(rec, ShowdownStarting):
        out.update(type="showdown")
        first = names.get(rec.order[0], rec.order[0])
        last = rules.streets[-1] if rules is not None and rules.streets else Street("", of="de la última ronda",
                                                                                   when="en la última ronda")
        if rec.reason == "aggressor":
            text = say(first, f"Showdown: enseñas primero tú, que hiciste la última apuesta o subida {last.of}.",
                       f"Showdown: enseña primero {{p}}, que hizo la última apuesta o subida {last.of}.")
        elif rec.reason == "first_left":
            text = say(first, f"Showdown: {last.when} nadie apostó, así que enseñas primero tú, el primero que "
                              "sigue en la mano a la izquierda del botón.",
                       f"Showdown: {last.when} nadie apostó, así que enseña primero {{p}}, el primero que sigue en "
                       "la mano a la izquierda del botón.")
        else:
            text = "Showdown: las manos ya están boca arriba por el all-in."
        if rec.reason != "all_in" and len(rec.order) > 1:
            text += " Después, los demás en el sentido del reloj."
        cite = words.cite("showdown_all_in" if rec.reason == "all_in" else "showdown")
        if rec.reason != "all_in" and rec.tabled:
            text += " Como hay un jugador all-in, nadie puede tirar sus cartas sin enseñarlas."
            cite = _joined(cite, words.cite("showdown_all_in"))
    elif isinstance(rec, Showing):
        out.update(type="show", cards=[str(c) for c in rec.cards])
        text = say(who, f"Enseñas {_cards(rec.cards)}", f"{{p}} enseña {_cards(rec.cards)}")
        hand = shown_hand(strengths, p) if rec.street == "showdown" else None
        text += f": {hand}." if hand else "."
    elif isinstance(rec, Mucking):
        out.update(type="muck")
        text = say(who, "Tiras tus cartas sin enseñarlas: tu mano ya no puede ganar.",
                   "{p} tira sus cartas sin enseñarlas: su mano ya no puede ganar.")
        cite = words.cite("muck")
    elif isinstance(rec, UncontestedWin):
        out.update(type="uncontested")
        text = say(who, "Todos los demás se retiraron: te llevas el bote sin enseñar tus cartas.",
                   "Todos los demás se retiraron: {p} se lleva el bote sin enseñar sus cartas.")
        cite = words.cite("lone")
    elif isinstance(rec, PotAwarding):
        winners = rec.winners
        out.update(type="win", amount=rec.amount, player=winners[0])
        label = "el bote" if pot_count == 1 else f"el {pot_name(rec.index + 1)}"
        hand = shown_hand(strengths, winners[0])
        if len(winners) == 1:
            w = names.get(winners[0], winners[0])
            text = say(w, f"Ganas {label}: {amount(rec.amount)}", f"{{p}} gana {label}: {amount(rec.amount)}")
            text += f", con {hand}." if hand else "."
            cite = words.cite("pots") if pot_count > 1 else None
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
            cite = words.cite("pots") if pot_count > 1 else None
            odd = rec.amount % len(winners)
            if odd:
                text += " " + _odd_chips(odd, shown)
                cite = _joined(cite, words.cite("odd_chip"))
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
            text += f" {listing(out_names)} se queda{'n' if len(out_names) > 1 else ''} sin fichas."
        cite = words.cite("rotation")
    out["text"] = text
    if cite:
        out["cite"] = cite
    return out


def prompt(call: int | None) -> str:
    """What the reader is told at his turn (``call``: chips to pay, None when checking is free).

    >>> prompt(40), prompt(None)
    ('Te toca hablar: para seguir en la mano tienes que pagar 40.', 'Te toca hablar: puedes pasar sin poner fichas.')
    """
    if call:
        return f"Te toca hablar: para seguir en la mano tienes que pagar {amount(call)}."
    return "Te toca hablar: puedes pasar sin poner fichas."
