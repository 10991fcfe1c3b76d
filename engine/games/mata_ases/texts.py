"""Spanish wording of the hand's events, and the citations they carry: Mata Ases's sentence for each
record kind it words its own way (:data:`SENTENCES`, through the table's one pipeline,
:func:`engine.table.texts.event`).

Second person for the reader (the player named :data:`engine.table.words.YOU`, ``"Tú"``), third
person for everybody else; the actions' own words, the reader and the name listings are the table's
(:mod:`engine.table.words`). Citations are quoted as the guide writes them; where the guide gives none, the event cites
the section of this site's rules page (``docs/mata-ases/index.md``) that states the rule.
"""

from __future__ import annotations

from ...cards import Card
from ...evaluation import best_five, category_of, in_running_text, name_mx
from ...spanish import amount, capital, card_name, count_word, listing, ordinal
from ...table.records import (AllChecking, AllIn, AntePosting, BettingOpening, BettingOrRaisingTo, BoardDealing,
                              BoardTurning, BringInPosting, ButtonReturning, CheckingOrCalling, ChipsReturning,
                              Dealing, Exposing, Extending, Folding, HandEnding, HoleDealing, Misdealing, PotSplitting,
                              PotUnclaimed, Runout, ShareWinning, ShowdownStarting, Showing, StreetEnding)
from ...table.showdown import decide
from ...table.texts import Context, HandWords, Said
from ...table.view import HIDDEN
from ...table.words import YOU, choices, did, name_list, say, with_names
from .rule_links import LINKS
from .showdown import Play

#: The modalities (ids as in the ``mata-ases-hand`` request) and the kinds of betting, by name.
MODALITY_NAMES = {"boton-ante": "Botón Ante", "bring-in": "Bring In"}
BETTING_NAMES = {"fixed": "Apuestas fijas, sin subidas", "no-limit": "Sin límite"}

#: The ayudas on the table, said for the reader: not down yet, down and closed, open.
AYUDAS_LABELS = {"none": "Ayudas: se bajan al terminar la primera ronda.",
                 "closed": "Ayudas (cerradas) · se abren con la tercera carta",
                 "open": "Ayudas (abiertas) · cada jugador usa una o ninguna"}
#: The labels of a Mata Ases table beyond the table's own (:data:`engine.table.words.LABELS`).
TABLE_LABELS = {"out": "Fuera de la extensión", "ayuda_closed": "Ayuda cerrada", "not_dealt": "No juega este reparto"}

_REGLAMENTO = "Reglamento Mata Ases Emporium Academy 2024"
_FORMATO = "Mata Ases, formato de juego"


def site(section: str) -> str:
    """Citation of a section of this site's rules page."""
    return f"Reglas de este sitio: «{section}»"


#: Every citation the events use, by rule.
CITE = {
    "deal": f"{_REGLAMENTO}, desarrollo A y B",
    "ante": f"{_REGLAMENTO}, desarrollo C-1",
    "opener": f"{_REGLAMENTO}, desarrollo C-1",
    "bring_in": site("Las dos modalidades: Botón Ante y Bring In"),
    "ayudas_down": f"{_REGLAMENTO}, desarrollo D · {_FORMATO}",
    "ayudas_open": f"{_REGLAMENTO}, desarrollo E",
    "visible": f"{_REGLAMENTO}, desarrollo E",
    "card": f"{_REGLAMENTO}, desarrollo E y F",
    "all_checked": f"{_REGLAMENTO}, desarrollo F",
    "showdown": f"{_REGLAMENTO}, desarrollo H y regla 10-A · {_FORMATO}",
    "kill": f"{_REGLAMENTO}, regla 10-A",
    "all_in": site("All-in antes de la última carta"),
    "side_pots": site("Pozos secundarios"),
    "extension": site("La extensión de la mano"),
    "lone": site("El último que queda también tiene que matar los Ases"),
    "exposed": site("Cartas expuestas por error"),
    "convention": site("Convención de este sitio"),
}

#: How the best visible hand is formed (said once per hand, with the first round it decides).
VISIBLE_RULE = "Cuentan las cartas abiertas de cada uno y, como mucho, una ayuda."

def the(card: Card) -> str:
    """The card with its article: ``"el As de picas"``, ``"la Reina de corazones"``."""
    return card_name(card, article=True)


def whose(player: str, card: Card) -> str:
    """``"tu As de picas"`` for the reader, ``"el As de picas de Ana"`` for anybody else."""
    return f"tu {card.name_es}" if player == YOU else f"{the(card)} de {player}"


def of(label: str) -> str:
    """``"del pozo"`` from ``"el pozo"`` (Spanish contraction)."""
    return "del " + label[3:] if label.startswith("el ") else "de " + label


def to(label: str) -> str:
    """``"al pozo"`` from ``"el pozo"`` (Spanish contraction)."""
    return "al " + label[3:] if label.startswith("el ") else "a " + label


def pot_label(count: int, index: int) -> str:
    """Pot ``index`` (0: the main pot) of ``count``, as the sentences name it.

    >>> pot_label(1, 0), pot_label(2, 1), pot_label(3, 2)
    ('el pozo', 'el pozo secundario', 'el pozo secundario 2')
    """
    if count == 1:
        return "el pozo"
    if index == 0:
        return "el pozo principal"
    return "el pozo secundario" if count == 2 else f"el pozo secundario {index}"


def play_name(rec: Showing) -> str:
    """What a player shows, in running text: ``"doble par de Ases y Reyes"``; ``"carta alta (As)"`` for
    no combination; a lone player's fewer than five cards: their visible hand, or ``"carta alta"``."""
    play = rec.play
    if isinstance(play, Play):
        category = category_of(play.strength)
        if category == "high_card":
            return f"carta alta ({max(rec.cards).rank.name_es})"
        return in_running_text(name_mx(play.strength), category)
    return "carta alta" if play.category == "high_card" else play.name


def _tokens(cards) -> list[str] | None:
    return [c._text for c in cards] if cards else None


def _of(player: str | None = None, n: int | None = None, cards=None) -> dict:
    return {"player": player, "amount": n, "cards": _tokens(cards)}


def _ante(rec: AntePosting, at: Context) -> Said:
    p, extension = rec.player, rec.deal > 0
    note = (" Convención de este sitio: en cada extensión de Botón Ante el nuevo botón pone otra vez el ante."
            if extension else "")
    rule = " Entra en el pozo pero no es una apuesta, así que quien abra la ronda puede pasar." + note
    text = say(p, f"Tienes el botón: pones {amount(rec.amount)} de ante{' (todo lo que tienes)' if rec.short else ''}."
               + rule,
               f"{{p}} tiene el botón y pone {amount(rec.amount)} de ante{' (todo lo que tiene)' if rec.short else ''}."
               + rule)
    return "ante", _of(p, rec.amount), text, f"{CITE['ante']} · {CITE['convention']}" if extension else CITE["ante"]


def _all_in(rec: AllIn, at: Context) -> Said:
    text = say(rec.player, "Vas all-in: no te quedan fichas, pero sigues en la mano y optas al pozo hasta lo que "
                           "has puesto.",
               "{p} va all-in: no le quedan fichas, pero sigue en la mano y opta al pozo hasta lo que ha puesto.")
    return "all_in", _of(rec.player, rec.amount), text, CITE["all_in"]


def _dealing(rec: Dealing, at: Context) -> Said:
    who = say(rec.player, "tienes el botón y se empieza por tu izquierda",
              "{p} tiene el botón y se empieza por su izquierda")
    where = "la extensión" if rec.deal > 0 else "la mano"
    text = (f"Reparto de {where}: {who}. A cada jugador le llega primero una carta boca arriba y luego otra boca "
            "abajo.")
    return "deal", _of(rec.player, cards=rec.cards), text, CITE["deal"]


def _exposing(rec: Exposing, at: Context) -> Said:
    text = say(rec.player, f"Al repartir, el dealer enseña por error tu segunda carta, la cerrada: {the(rec.card)}.",
               f"Al repartir, el dealer enseña por error la segunda carta de {{p}}, la cerrada: {the(rec.card)}.")
    return "exposed", _of(rec.player, cards=[rec.card]), text, CITE["exposed"]


def _misdealing(rec: Misdealing, at: Context) -> Said:
    detail = "".join(f" Vuelven {amount(n)} a {'ti' if p == YOU else p}." for p, n in rec.refunds)
    if rec.void:
        return "misdeal", _of(), ("Carta expuesta en el reparto inicial: la mano es nula y cada jugador recupera lo "
                                  "que había puesto." + detail), CITE["exposed"]
    return "misdeal", _of(), ("Carta expuesta en el reparto inicial de la extensión: ese reparto es nulo y se vuelve "
                              "a repartir con los mismos jugadores y el mismo botón." + detail), \
        f"{CITE['exposed']} · {CITE['convention']}"


def _hand_end(rec: HandEnding, at: Context) -> Said:
    return "hand_end", _of(), "La mano termina anulada: no hay pozo que repartir." if rec.void else "Termina la mano.", \
        None


def _opening(rec: BettingOpening, at: Context) -> Said:
    p = rec.player
    if rec.reason == "exposed":
        if rec.first is None:
            text = say(p, "Solo podrías actuar tú, por la carta expuesta, pero estás all-in: la ronda se pierde.",
                       "Solo podría actuar {p}, por la carta expuesta, pero está all-in: la ronda se pierde.")
        else:
            text = say(p, "Por la carta expuesta, en esta ronda solo puedes actuar tú: si apuestas, la acción sigue "
                          "hacia tu izquierda; si pasas, se pierde la ronda.",
                       "Por la carta expuesta, en esta ronda solo puede actuar {p}: si apuesta, la acción sigue hacia "
                       "su izquierda; si pasa, se pierde la ronda.")
        return "first_to_act", _of(p), text, CITE["exposed"]
    if rec.reason == "bring-in":
        return "first_to_act", _of(p), say(p, "Hablas tú, a la izquierda del Bring In. ",
                                           "Habla {p}, a la izquierda del Bring In. ") + choices(p, rec.options), \
            CITE["bring_in"]
    if rec.reason == "high-card":
        text = f"Empieza a hablar la carta abierta de más valor, {whose(p, rec.cards[0])}."
        if rec.tie:
            text += (" Hay otra carta del mismo valor, así que gana el palo más alto (picas > corazones > diamantes > "
                     "tréboles).")
        if rec.skipped:
            text += say(p, " Sin Bring In, puedes pasar.", " Sin Bring In, puede pasar.")
        cite = CITE["extension"] if rec.skipped else CITE["opener"]
    else:
        text, cite = _visible(rec)
    first = rec.first
    if first != p:
        text += say(p, " Pero estás all-in", " Pero {p} está all-in") + say(
            first, ": hablas tú, a su izquierda (convención de este sitio).",
            ": habla {p}, a su izquierda (convención de este sitio).")
        if CITE["convention"] not in cite:
            cite = f"{cite} · {CITE['convention']}"
    return "first_to_act", _of(first, cards=rec.cards), text, cite


def _visible(rec: BettingOpening) -> tuple[str, str]:
    """Who opens a round from the third card on: the best visible hand (``rec.value``)."""
    p, value = rec.player, rec.value
    if value.category == "high_card":
        card = the(max(c for c in value.cards if c != value.ayuda))  # the ayuda is everybody's
        text = say(p, f"Empiezas a hablar tú: no hay pares a la vista y tu carta abierta más alta, {card}, es la "
                      "mejor de la mesa.",
                   f"Empieza a hablar {{p}}: no hay pares a la vista y su carta abierta más alta, {card}, es la mejor "
                   "de la mesa.")
    else:
        text = say(p, f"Empiezas a hablar tú: tu jugada a la vista, {value.name}, es la mejor de la mesa.",
                   f"Empieza a hablar {{p}}: su jugada a la vista, {value.name}, es la mejor de la mesa.")
    if rec.explain:
        text += " " + VISIBLE_RULE
    cite = CITE["visible"]
    if rec.tie:
        text += (" Hay otra jugada a la vista igual: habla primero la que tiene la carta más alta por palo "
                 "(picas > corazones > diamantes > tréboles), convención de este sitio.")
        cite = f"{cite} · {CITE['convention']}"
    return text, cite


def _bring_in(rec: BringInPosting, at: Context) -> Said:
    p, card, n = rec.player, rec.card, amount(rec.amount)
    text = say(p, f"Tu {card.name_es} es la carta abierta más baja: pones el Bring In"
               + (f", {n}: todo lo que tienes." if rec.short else f" de {n}."),
               f"{capital(the(card))} de {{p}} es la carta abierta más baja: {{p}} pone el Bring In"
               + (f", {n}: todo lo que tiene." if rec.short else f" de {n}."))
    text += (f" Es una apuesta: nadie puede pasar, y para seguir hay que poner el mínimo completo, "
             f"{amount(at.rules.minimum)}.")
    if rec.tie:
        text += (" Hay otra carta del mismo valor, así que cuenta como más baja la del palo más bajo "
                 "(tréboles < diamantes < corazones < picas).")
    return "bring_in", _of(p, rec.amount, [card]), text, CITE["bring_in"]


def _check_or_call(rec: CheckingOrCalling, at: Context) -> Said:
    if rec.amount == 0:
        return "check", _of(rec.player), did(rec.player, "check"), None
    return "call", _of(rec.player, rec.amount), did(rec.player, "call", rec.amount), None


def _bet_or_raise(rec: BettingOrRaisingTo, at: Context) -> Said:
    return rec.kind, _of(rec.player, rec.amount), did(rec.player, rec.kind, rec.amount), None


def _fold(rec: Folding, at: Context) -> Said:
    return "fold", _of(rec.player), did(rec.player, "fold"), None


def _card(rec: HoleDealing, at: Context) -> Said:
    p, card, how, nth = rec.player, rec.cards[0], rec.how, ordinal(rec.position)
    if how.startswith("exposed"):
        head = say(p, f"El dealer enseña por error tu {nth} carta, {the(card)}: queda abierta",
                   f"El dealer enseña por error la {nth} carta de {{p}}, {the(card)}: queda abierta")
        text = head + (". Como ya no hay apuestas, no cambia nada." if how == "exposed-runout" else
                       say(p, ", y en esta ronda de apuestas solo podrás actuar tú.",
                           ", y en esta ronda de apuestas solo podrá actuar {p}."))
        return "exposed", _of(p, cards=[card]), text, CITE["exposed"]
    if how == "up":
        text = did(p, "up", end="") + say(p, f": {the(card)} llega boca arriba y tu carta tapada sigue oculta.",
                                           f": recibe {the(card)} a la vista.")
        cite = CITE["card"]
    elif how == "down":
        opened = the(rec.turned[-1])
        text = did(p, "down", end="") + say(
            p, f": te llega boca abajo {the(card)} y a cambio descubres la que tenías escondida, {opened}.",
            f": la nueva le llega boca abajo y a cambio descubre la que tenía escondida, {opened}.")
        cite = CITE["card"]
    elif how == "forced":
        text = say(p, f"Recibes la {nth} carta cerrada ({the(card)}), sin elegir: en la ronda anterior nadie apostó.",
                   f"{{p}} recibe la {nth} carta cerrada, sin elegir: en la ronda anterior nadie apostó.")
        cite = CITE["all_checked"]
    elif how == "kept":
        text = say(p, f"Recibes la {nth} carta cerrada ({the(card)}), sin elegir: no te quedaba ninguna carta tapada "
                      "(todos abrieron las suyas y la anterior te llegó expuesta por error), y siempre hay que "
                      "conservar una.",
                   f"{{p}} recibe la {nth} carta cerrada, sin elegir: no le quedaba ninguna carta tapada (todos "
                   "abrieron las suyas y la anterior le llegó expuesta por error), y siempre hay que conservar una.")
        cite = f"{CITE['card']} · {CITE['exposed']} · {CITE['convention']}"
    else:
        text = say(p, f"Recibes la {nth} carta cerrada ({the(card)}).", f"{{p}} recibe la {nth} carta cerrada.")
        cite = CITE["all_in"]
    return "card", _of(p, cards=[card]), text, cite


def _round_end(rec: StreetEnding, at: Context) -> Said:
    if rec.lost is not None:
        text = say(rec.lost, "Como pasaste con la carta expuesta, esta ronda de apuestas se pierde: ",
                   "Como {p} pasó con la carta expuesta, esta ronda de apuestas se pierde: ")
        return "round_end", _of(rec.lost), text + "nadie más actúa y nadie tiene que descubrir sus cartas.", \
            CITE["exposed"]
    return "round_end", _of(), (f"Termina {at.street(rec.street).round}. En el pozo hay "
                                f"{amount(rec.pot)}."), None


def _all_checked(rec: AllChecking, at: Context) -> Said:
    if rec.street == at.rules.streets[-1].name:
        text = ("Nadie apostó en la última ronda: todos descubren sus cartas y, como no queda carta por repartir, "
                "se va directo al showdown.")
    else:
        text = "Nadie apostó: todos descubren sus cartas propias y la próxima carta se reparte cerrada, sin elegir."
    return "all_checked", _of(), text, CITE["all_checked"]


def _ayudas_down(rec: BoardDealing, at: Context) -> Said:
    return "ayudas_down", _of(), ("Se colocan las tres ayudas en el centro, boca abajo y sin quemar carta. En el "
                                  "showdown cada uno podrá sumar a sus cartas una de ellas como máximo."), \
        CITE["ayudas_down"]


def _ayudas_open(rec: BoardTurning, at: Context) -> Said:
    a, b, c = rec.cards
    return "ayudas_open", _of(cards=rec.cards), (f"Ya está repartida la tercera carta: se descubren las ayudas "
                                                 f"({a.name_es}, {b.name_es} y {c.name_es})."), CITE["ayudas_open"]


def _runout(rec: Runout, at: Context) -> Said:
    return "runout", _of(), ("Hay all-in y nadie más puede apostar: el resto de cartas se reparte boca abajo y todos "
                             "destapan sus manos de una vez. Nadie puede tirar sus cartas sin mostrarlas."), \
        CITE["all_in"]


def _return(rec: ChipsReturning, at: Context) -> Said:
    n = amount(rec.amount)
    text = say(rec.player, f"Nadie igualó toda tu apuesta: recuperas los {n} que nadie pagó.",
               f"Nadie igualó toda la apuesta de {{p}}: recupera los {n} que nadie pagó.")
    return "return", _of(rec.player, rec.amount), text, CITE["convention"]


def _showdown(rec: ShowdownStarting, at: Context) -> Said:
    text = ("Showdown: todos destapan sus cinco cartas propias; cada uno juega esas cinco, o cuatro de ellas con una "
            "única ayuda. Solo cobra quien llega a par de Ases o más.")
    first = rec.order[0]
    if rec.reason == "aggressor":
        why = say(first, " Enseñas primero tú, que hiciste la última apuesta de la ronda final; después, los demás "
                         "hacia tu izquierda.",
                  " Enseña primero {p}, que hizo la última apuesta de la ronda final; después, los demás hacia su "
                  "izquierda.")
    elif rec.reason == "opener":
        why = say(first, " Nadie apostó en la última ronda: enseñas primero tú, que abrías la ronda, y después los "
                         "demás hacia tu izquierda.",
                  " Nadie apostó en la última ronda: enseña primero {p}, que abría la ronda, y después los demás "
                  "hacia su izquierda.")
    else:
        why = ""
    return "showdown", _of(), text + why, f"{CITE['showdown']} · {CITE['convention']}" if why else CITE["showdown"]


def _show(rec: Showing, at: Context) -> Said:
    p, name, kills = rec.player, play_name(rec), rec.play.kills_aces
    if not rec.lone:
        text = say(p, f"Enseñas {name}: " + ("matas los Ases." if kills else "no llegas a matar los Ases."),
                   f"{{p}} enseña {name}: " + ("mata los Ases." if kills else "no llega a matar los Ases."))
        return "show", _of(p, cards=rec.cards), text, None
    verdict = "que mata los Ases" if kills else "que no mata los Ases"
    ayuda = rec.play.ayuda
    if rec.play.category == "high_card":  # a single card is no play
        said = say(p, "No tienes ni un par, así que no matas los Ases.", "No tiene ni un par, así que no mata los Ases.")
    elif ayuda is None:
        said = say(p, f"Tu jugada: {name}, {verdict}.", f"Su jugada: {name}, {verdict}.")
    else:  # the cards of the play, the ayuda that completes it included
        cards = listing(c.name_es for c in rec.cards)
        said = say(p, f"Con la ayuda {ayuda.name_es} formas {name} ({cards}), {verdict}.",
                   f"Con la ayuda {ayuda.name_es} forma {name} ({cards}), {verdict}.")
    listed = ", ".join(c.name_es for c in rec.held)
    text = say(p, f"Todos los demás se retiraron. Enseñas tus cartas ({listed}). " + said,
               f"Todos los demás se retiraron. {{p}} enseña sus cartas ({listed}). " + said)
    return "show", _of(p, cards=rec.cards), text, CITE["lone"]


def _odd_chip(player: str, card: Card) -> str:
    return say(player, f" La ficha que no se puede dividir es para ti: tienes la carta propia más alta por palo, "
                       f"{the(card)}.",
               f" La ficha que no se puede dividir es para {{p}}: tiene la carta propia más alta por palo, {the(card)}.")


def _win(rec: ShareWinning, at: Context) -> Said:
    q, label, pot = rec.player, pot_label(rec.pots, rec.index), amount(rec.pot)
    cite = CITE["lone"] if rec.lone else CITE["showdown"] if rec.qualified else CITE["side_pots"]
    if len(rec.winners) == 1:
        text = say(q, f"Ganas {label} de {pot}.", f"{{p}} gana {label} de {pot}.")
    else:
        others = with_names([w for w in rec.winners if w != q])
        share = amount(rec.amount)
        text = say(q, f"Empatas {others}: te llevas {share} {of(label)} de {pot}.",
                   f"{{p}} empata {others}: se lleva {share} {of(label)} de {pot}.")
        if rec.odd_card is not None:
            text += _odd_chip(q, rec.odd_card)
            cite = f"{cite} · {CITE['convention']}"
    if not rec.qualified:
        text += " En este pozo nadie mata los Ases, pero en otro sí: se lo lleva la mejor jugada de cinco cartas."
    return "win", _of(q, rec.amount, rec.cards), text, cite


def _unclaimed(rec: PotUnclaimed, at: Context) -> Said:
    n = amount(rec.amount)
    if rec.player is None:
        return "no_winner", _of(None, rec.amount), f"Nadie mata los Ases: el pozo de {n} no se cobra.", CITE["kill"]
    text = say(rec.player, f"No matas los Ases: aunque seas el único que queda, no cobras el pozo de {n}.",
               f"{{p}} no mata los Ases: aunque sea el único que queda, no cobra el pozo de {n}.")
    return "no_winner", _of(rec.player, rec.amount), text, CITE["lone"]


def _extending(rec: Extending, at: Context) -> Said:
    who = f"entre {name_list(rec.players)}"
    if not rec.returning:
        who += ", que llegaron al showdown"
        cite = CITE["extension"]
    else:
        reached = "quien queda" if rec.lone else "quienes llegaron al showdown"
        who += (f": la juegan {reached} y quienes pagaron en este reparto aunque luego se retiraran "
                f"({name_list(rec.returning)})")
        cite = f"{CITE['extension']} · {CITE['convention']}"
    button = rec.player
    forced = {"no-bring-in": " La extensión se juega sin Bring In: abre la carta abierta más alta.",
              "ante": " Habrá nuevo ante del botón.",
              "none": say(button, " No pones ante: estás all-in, sin fichas.", " {p} no pone ante: está all-in, sin fichas.")}
    text = (f"Se juega la {ordinal(rec.number)} extensión {who}. El pozo de {amount(rec.pot)} sigue en juego. "
            + say(button, "Ahora tienes tú el botón", "Ahora tiene el botón {p}")
            + f", el siguiente jugador activo a la izquierda.{forced[rec.forced]}")
    return "extension", _of(button, rec.pot), text, cite


def _split(rec: PotSplitting, at: Context) -> Said:
    label, pot = pot_label(rec.pots, rec.index), amount(rec.amount)
    if len(rec.shares) == 1:
        q = rec.shares[0][0]
        text = say(q, f"Nadie más puede optar {to(label)} de {pot}: te lo llevas.",
                   f"Nadie más puede optar {to(label)} de {pot}: se lo lleva {{p}}.")
        return "split", _of(None, rec.amount), text, CITE["convention"]
    receivers = [q for q, _ in rec.shares]
    parts = listing(f"{amount(share)} para {'ti' if q == YOU else q}" for q, share in rec.shares)
    text = (f"Tras {count_word(rec.extensions)} extensiones sin ganador, {label} de {pot} se reparte entre "
            f"{name_list(receivers)}: {parts}.")
    text += "".join(_odd_chip(q, card) for q, card in rec.odd)
    return "split", _of(None, rec.amount), text, CITE["extension"] + (f" · {CITE['convention']}" if rec.odd else "")


def _button(rec: ButtonReturning, at: Context) -> Said:
    text = say(rec.player, "Terminadas las extensiones, el botón vuelve adonde habría ido sin ellas: la próxima mano "
                           "lo tienes tú.",
               "Terminadas las extensiones, el botón vuelve adonde habría ido sin ellas: la próxima mano lo tiene {p}.")
    return "button", _of(rec.player), text, CITE["extension"]


#: Mata Ases's sentence for each record kind (:func:`engine.table.texts.event`).
SENTENCES = {
    AntePosting: _ante, AllIn: _all_in, Dealing: _dealing, Exposing: _exposing, Misdealing: _misdealing,
    HandEnding: _hand_end, BettingOpening: _opening, BringInPosting: _bring_in, CheckingOrCalling: _check_or_call,
    BettingOrRaisingTo: _bet_or_raise, Folding: _fold, HoleDealing: _card, StreetEnding: _round_end,
    AllChecking: _all_checked, BoardDealing: _ayudas_down, BoardTurning: _ayudas_open, Runout: _runout,
    ChipsReturning: _return, ShowdownStarting: _showdown, Showing: _show, ShareWinning: _win,
    PotUnclaimed: _unclaimed, Extending: _extending, PotSplitting: _split, ButtonReturning: _button,
}

def strength(shown: Showing) -> int:
    """A showing's strength among showdown plays (0 for a lone player's incomplete hand)."""
    return shown.play.strength if isinstance(shown.play, Play) else 0


def _verdict(player: str, kills: bool) -> str:
    return say(player, "matas los Ases", "mata los Ases") if kills else say(player, "no matas los Ases",
                                                                            "no mata los Ases")


def _seat_shown(viewer, name: str) -> dict | None:
    """A seat that showed its hand in this deal: its play, and whether it kills the Aces."""
    hand = viewer.hand
    shown = hand.shown.get((hand.deal_index, name))
    if shown is None:
        return None
    kills = shown.play.kills_aces
    return {"name": capital(play_name(shown)), "kills": bool(kills), "verdict": _verdict(name, kills)}


def _show_item(viewer, rec: Showing) -> dict:
    """A hand shown at the result: its play, and whether it kills the Aces."""
    shown = viewer.hand.shown.get((rec.deal, rec.player))
    if shown is None:
        return {}
    return {"hand": capital(play_name(shown)), "kills": bool(shown.play.kills_aces)}


def _why(viewer, deal: dict) -> dict:
    """What decided a deal's showdown (:func:`engine.table.showdown.decide`): the five-card plays shown in it,
    when one of them kills the Aces (otherwise nobody wins and the events say so)."""
    hand = viewer.hand
    shown = {item["player"]: hand.shown.get((deal["deal"], item["player"])) for item in deal["items"]
             if item["type"] == "show" and item.get("player")}
    plays = {p: s for p, s in shown.items() if s is not None and strength(s) and len(s.cards) == 5}
    if len(plays) < 2 or not any(s.play.kills_aces for s in plays.values()):
        return {}
    values = {p: strength(s) for p, s in plays.items()}
    fives = {p: best_five(strength(s), s.cards) for p, s in plays.items()}
    return {"why": [decide(values, fives, hand_names={p: play_name(s) for p, s in plays.items()}, pot="el pozo")]}


#: Abierta o cerrada: what the reader is told when he chooses how his next card comes.
CARD_HINT = ("Abierta («aire»): la nueva carta queda a la vista y conservas tapada la que ya tenías cerrada. "
             "Cerrada: la nueva llega tapada y abres la que tenías oculta. Siempre conservas una sola carta "
             "cerrada.")

#: Mata Ases's words for the table's pipeline (:mod:`engine.table.texts`) and its table page.
WORDS = HandWords(cites=CITE, sentences=SENTENCES, deals=True, links=LINKS, labels=TABLE_LABELS, shared="ayudas",
                  board_labels={0: AYUDAS_LABELS["none"], 3: AYUDAS_LABELS["open"], "closed": AYUDAS_LABELS["closed"]},
                  repeat_cites=True, mask=HIDDEN, mention_amounts=False, forced_all_deal=True, folded_cards=True,
                  free_prompt="Te toca hablar: nadie ha apostado en esta ronda.",
                  choice_prompt="¿Cómo quieres recibir la {nth} carta?", choice_hint=CARD_HINT,
                  seat_shown=_seat_shown, show_item=_show_item, why=_why)
