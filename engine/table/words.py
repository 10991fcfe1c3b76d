"""The table's Spanish words, once: every action in all its forms, the reader, and the table's labels.

One row per action (:data:`ACTIONS`), the same for every game on the table: Texas Hold'em uses
``check``, ``call``, ``bet``, ``raise`` and ``fold``; Mata Ases adds the card choices ``up`` (open,
«aire») and ``down`` (closed). Each row gives the button label, the imperative («paga 50»), the
infinitive («pagar 50»), the second person for the reader («pagas 50»), the third person for anybody
else («Ana paga 50»), the past («pagó») and the words authors write in a practice hand's script
(«paga», «iguala»). Forms that can carry an amount have two spellings: without it and with it
(``{n}``, filled with :func:`engine.spanish.amount`).

The reader's seat is called :data:`YOU` (``"Tú"``): sentences about that seat are in the second
person (:func:`say`), and name listings say «contigo» (:func:`with_names`).

>>> did("Ana", "call", 50), did(YOU, "raise", 1200), did(YOU, "fold")
('Ana paga 50.', 'Subes a 1.200.', 'Te retiras.')
>>> label({"action": "call", "amount": 50}), label({"action": "up"})
('Pagar 50', 'Carta abierta («aire»)')
>>> choices(YOU, [{"action": "check"}, {"action": "bet", "min": 50, "max": 2000}])
'Pasa o apuesta entre 50 y 2.000.'
>>> "Ana empata " + with_names([YOU, "Beto"])
'Ana empata contigo y con Beto'

Refusals are written here too: why a decision is not allowed now (:func:`refusal`, :func:`turn_of`) and
that the hand is over (:data:`OVER`, :func:`over`).

>>> refusal("Ana", "check", "hay una apuesta de 40")
'Ana no puede pasar: hay una apuesta de 40.'
>>> refusal(YOU, "raise", "en esta mesa las apuestas son fijas y no se sube", 200)
'No puedes subir a 200: en esta mesa las apuestas son fijas y no se sube.'
>>> over("decisions"), OVER["extra"]
('La mano ya terminó: no admite más decisiones.', 'la mano ya terminó: sobran decisiones')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from ..spanish import amount, capital, listing

__all__ = [
    "ACTIONS",
    "AMOUNT_LABELS",
    "ActionWords",
    "BADGES",
    "CARD_CHOICE",
    "FORCED",
    "FREE_TABLE",
    "LABELS",
    "OVER",
    "SCRIPT_SLOTS",
    "UNNAMED",
    "YOU",
    "badge",
    "button",
    "cannot",
    "choices",
    "decision_range",
    "did",
    "form",
    "is_you",
    "label",
    "name_list",
    "option_amount",
    "over",
    "past",
    "refusal",
    "say",
    "script_words",
    "turn_of",
    "with_names",
]

#: The reader: events about this seat are written in the second person.
YOU = "Tú"
#: A player a hand history does not name, by seat order (PHH's ``p1``: «Jugador 1»): a name that stays
#: the same all hand long, so that no sentence calls a person by a position code, which moves with the button.
UNNAMED = "Jugador {n}"
#: The line that stands for the steps «Ver hasta el final» does not draw (only the last ones are).
SKIPPED = "… {n} pasos más, que no se dibujan uno a uno; siguen los últimos."


@dataclass(frozen=True)
class ActionWords:
    """All the forms of one action. A pair is (without an amount, with ``{n}`` for it); a form with
    one spelling never takes an amount. ``third`` has ``{p}`` for the player's name. ``script`` are the
    words of a practice hand's script (the first is the one the site writes), ``slot`` the decision
    they answer: ``"card"`` (how the card comes), ``"open"`` (nobody has bet), ``"facing"`` (a bet to
    call)."""

    action: str
    label: tuple[str, ...]
    imperative: tuple[str, ...]
    infinitive: tuple[str, ...]
    second: tuple[str, ...]
    third: tuple[str, ...]
    past: str
    script: tuple[str, ...]
    slot: str


#: Every action of the table (the order of the script's help).
ACTIONS: dict[str, ActionWords] = {w.action: w for w in (
    ActionWords("check", ("Pasar",), ("pasa",), ("pasar",), ("pasas",), ("{p} pasa",), "pasó",
                ("pasa",), "open"),
    ActionWords("bet", ("Apostar", "Apostar {n}"), ("apuesta", "apuesta {n}"), ("apostar", "apostar {n}"),
                ("apuestas", "apuestas {n}"), ("{p} apuesta", "{p} apuesta {n}"), "apostó", ("apuesta",), "open"),
    ActionWords("call", ("Pagar", "Pagar {n}"), ("paga", "paga {n}"), ("pagar", "pagar {n}"),
                ("pagas", "pagas {n}"), ("{p} paga", "{p} paga {n}"), "pagó", ("paga", "iguala"), "facing"),
    ActionWords("fold", ("Retirarse",), ("retírate",), ("retirarse",), ("te retiras",), ("{p} se retira",),
                "se retiró", ("se retira", "retira", "se va", "tira"), "facing"),
    ActionWords("raise", ("Subir", "Subir a {n}"), ("sube", "sube a {n}"), ("subir", "subir a {n}"),
                ("subes", "subes a {n}"), ("{p} sube", "{p} sube a {n}"), "subió", ("sube",), "facing"),
    ActionWords("up", ("Carta abierta («aire»)",), ("pide la carta abierta («aire»)",),
                ("recibir la carta abierta",), ("pides la carta abierta («aire»)",),
                ("{p} pide la carta abierta («aire»)",), "pidió la carta abierta", ("abierta", "aire"), "card"),
    ActionWords("down", ("Carta cerrada",), ("pide la carta cerrada",), ("recibir la carta cerrada",),
                ("pides la carta cerrada",), ("{p} pide la carta cerrada",), "pidió la carta cerrada",
                ("cerrada",), "card"),
)}

#: The choice between the two ways a card comes (Mata Ases), for the reader and for anybody else.
CARD_CHOICE = ("Pide la carta abierta («aire») o la cerrada.", "{p} puede pedir la carta abierta («aire») o la cerrada.")

#: What each script slot answers, in the authors' words, with its words listed («pasa o apuesta»).
SCRIPT_SLOTS = {"card": "cómo recibe la carta", "open": "si nadie ha apostado", "facing": "ante una apuesta"}

#: The labels of a table a page draws (seats, pot, cards), in the engine's words.
LABELS = {
    "pot": "Pozo",
    "stack": "Fichas",
    "bet": "En esta ronda",
    "closed": "Carta cerrada",
    "closed_suffix": "cerrada",
    "own_closed": "tu carta cerrada, oculta para los demás",
    "own_closed_title": "Tu carta cerrada: solo la ves tú",
    "own_closed_note": "oculta para los demás",
    "no_cards": "Sin cartas",
    "dead_cards": "Sus cartas ya no cuentan",
    "players": "Jugador",
    "change": "Cambio",
    "final_stacks": "Fichas al terminar",
    "result": "Resultado",
    "end": "Final de la mano",
    "thinking": "{p} está pensando…",
    "plays": "Juega",
    "why": "Por qué",
}

#: The words of a free table page (the reader against bots, :mod:`engine.play`), the same for every game;
#: a game changes the few that are its own (:attr:`engine.table.game.TableGame.words`). ``{n}``, ``{total}``:
#: numbers the page fills in.
FREE_TABLE = {
    "loading": "Preparando la mesa",
    "failure": "La mesa no está disponible",
    "form": "Prepara la mesa",
    "deal": "Repartir una mano",
    "next": "Mano siguiente",
    "again": "Repetir esta mano",
    "new_table": "Otra mesa",
    "hand": "Mano {n}",
    "skip": "Saltar la pausa: ver ya las jugadas de los bots",
    "share": "Enlace para compartir esta mano (la muestra paso a paso)",
    "copy": "Copiar el enlace",
    "copied": "Enlace copiado.",
    "copy_by_hand": "Selecciona el enlace y cópialo.",
    "step": "Paso siguiente",
    "to_end": "Ver hasta el final",
    "autoplay": "Reproducir",
    "pause": "Pausa",
    "restart": "Verla otra vez desde el principio",
    "play_this": "Jugar en una mesa como esta",
    "step_of": "Paso {n} de {total}.",
    "shared_step_of": "Mano compartida: paso {n} de {total}.",
    "shared_note": "Es la mano de otra persona: «Tú» es quien la jugó y la compartió, no tú.",
    "history_title": "Tus manos en esta visita",
    "visit_total": "Resultado de la visita:",
    "reasons_title": "Por qué jugaron así los bots",
    "no_reasons": "Los bots no tuvieron que decidir nada en esta mano.",
    "bad_link": "El enlace no describe una mano que se pueda reproducir.",
    "long_link": "El enlace es demasiado largo para describir una mano.",
    "refused": "El motor no aceptó la jugada:",
    "stopped": "El motor no pudo seguir:",
    "everyone": "Ver las cartas de todos",
    "everyone_title": "Las cartas de todos (ayuda para aprender)",
    "everyone_note": ("En la mesa no se vieron todas: aquí están las cartas propias de cada jugador, también las de "
                      "quien se retiró, para que entiendas por qué jugó así. Solo las ves tú, porque las pediste: no "
                      "entran en el enlace ni en el archivo de la mano."),
    "forgot": ("El motor ya no tiene esta mano (guarda pocas a la vez, y se pierden si se reinicia): las cartas "
               "salen de un secreto que solo guarda él, así que no se puede repartir igual. Reparte otra."),
}

#: The box for the amount beside a bet or raise button whose amount the player chooses.
AMOUNT_LABELS = {"bet": "Cantidad", "raise": "Subir a"}

#: Forced bets by kind, as a seat's label shows them («Ante 50»).
FORCED = {"ante": "Ante", "bring_in": "Bring In", "small_blind": "Ciega pequeña", "big_blind": "Ciega grande",
          "straddle": "Straddle"}

#: Seat badges: (for the reader, for anybody else); ``{n}`` is an amount.
BADGES = {
    "button": ("Botón", "Botón"),
    "act": ("Te toca", "Habla"),
    "folded": ("Te retiraste", "Retirado"),
    "allin": ("All-in", "All-in"),
    "win": ("Ganas {n}", "Gana {n}"),
}


def is_you(player: str | None) -> bool:
    """True for the reader's seat.

    >>> is_you(YOU), is_you("Ana"), is_you(None)
    (True, False, False)
    """
    return player == YOU


def say(player: str, you: str, other: str) -> str:
    """``you`` for the reader, ``other`` (with ``{p}`` for the name) for anybody else.

    >>> say(YOU, "Ganas.", "{p} gana."), say("Ana", "Ganas.", "{p} gana.")
    ('Ganas.', 'Ana gana.')
    """
    return you if player == YOU else other.format(p=player)


def _words(action: str) -> ActionWords:
    try:
        return ACTIONS[action]
    except KeyError:
        raise ValueError(f"unknown action {action!r}") from None


def _filled(spellings: tuple[str, ...], n: int | str | None, player: str = "") -> str:
    if n is None or len(spellings) == 1:
        return spellings[0].format(p=player)
    return spellings[1].format(p=player, n=amount(n) if isinstance(n, int) else n)


def form(action: str, kind: str, n: int | str | None = None, player: str = "") -> str:
    """One form of an action: ``kind`` is ``"label"``, ``"imperative"``, ``"infinitive"``,
    ``"second"``, ``"third"`` (needs ``player``) or ``"past"``; ``n`` an amount (an int, or a text
    such as «entre 50 y 100») for the forms that take one.

    :raises ValueError: for an unknown action.

    >>> form("raise", "infinitive", 400), form("raise", "imperative"), form("call", "third", 1500, "Beto")
    ('subir a 400', 'sube', 'Beto paga 1.500')
    >>> form("fold", "past"), form("check", "second", 50), form("fold", "second")
    ('se retiró', 'pasas', 'te retiras')
    """
    words = _words(action)
    if kind == "past":
        return words.past
    return _filled(getattr(words, kind), n, player)


def did(player: str, action: str, n: int | str | None = None, *, end: str = ".") -> str:
    """The sentence of a decision: second person for the reader, third for anybody else; ``end``
    closes it (``""`` to go on with the sentence).

    >>> did("Ana", "check"), did(YOU, "bet", 100), did("Beto", "up", end=":")
    ('Ana pasa.', 'Apuestas 100.', 'Beto pide la carta abierta («aire»):')
    """
    if player == YOU:
        return capital(form(action, "second", n)) + end
    return form(action, "third", n, player) + end


#: That the hand is over, by what is refused (within a sentence: a field's error starts «Campo «x»: …»).
OVER = {
    "decisions": "la mano ya terminó: no admite más decisiones",
    "extra": "la mano ya terminó: sobran decisiones",
    "cards": "la mano ya terminó: no admite más cartas",
    "bot": "la mano ya terminó: no queda ninguna decisión",
}


def over(what: str) -> str:
    """That the hand is over, as a sentence of its own: ``over("cards")`` -> «La mano ya terminó: no admite
    más cartas.»."""
    return capital(OVER[what]) + "."


def decision_range(taken: int, held: str = "en esta mano has tomado {}",
                   none: str = "aún no has tomado ninguna decisión en esta mano") -> str:
    """Why a decision's number was refused: ``held`` (``{}``: how many decisions there are) and the numbers
    that exist, or ``none`` when there is none.

    >>> decision_range(1)
    'en esta mano has tomado 1 decisión: el número va de 0 a 0'
    >>> decision_range(0)
    'aún no has tomado ninguna decisión en esta mano'
    >>> decision_range(3, "la historia tiene {} de «Tú»", "ninguna")
    'la historia tiene 3 decisiones de «Tú»: el número va de 0 a 2'
    """
    if not taken:
        return none
    counted = f"{taken} decisión" if taken == 1 else f"{taken} decisiones"
    return f"{held.format(counted)}: el número va de 0 a {taken - 1}"


def cannot(player: str, action: str, n: int | str | None = None) -> str:
    """The head of a refusal: «No puedes retirarte», «Ana no puede subir a 400».

    >>> cannot(YOU, "fold"), cannot("Ana", "fold"), cannot("Ana", "raise", 400), cannot(YOU, "bet", 50)
    ('No puedes retirarte', 'Ana no puede retirarse', 'Ana no puede subir a 400', 'No puedes apostar 50')
    """
    verb = form(action, "infinitive", n)
    if player == YOU:
        first, space, rest = verb.partition(" ")
        if first.endswith("se"):  # a reflexive verb: «retirarse» -> «retirarte»
            verb = first[:-2] + "te" + space + rest
        return f"No puedes {verb}"
    return f"{player} no puede {verb}"


def past(action: str) -> str:
    """The past of a decision, after the name: «Por qué Ana *subió*».

    >>> past("raise"), past("down")
    ('subió', 'pidió la carta cerrada')
    """
    return form(action, "past")


def option_amount(option: Mapping) -> str | None:
    """The amount of a legal option in words: the call, or the bet's range («entre 50 y 2.000»).

    ``option`` is a legal-actions entry (``{"action", "amount"?, "min"?, "max"?}``).

    >>> option_amount({"action": "call", "amount": 50}), option_amount({"action": "bet", "min": 50, "max": 50})
    ('50', '50')
    >>> option_amount({"action": "raise", "min": 100, "max": 1500}), option_amount({"action": "check"})
    ('un total de entre 100 y 1.500', None)

    A raise names its round total («sube a 400»): its range is «a un total de entre …», never «a entre …».
    """
    if option.get("amount") is not None:
        return amount(option["amount"])
    low, high = option.get("min"), option.get("max")
    if low is None:
        return None
    if low == high or high is None:
        return amount(low)
    total = "un total de " if option["action"] == "raise" else ""
    return f"{total}entre {amount(low)} y {amount(high)}"


def label(option: Mapping) -> str:
    """The button of a legal option: the amount only when the button alone decides it (a call, a
    fixed bet or raise); a bet with a range is a button beside a box for the amount.

    >>> label({"action": "bet", "min": 50, "max": 50}), label({"action": "bet", "min": 50, "max": 900})
    ('Apostar 50', 'Apostar')
    >>> label({"action": "raise", "min": 200, "max": 200}), label({"action": "fold"})
    ('Subir a 200', 'Retirarse')
    """
    action = option["action"]
    n = option.get("amount")
    if n is None and option.get("min") is not None and option.get("min") == option.get("max"):
        n = option["min"]
    return form(action, "label", n)


def button(option: Mapping) -> dict:
    """A legal option with its words for the page: ``label`` (the button) and, where the player
    chooses the amount, ``amount_label`` (the box beside it).

    >>> button({"action": "raise", "min": 100, "max": 900})
    {'action': 'raise', 'min': 100, 'max': 900, 'label': 'Subir', 'amount_label': 'Subir a'}
    >>> button({"action": "call", "amount": 50})
    {'action': 'call', 'amount': 50, 'label': 'Pagar 50'}
    """
    out = dict(option, label=label(option))
    if option["action"] in AMOUNT_LABELS and option.get("min") != option.get("max"):
        out["amount_label"] = AMOUNT_LABELS[option["action"]]
    return out


def choices(player: str, options: Iterable[Mapping]) -> str:
    """What ``player`` may do: an imperative for the reader, «Ana puede …» for anybody else.

    >>> choices(YOU, [{"action": "fold"}, {"action": "call", "amount": 50}, {"action": "raise", "min": 100, "max": 100}])
    'Retírate, paga 50 o sube a 100.'
    >>> choices("Ana", [{"action": "up"}, {"action": "down"}])
    'Ana puede pedir la carta abierta («aire») o la cerrada.'
    >>> choices("Ana", [])
    ''
    """
    options = list(options)
    if sorted(o["action"] for o in options) == ["down", "up"]:
        return say(player, *CARD_CHOICE)
    kind = "imperative" if player == YOU else "infinitive"
    parts = [form(o["action"], kind, option_amount(o)) for o in options]
    if not parts:
        return ""
    listed = listing(parts, "o")
    return capital(listed) + "." if player == YOU else f"{player} puede {listed}."


def name_list(names: Iterable[str]) -> str:
    """Names inside a sentence, the reader as «tú»: ``"Ana"``, ``"tú, Ana y Beto"`` (after «entre»).

    >>> name_list(["Ana"]), name_list([YOU, "Ana", "Beto"])
    ('Ana', 'tú, Ana y Beto')
    """
    return listing("tú" if n == YOU else n for n in names)


def with_names(names: Iterable[str]) -> str:
    """«con» and the names: ``"con Ana"``, ``"con Ana y Beto"``, ``"contigo"``, ``"contigo y con Beto"``.

    >>> with_names(["Ana"]), with_names(["Ana", "Beto"]), with_names([YOU]), with_names(["Ana", YOU, "Beto"])
    ('con Ana', 'con Ana y Beto', 'contigo', 'contigo y con Ana y Beto')
    """
    names = list(names)
    others = [n for n in names if n != YOU]
    if len(others) == len(names):
        return "con " + listing(others)
    return "contigo" + (" y con " + listing(others) if others else "")


def badge(kind: str, player: str, n: int | None = None) -> dict:
    """A seat badge for the page: ``{"kind", "text"}``, the text said for the reader or anybody else.

    >>> badge("act", YOU), badge("win", "Ana", 1500)
    ({'kind': 'act', 'text': 'Te toca'}, {'kind': 'win', 'text': 'Gana 1.500'})
    """
    you, other = BADGES[kind]
    text = you if player == YOU else other
    return {"kind": kind, "text": text.format(n=amount(n)) if n is not None else text}


def script_words() -> dict[str, tuple[str, str]]:
    """Every word of a practice hand's script: ``{word: (slot, action)}``.

    >>> script_words()["iguala"], script_words()["aire"], script_words()["tira"]
    (('facing', 'call'), ('card', 'up'), ('facing', 'fold'))
    """
    return {word: (w.slot, w.action) for w in ACTIONS.values() for word in w.script}


def script_help() -> str:
    """The script's words by slot, as the authors' error messages list them.

    >>> script_help()
    'abierta o cerrada (cómo recibe la carta); pasa o apuesta (si nadie ha apostado); paga, se retira o sube (ante una apuesta)'
    """
    parts = []
    for slot, when in SCRIPT_SLOTS.items():
        words = [w.script[0] for w in ACTIONS.values() if w.slot == slot]
        parts.append(f"{listing(words, 'o')} ({when})")
    return "; ".join(parts)


def refusal(player: str, action: str, reason: str, n: int | None = None) -> str:
    """The sentence refusing ``player``'s ``action`` (of ``n`` chips) for ``reason``."""
    return f"{cannot(player, action, n)}: {reason}."


def turn_of(player: str | None) -> str:
    """``"te toca a ti"``, ``"le toca a Ana"``, or that nobody is to act."""
    if player is None:
        return "ahora no le toca a ningún jugador"
    return "te toca a ti" if player == YOU else f"le toca a {player}"
