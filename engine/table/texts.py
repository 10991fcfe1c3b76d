"""Every event of a table hand explained in Spanish, with the rule it follows and its citation: one
small function per record kind (:data:`SENTENCES`), the same pipeline for every game.

Records (:mod:`engine.table.records`) carry the facts; this module words them. The decisions are
worded by the table's one vocabulary (:func:`engine.table.words.did`); the sentences of the dealer, the
showdown and the pots live here. What is each game's (the rules it cites, the sentence over its board,
its table's labels, and the sentences it words its own way) is its :class:`HandWords`; what is each
street's (its round, when, what it deals) is its :class:`~engine.table.rules.Street`.

>>> from engine.table import BlindPosting
>>> event(BlindPosting("p2", 20, "big", street="preflop"), {"p2": "Ana"}, words=HandWords())["text"]
'Ana pone la ciega grande: 20.'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from ..evaluation import category_of, in_running_text, name_es
from ..spanish import amount, card_symbol, count_word, listing, pot_name
from .records import (AntePosting, BettingOpening, BettingOrRaisingTo, BlindPosting, BoardDealing, Burning,
                      CheckingOrCalling, ChipsReturning, Extending, Folding, HoleDealing, Mucking, NextHand,
                      PotAwarding, Record, Runout, ShowdownStarting, Showing, StreetEnding, UncontestedWin)
from .rules import Opening, Rules, Street
from .words import YOU, did, say

__all__ = ["Context", "HandWords", "SENTENCES", "Said", "cited_before", "deal_names", "event", "part_title", "prompt",
           "shown_hand"]

#: What a sentence function gives: the event's ``type``, its other fields in order (``player``, ``amount``,
#: ``cards``...; None: absent), its Spanish ``text`` and the ``cite`` of its rule (None: none).
Said = tuple[str, dict, str, "str | None"]


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
    - ``sentences``: the game's own sentence for a record kind, where it words it otherwise than
      :data:`SENTENCES` (or records a kind no other game does), by kind.
    - ``deals``: the game plays more than one deal in a hand (extensions): each event says its ``deal``.

    How the table page's viewer (:class:`engine.table.view.HandViewer`) draws the game:

    - ``shared``: the key of the cards in the middle (``"board"``; Mata Ases: ``"ayudas"``); their label is
      ``board_labels`` by the number of cards out (``"closed"``: while they lie face down);
    - ``repeat_cites``: an event whose citation came earlier in the same deal and street says so
      (``cite_repeat``); ``mask``: how a card the reader may not see is written in a dealing event (None:
      left out); ``mention_amounts``: the events' and pots' amounts come with their written form too;
      ``forced_all_deal``: a forced bet stays on its seat for the whole deal (not only its round);
      ``folded_cards``: a folded player's cards stay on the table, face down;
    - ``free_prompt``, ``choice_prompt`` (``{nth}``: the card) and ``choice_hint``: what the reader is
      told at his turn when checking is free, and when he chooses how his next card comes;
    - ``seat_shown``, ``show_item``, ``why`` (``(viewer, …)``; None: the table's own): what a seat that
      showed its hand says of it, what a hand shown at the result adds, what decided a deal's showdown.
    """

    cites: Mapping[str, str] = field(default_factory=dict)
    board_labels: Mapping[int, str] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict)
    #: Where the game's rules page states each cited rule (:class:`engine.table.cites.RuleLinks`), if known.
    links: object = None
    sentences: Mapping[type, Callable[[Record, "Context"], Said]] = field(default_factory=dict)
    deals: bool = False
    shared: str = "board"
    repeat_cites: bool = False
    mask: str | None = None
    mention_amounts: bool = True
    forced_all_deal: bool = False
    folded_cards: bool = False
    free_prompt: str = "Te toca hablar: puedes pasar sin poner fichas."
    choice_prompt: str = ""
    choice_hint: str = ""
    seat_shown: Callable | None = None
    show_item: Callable | None = None
    why: Callable | None = None

    def cite(self, key: object) -> str | None:
        return self.cites.get(key)


@dataclass(frozen=True)
class Context:
    """What a sentence needs beside its record: the display ``names``, the game's ``words``, its ``rules``
    (its streets), how many pots the hand has (``pot_count``) and its showdown ``strengths``."""

    names: Mapping[str, str]
    words: HandWords
    rules: Rules | None = None
    pot_count: int = 1
    strengths: Mapping[str, int] | None = None

    def name(self, player: str) -> str:
        return self.names.get(player, player)

    def street(self, name: object) -> Street | None:
        if self.rules is None:
            return None
        try:
            return self.rules.street(name)
        except KeyError:
            return None


_BLIND_NAMES = {"small": "la ciega pequeña", "big": "la ciega grande", "straddle": "un straddle"}


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


def joined(first: str | None, second: str | None) -> str | None:
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


# ---------------------------------------------------------------------------------------------
# The sentences, one per record kind.

def _blind(rec: BlindPosting, at: Context) -> Said:
    who = at.name(rec.player)
    short = rec.all_in and rec.kind != "straddle"
    text = say(who, f"Pones {_BLIND_NAMES[rec.kind]}: {amount(rec.amount)}.",
               f"{{p}} pone {_BLIND_NAMES[rec.kind]}: {amount(rec.amount)}.")
    if short:
        text += say(who, " Es todo lo que tienes: vas all-in.", " Es todo lo que tiene: va all-in.")
    if rec.kind == "straddle":
        text += " Es una ciega más, voluntaria: quien lo pone habla el último antes del flop."
    cite = at.words.cite("straddle" if rec.kind == "straddle" else "blinds")
    if short and rec.kind == "big":
        text += (" Para seguir en la mano, los demás igualan la apuesta más alta que haya, aunque no llegue a"
                 " una ciega grande entera.")
        cite = joined(cite, at.words.cite("short_blind"))
    return "blind", {"amount": rec.amount}, text, cite


def _ante(rec: AntePosting, at: Context) -> Said:
    who = at.name(rec.player)
    text = say(who, f"Pones {amount(rec.amount)} de ante.", f"{{p}} pone {amount(rec.amount)} de ante.")
    text += " El ante va al bote pero no es una apuesta: no cuenta para igualar."
    cite = at.words.cite("ante")
    if rec.all_in:
        text += say(who, " Con eso te quedas sin fichas (primero se pone la ciega, luego el ante).",
                    " Con eso se queda sin fichas (primero se pone la ciega, luego el ante).")
        cite = joined(cite, at.words.cite("blind_first"))
    return "ante", {"amount": rec.amount}, text, cite


def _hole(rec: HoleDealing, at: Context) -> Said:
    who = at.name(rec.player)
    count = count_word(len(rec.cards))
    up = [c for c, face in zip(rec.cards, rec.up) if face and c is not None]
    if not any(rec.up):
        text = say(who, f"Recibes tus {count} cartas, boca abajo.", f"{{p}} recibe sus {count} cartas, boca abajo.")
    else:
        down = len(rec.cards) - len(up)
        shown = f"{count_word(len(up))} boca arriba ({_cards(up)})"
        how = f"{count_word(down)} boca abajo y {shown}" if down else shown
        text = say(who, f"Recibes tus {count} cartas: {how}.", f"{{p}} recibe sus {count} cartas: {how}.")
    return "hole", {"cards": [str(c) if c is not None else "??" for c in rec.cards]}, text, at.words.cite("deal")


def _burn(rec: Burning, at: Context) -> Said:
    return "burn", {}, "El crupier quema una carta: la aparta boca abajo sin enseñarla.", at.words.cite(rec.street)


def _board(rec: BoardDealing, at: Context) -> Said:
    street = at.street(rec.street)
    what = street.dealt if street is not None and street.dealt else "la mesa"
    return "board", {"cards": [str(c) for c in rec.cards]}, f"Sale {what}: {_cards(rec.cards)}.", \
        at.words.cite(rec.street)


def _opening(rec: BettingOpening, at: Context) -> Said:
    who = at.name(rec.player)
    street = at.street(rec.street)
    round_ = _round(street)
    if street is not None and street.opening is Opening.LEFT_OF_BLINDS:
        after = at.name(rec.after)
        after = "la tuya" if after == YOU else f"la de {after}"
        text = say(who, f"Abres {round_}: eres el primer jugador a la izquierda de la apuesta "
                        f"obligatoria más alta, {after}.",
                   f"Abre {round_} {{p}}, el primer jugador a la izquierda de la apuesta "
                   f"obligatoria más alta, {after}.")
        cite = at.words.cite("open_blinds")
        if rec.straddle:  # the guide knows no straddle: the site's section says who opens after one
            cite = joined(cite, at.words.cite("straddle"))
    else:
        text = say(who, f"Abres {round_}: eres el primer jugador que sigue en la mano a la "
                        "izquierda del botón.",
                   f"Abre {round_} {{p}}, el primer jugador que sigue en la mano a la "
                   "izquierda del botón.")
        cite = at.words.cite("open_button")
    if rec.first is None:
        text += " Pero nadie puede apostar: todos menos uno como mucho están all-in."
    elif rec.first != rec.player:
        text += say(who, " Estás all-in", " Pero está all-in") + say(at.name(rec.first), ": hablas tú.", ": habla {p}.")
    return "first_to_act", {}, text, cite


def _fold(rec: Folding, at: Context) -> Said:
    text = did(at.name(rec.player), "fold")
    cite = None
    if rec.free:
        text += (" Nadie había apostado y pasar era gratis; aun así, la retirada se mantiene y esa mano ya no"
                 " juega. En una sala, además, pueden sancionar a quien se retira así.")
        cite = at.words.cite("fold_free")
    return "fold", {}, text, cite


def _check_or_call(rec: CheckingOrCalling, at: Context) -> Said:
    who = at.name(rec.player)
    if rec.amount == 0:
        return "check", {}, did(who, "check"), None
    text = did(who, "call", rec.amount)
    cite = None
    if rec.all_in:
        text += say(who, " Es todo lo que te queda: vas all-in.", " Es todo lo que le queda: va all-in.")
        cite = at.words.cite("all_in")
    return "call", {"amount": rec.amount}, text, cite


def _bet_or_raise(rec: BettingOrRaisingTo, at: Context) -> Said:
    who = at.name(rec.player)
    text = did(who, rec.kind, rec.amount, end="")
    text += say(who, " y vas all-in.", " y va all-in.") if rec.all_in else "."
    if not rec.full:
        text += (" Es menos que una " + ("apuesta" if rec.kind == "bet" else "subida") + " completa: "
                 "no reabre las apuestas para quien ya había hablado.")
        if rec.reopened:
            one = len(rec.reopened) == 1
            again = listing(at.name(q) for q in rec.reopened)
            text += (f" Pero, con los all-in cortos anteriores, suma para {again} al menos una subida completa "
                     f"desde que {'habló' if one else 'hablaron'}: {'puede' if one else 'pueden'} volver a "
                     "subir.")
        cite = at.words.cite("short")
    else:
        cite = at.words.cite(rec.kind)
    return rec.kind, {"amount": rec.amount}, text, cite


def _return(rec: ChipsReturning, at: Context) -> Said:
    text = say(at.name(rec.player), f"Nadie igualó toda tu apuesta: te devuelven {amount(rec.amount)}.",
               f"Nadie igualó toda la apuesta de {{p}}: le devuelven {amount(rec.amount)}.")
    text += " Lo que nadie iguala no forma bote."
    return "return", {"amount": rec.amount}, text, at.words.cite("uncalled")


def _street_end(rec: StreetEnding, at: Context) -> Said:
    return "round_end", {"amount": rec.pot}, f"Termina {_round(at.street(rec.street))}. En el bote hay " \
        f"{amount(rec.pot)}.", None


def _runout(rec: Runout, at: Context) -> Said:
    return "runout", {}, ("Hay all-in y nadie más puede apostar: todos los que siguen enseñan sus cartas y se "
                          "reparten las cartas comunes que faltan."), at.words.cite("all_in")


def _showdown(rec: ShowdownStarting, at: Context) -> Said:
    first = at.name(rec.order[0])
    rules = at.rules
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
    cite = at.words.cite("showdown_all_in" if rec.reason == "all_in" else "showdown")
    if rec.reason != "all_in" and rec.tabled:
        text += " Como hay un jugador all-in, nadie puede tirar sus cartas sin enseñarlas."
        cite = joined(cite, at.words.cite("showdown_all_in"))
    return "showdown", {}, text, cite


def _show(rec: Showing, at: Context) -> Said:
    text = say(at.name(rec.player), f"Enseñas {_cards(rec.cards)}", f"{{p}} enseña {_cards(rec.cards)}")
    hand = shown_hand(at.strengths, rec.player) if rec.street == "showdown" else None
    text += f": {hand}." if hand else "."
    return "show", {"cards": [str(c) for c in rec.cards]}, text, None


def _muck(rec: Mucking, at: Context) -> Said:
    text = say(at.name(rec.player), "Tiras tus cartas sin enseñarlas: tu mano ya no puede ganar.",
               "{p} tira sus cartas sin enseñarlas: su mano ya no puede ganar.")
    return "muck", {}, text, at.words.cite("muck")


def _uncontested(rec: UncontestedWin, at: Context) -> Said:
    text = say(at.name(rec.player), "Todos los demás se retiraron: te llevas el bote sin enseñar tus cartas.",
               "Todos los demás se retiraron: {p} se lleva el bote sin enseñar sus cartas.")
    return "uncontested", {}, text, at.words.cite("lone")


def _award(rec: PotAwarding, at: Context) -> Said:
    winners = rec.winners
    count = at.pot_count
    label = "el bote" if count == 1 else f"el {pot_name(rec.index + 1)}"
    hand = shown_hand(at.strengths, winners[0])
    cite = at.words.cite("pots") if count > 1 else None
    if len(winners) == 1:
        text = say(at.name(winners[0]), f"Ganas {label}: {amount(rec.amount)}", f"{{p}} gana {label}: {amount(rec.amount)}")
        text += f", con {hand}." if hand else "."
        return "win", {"amount": rec.amount, "player": winners[0]}, text, cite
    shown = [at.name(w) for w in winners]
    parts = [f"{amount(share)} para {_for(at.name(w))}" for w, share in rec.shares]
    if YOU in shown:
        others = [n for n in shown if n != YOU]
        text = f"Empate: te repartes {label} de {amount(rec.amount)} con {listing(others)}"
    else:
        text = f"Empate: {listing(shown)} se reparten {label} de {amount(rec.amount)}"
    text += f" ({listing(parts)})"
    text += f", con {hand}." if hand else "."
    odd = rec.amount % len(winners)
    if odd:
        text += " " + _odd_chips(odd, shown)
        cite = joined(cite, at.words.cite("odd_chip"))
    return "win", {"amount": rec.amount, "player": winners[0]}, text, cite


def _next_hand(rec: NextHand, at: Context) -> Said:
    button, big = _for(at.name(rec.button)), _for(at.name(rec.big_blind))
    if rec.small_blind == rec.button:
        text = (f"Próxima mano (heads-up): el botón y la ciega pequeña son para {button}; la ciega grande, "
                f"para {big}.")
    else:
        small = _for(at.name(rec.small_blind)) if rec.small_blind else None
        text = f"Próxima mano: la ciega grande pasa a {big}"
        text += f", la ciega pequeña a {small}" if small else ", sin ciega pequeña (quien la tocaba se quedó sin fichas)"
        text += (f" y el botón queda muerto en el asiento de {button}." if rec.dead_button
                 else f" y el botón a {button}.")
    out_names = [at.name(b) for b in rec.busted]
    if YOU in out_names:
        text += " Te quedas sin fichas" + (f", y también {listing(n for n in out_names if n != YOU)}."
                                           if len(out_names) > 1 else ".")
    elif out_names:
        text += f" {listing(out_names)} se queda{'n' if len(out_names) > 1 else ''} sin fichas."
    return "next_hand", {"player": rec.big_blind}, text, at.words.cite("rotation")


#: The sentence of each record kind, as the table core words it (a game's :attr:`HandWords.sentences` first).
SENTENCES: dict[type, Callable[[Record, Context], Said]] = {
    BlindPosting: _blind, AntePosting: _ante, HoleDealing: _hole, Burning: _burn, BoardDealing: _board,
    BettingOpening: _opening, Folding: _fold, CheckingOrCalling: _check_or_call, BettingOrRaisingTo: _bet_or_raise,
    ChipsReturning: _return, StreetEnding: _street_end, Runout: _runout, ShowdownStarting: _showdown,
    Showing: _show, Mucking: _muck, UncontestedWin: _uncontested, PotAwarding: _award, NextHand: _next_hand,
}


def event(rec: Record, names: Mapping[str, str], *, words: HandWords, rules: Rules | None = None, pot_count: int = 1,
          strengths: Mapping[str, int] | None = None) -> dict:
    """One record as the reply's event: ``type``, ``street`` (and ``deal`` for a game of deals), ``player``/
    ``amount``/``cards`` when it has them, the Spanish ``text`` and the ``cite`` of its rule. ``names`` are
    the display names; ``words`` the game's (:class:`HandWords`); ``rules`` its streets."""
    at = Context(names, words, rules, pot_count, strengths)
    sentence = words.sentences.get(type(rec)) or SENTENCES[type(rec)]
    kind, fields, text, cite = sentence(rec, at)
    out: dict = {"type": kind, "street": rec.street}
    if words.deals:
        out["deal"] = rec.deal
    player = getattr(rec, "player", None)
    if player is not None:
        out["player"] = player
    out.update((key, value) for key, value in fields.items() if value is not None)
    out["text"] = text
    if cite:
        out["cite"] = cite
    return out


def prompt(call: int | None, words: HandWords = HandWords()) -> str:
    """What the reader is told at his turn (``call``: chips to pay, None when checking is free: the game's
    ``free_prompt``).

    >>> prompt(40), prompt(None)
    ('Te toca hablar: para seguir en la mano tienes que pagar 40.', 'Te toca hablar: puedes pasar sin poner fichas.')
    """
    if call:
        return f"Te toca hablar: para seguir en la mano tienes que pagar {amount(call)}."
    return words.free_prompt


def cited_before(rec: Record, cite: str | None, seen: set) -> bool:
    """Whether ``cite``, the citation of ``rec``'s event, came with an earlier event of the same deal and
    street (``seen``: the citations said so far, as ``(deal, street, cite)``; updated): such an event says
    ``cite_repeat`` in a game that marks it (:attr:`HandWords.repeat_cites`), and the page folds it away."""
    if not cite:
        return False
    key = (rec.deal, rec.street, cite)
    before = key in seen
    seen.add(key)
    return before


def part_title(records: Sequence[Record], rules: Rules, street: object, deal: int = 0) -> str:
    """A part of a hand as its title: its street's («Pre-flop»; «Showdown» once the betting is over), after its
    deal's name in a deal after the first («Extensión 1 · Tercera carta»)."""
    if street == "showdown":
        title = "Showdown"
    else:
        data = Context({}, HandWords(), rules).street(street if street is not None else rules.streets[0].name)
        title = data.title if data is not None else str(street)
    return f"{deal_names(records)[deal]} · {title}" if deal else title


def deal_names(records: Sequence[Record]) -> dict[int, str]:
    """Each deal's name: «Reparto inicial», «Extensión 1», «Extensión 1 (nuevo reparto)» after a misdeal."""
    names: dict[int, str] = {}
    extensions = 0
    previous = None
    for rec in records:
        if isinstance(rec, Extending):
            extensions += 1
            names[rec.deal] = f"Extensión {extensions}"
        if rec.deal not in names:
            names[rec.deal] = f"{names[previous]} (nuevo reparto)" if previous is not None else "Reparto inicial"
        previous = rec.deal
    return names
