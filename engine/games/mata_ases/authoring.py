"""What Mata Ases adds to the practice-hand format (:mod:`engine.scenarios.format`), and its practice hands.

Its keys: ``modalidades`` (Botón Ante, Bring In or both) and, for one, ``modalidad única`` (why, a
sentence the page shows); the table's ``ante``, ``bring in``, ``mínimo`` and ``apuestas`` (fijas or sin
límite); ``reparto N`` (the cards of each deal: the hand's and one per extension), each player's five
own cards in the order received, the three ``ayudas`` and, if the dealer exposes one by mistake,
``expuesta: Ana 3``. Its script names the rounds by the cards being played («1ª ronda», «3ª carta»,
«4ª carta», «5ª carta») and its sections may be for one modality or one deal («guion Bring In, reparto
2:»); its result may be for one modality («resultado Bring In:») and says, besides the pots and the
stacks, the ``extensiones`` played and a player's play at the showdown (``jugada Tú: …``).

A practice hand is played by the play layer (:mod:`engine.play`) on :func:`practice` and the script's
:class:`~engine.table.game.Situation` (:func:`situation`).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from ...cards import Card, mentions
from ...errors import EngineError
from ...evaluation import category_of, name_mx, strength
from ...keyvalue import Collector, Node, normalise, read_cards, read_int, repeated_card, split_list
from ...spanish import amount, card_name, cards_text, in_running_text
from ...table.game import SCRIPT_ASSUMED, Practice, ScriptGap, Situation, assumed_worlds
from ...table.records import (BettingOrRaisingTo, BringInPosting, CheckingOrCalling, Folding, HoleDealing,
                              StreetEnding)
from ...table.words import YOU, say
from .command import build_hand
from .deal import world_of
from ...table.errors import MissingDealError
from .rules import MAX_EXTENSIONS, MODALITIES, STREETS
from .setup import Stakes, table_problems
from .texts import MODALITY_NAMES

__all__ = ["Deal", "Fields", "fork", "hand_request", "practice", "situation"]

#: The game's keys (normalised) -> field id, and how authors write them.
KEYS = {"modalidades": "modalidades", "modalidad": "modalidades", "modalidad unica": "modalidad unica",
        "ante": "ante", "bring in": "bring in", "brinco": "bring in", "minimo": "minimo", "apuestas": "apuestas"}
NAMES = {"modalidades": "modalidades", "modalidad unica": "modalidad única", "ante": "ante", "bring in": "bring in",
         "minimo": "mínimo", "apuestas": "apuestas"}
NUMBERED_NAMES = ["reparto N"]
REQUIRED = ("modalidades", "ante", "bring in", "minimo")
BLOCKS = ()
#: Script sections for one deal weigh more than those for one modality.
QUALIFIERS = ("deal", "modality")
SCRIPT_HELP = ("Palabras posibles: abierta o cerrada (cómo recibe la carta); pasa o apuesta (si nadie ha apostado); "
               "paga, se retira o sube (ante una apuesta); con cantidad: «apuesta 60», «sube a 300», «all-in».")
ROUNDS_HELP = "Las rondas son «1ª ronda», «3ª carta», «4ª carta» y «5ª carta»; «siempre» vale para todas."
OUTCOME_HELP = "«pozo», «fichas», «extensiones» o «jugada Nombre»"

#: The rounds of a hand as the script names them (the hand's streets: 1 is the first round, with two
#: cards; 3, 4 and 5 the rounds after each card), and how authors may write each (normalised; None: every
#: round).
ROUNDS = {street.name: street.short for street in STREETS if street.betting}
ROUND_WORDS: dict[str, int | None] = {"reparto inicial": 1, "inicio": 1, "siempre": None, "todas": None,
                                      "todas las rondas": None, "cada ronda": None}
for _street, (_round, _card) in {1: (1, 2), 3: (2, 3), 4: (3, 4), 5: (4, 5)}.items():
    for _n, _kind in ((_round, "ronda"), (_card, "carta")):
        _ordinal = ("primera", "segunda", "tercera", "cuarta", "quinta")[_n - 1]
        for _form in (f"{_n}a {_kind}", f"{_n} {_kind}", f"{_ordinal} {_kind}", f"{_kind} {_n}"):
            ROUND_WORDS[_form] = _street

#: How authors may write each modality (normalised), longest first; and each kind of betting.
_MODALITY_WORDS = {"boton ante": "boton-ante", "botonante": "boton-ante", "boton": "boton-ante",
                   "bring in": "bring-in", "bringin": "bring-in", "brinco": "bring-in"}
_BETTING_WORDS = {"fijas": "fixed", "fijo": "fixed", "limite fijo": "fixed", "sin limite": "no-limit",
                  "no limit": "no-limit"}
#: Which key of the file each field of the hand engine's request comes from.
FIELD_KEYS = {"seats": "asientos", "button": "boton", "modality": "modalidades", "betting": "apuestas",
              "stakes": "minimo", "stakes.minimum": "minimo", "stakes.ante": "ante", "stakes.bring_in": "bring in"}


@dataclass(frozen=True)
class Deal:
    """The cards of one deal: the original deal is number 1, each extension adds one."""

    number: int
    line: int
    #: Own cards of each player, in the order received.
    cards: dict[str, tuple[Card, ...]]
    ayudas: tuple[Card, ...]
    #: Cards the dealer exposes by mistake: (player, card number 1..5).
    exposed: tuple[tuple[str, int], ...] = ()
    #: Source line of each player's cards, and of the ayudas (key ``""``).
    lines: dict[str, int] = field(default_factory=dict)

    def request(self) -> dict:
        """This deal as the ``mata-ases-hand`` request expects it."""
        out: dict[str, Any] = {
            "cards": {name: [str(c) for c in cards] for name, cards in self.cards.items()},
            "ayudas": [str(c) for c in self.ayudas],
        }
        if self.exposed:
            out["exposed"] = [{"player": p, "card": n} for p, n in self.exposed]
        return out


@dataclass(frozen=True)
class Fields:
    """A Mata Ases hand's own fields."""

    modalities: tuple[str, ...]
    ante: int
    bring_in: int
    minimum: int
    betting: str
    deals: tuple[Deal, ...]
    single_modality_reason: str = ""


# ---------------------------------------------------------------------------------------------
# Reading the file.

def modality_id(text: str) -> str | None:
    """``"Botón Ante"``, ``"boton-ante"`` -> ``"boton-ante"``; ``"Bring In"``, ``"brinco"`` -> ``"bring-in"``."""
    return _MODALITY_WORDS.get(normalise(text))


def round_phrase(round_: int, where: dict) -> str:
    """A round in running text, with the deal of a script line for one: «la 3ª carta del reparto 2»."""
    deal = where.get("deal")
    return f"la {ROUNDS[round_]}" + (f" del reparto {deal}" if deal else "")


def numbered(key: str) -> tuple[str, int] | None:
    """``"reparto 2"`` -> ``("reparto", 2)``; ``"extension 1"`` -> ``("reparto", 2)``; None otherwise."""
    match = re.fullmatch(r"(reparto|extension)\s*(\d+)", key)
    if not match:
        return None
    number = int(match.group(2))
    return "reparto", number if match.group(1) == "reparto" else number + 1


def numbered_name(target: str, number: int) -> str:
    return f"El reparto {number}"


def qualifiers(rest: str) -> tuple[dict, str]:
    """«Bring In, reparto 2» -> ``({"modality": "bring-in", "deal": 2}, "")``; what is left unread last."""
    rest = normalise(rest.replace(",", " "))
    where: dict[str, Any] = {}
    for text, modality in _MODALITY_WORDS.items():
        if f" {text} " in f" {rest} ":
            where["modality"] = modality
            rest = f" {rest} ".replace(f" {text} ", " ").strip()
            break
    match = re.search(r"(reparto|extension)\s*(\d+)", rest)
    if match:
        where["deal"] = numbered(f"{match.group(1)} {match.group(2)}")[1]
        rest = (rest[:match.start()] + rest[match.end():]).strip()
    return where, " ".join(rest.split())


def qualifiers_help(section: str) -> str:
    if section == "guion":
        return ("después de «guion» puede ir una modalidad («Botón Ante», «Bring In») y un reparto («reparto 2»), "
                "nada más.")
    return "escribe «resultado Botón Ante» o «resultado Bring In»."


def variants(fields: Fields | None) -> tuple:
    return fields.modalities if fields is not None else ()


def variant_name(variant: str | None) -> str:
    return MODALITY_NAMES.get(variant, "") if variant else ""


def variant_where(variant: str | None) -> dict:
    """The qualifiers of the script lines written for one modality."""
    return {"modality": variant} if variant else {}


def variants_note(fields: Fields) -> tuple[str, str]:
    """What a hand's page says of its modalities: ``("Solo en Bring In.", why)`` for a hand played in one,
    ``("", "Se juega en las dos modalidades: Botón Ante y Bring In.")`` for both."""
    names = " y ".join(MODALITY_NAMES[m] for m in fields.modalities)
    if len(fields.modalities) == 1:
        return f"Solo en {names}.", fields.single_modality_reason
    return "", f"Se juega en las dos modalidades: {names}."


def card_choice_refused(round_: Any, part: str) -> str | None:
    if round_ == 1:
        return ("En la 1ª ronda nadie elige cómo recibe sus cartas: la primera llega abierta y la segunda "
                "cerrada. Quita «abierta»/«cerrada» de esta línea.")
    return None


def _modalities(node: Node, out: Collector) -> tuple[str, ...] | None:
    found: list[str] = []
    for part in split_list(node.value):
        modality = modality_id(part)
        if modality is None:
            out.add(node.line, f"Modalidad desconocida: «{part}». Las modalidades son «Botón Ante» y «Bring In».")
            return None
        if modality in found:
            out.add(node.line, f"La modalidad «{MODALITY_NAMES[modality]}» está repetida.")
            return None
        found.append(modality)
    if not found:
        out.add(node.line, "Escribe al menos una modalidad: «Botón Ante», «Bring In» o las dos, separadas por comas.")
        return None
    return tuple(m for m in MODALITIES if m in found)


def parse(fields: dict[str, Node], numbered_nodes: dict[str, dict[int, Node]], table, button_node: Node | None,
          out: Collector) -> Fields | None:
    """The hand's own fields (each problem at its line), and its table checked by the hand engine's rules
    (:func:`~engine.games.mata_ases.setup.table_problems`: how many seats, names, chips, button, stakes
    for each modality)."""
    ok = True
    node = fields.get("modalidades")
    modalities = _modalities(node, out) if node else None
    reason_node = fields.get("modalidad unica")
    if modalities is not None:
        if len(modalities) == 1 and (reason_node is None or not reason_node.value):
            out.add(node.line, "Esta mano se juega en una sola modalidad: explica por qué en "
                               "«modalidad única: …» (una frase que la página muestra).")
        if len(modalities) > 1 and reason_node is not None:
            out.add(reason_node.line, "«modalidad única» sobra: la mano se juega en las dos modalidades.")
    reason = reason_node.value.strip().strip("\"'«»") if reason_node is not None else ""
    ante = read_int(fields["ante"], out, "El ante") if "ante" in fields else None
    bring_in = read_int(fields["bring in"], out, "El Bring In") if "bring in" in fields else None
    minimum = read_int(fields["minimo"], out, "El mínimo") if "minimo" in fields else None
    betting = "fixed"
    if "apuestas" in fields:
        betting = _BETTING_WORDS.get(normalise(fields["apuestas"].value))
        if betting is None:
            out.add(fields["apuestas"].line, f"«apuestas: {fields['apuestas'].value}» no se entiende: escribe «fijas» "
                                             "o «sin límite».")
            betting = "fixed"
    _check_table(fields, table, button_node.value if button_node else None, modalities,
                 (ante, bring_in, minimum, betting), out)
    deals = _parse_deals(numbered_nodes.get("reparto", {}), table, out)
    if None in (modalities, ante, bring_in, minimum) or not ok:
        return None
    return Fields(modalities, ante, bring_in, minimum, betting, tuple(deals), reason)


def _check_table(fields: dict[str, Node], table, button: str | None, modalities: tuple[str, ...] | None,
                 stakes: tuple, out: Collector) -> None:
    ante, bring_in, minimum, betting = stakes
    known_stakes = None not in (ante, bring_in, minimum)
    found = table_problems(
        [(s.name, s.stack) for s in table.written], button=button or "", modalities=modalities or (),
        betting=betting, stakes=Stakes(minimum=1, ante=0, bring_in=0) if not known_stakes else
        Stakes(minimum=minimum, ante=ante, bring_in=bring_in), same=normalise)
    lines = {key: node.line for key, node in fields.items()}
    for problem in found:
        if problem.field.startswith("stakes.") and not known_stakes:
            continue
        if problem.field.startswith("seats") and not table.known:
            continue
        if problem.field == "button" and (button is None or not table.seats):
            continue
        if problem.field.startswith("seats["):
            line = table.written[int(problem.field[len("seats["):problem.field.index("]")])].line
        else:
            line = lines.get(FIELD_KEYS.get(problem.field, ""), 1)
        out.add(line, problem.sentence)


def _parse_deals(nodes: dict[int, Node], table, out: Collector) -> list[Deal]:
    deals = [deal for number in sorted(nodes)
             if (deal := _parse_deal(number, nodes[number], table.seats, table.player, out)) is not None]
    if not nodes:
        out.add(1, "Falta «reparto 1:» con las cinco cartas de cada jugador y las tres ayudas.")
        return deals
    missing = [n for n in range(1, max(nodes) + 1) if n not in nodes]
    if missing:
        out.add(nodes[max(nodes)].line, f"Falta el reparto {missing[0]}: los repartos se numeran 1, 2, 3… sin saltos.")
    return deals


def _distinct(located: list[tuple[Card, int, str]], number: int, out: Collector) -> bool:
    """Whether every card of deal ``number`` (each with its line and owner) is dealt once; each repeat told."""
    ok = True
    seen: dict[Card, tuple[int, str]] = {}
    for card, line, owner in located:
        if card in seen:
            first_line, first_owner = seen[card]
            out.add(line, repeated_card(card, first_owner, first_line, within=f" en el reparto {number}"))
            ok = False
        else:
            seen[card] = (line, owner)
    return ok


def _parse_deal(number: int, node: Node, seats, player, out: Collector) -> Deal | None:
    if node.value:
        out.add(node.line, f"Las cartas del reparto {number} van en líneas debajo de «{node.key}:», una por jugador.")
    cards: dict[str, tuple[Card, ...]] = {}
    lines: dict[str, int] = {}
    ayudas: tuple[Card, ...] | None = None
    exposed: list[tuple[str, int]] = []
    located: list[tuple[Card, int, str]] = []
    mentioned: dict[str, int] = {}
    ok = True
    for child in node.children:
        key = child.norm
        if child.children:
            out.add(child.children[0].line, f"«{child.key}» no lleva líneas debajo.")
        if key in ("ayudas", "ayuda"):
            if "" in mentioned:
                out.add(child.line, f"Las ayudas del reparto {number} están repetidas (línea {mentioned['']}).")
                ok = False
                continue
            mentioned[""] = child.line
            parsed = read_cards(child.value, child.line, out, "ayudas")
            if parsed is None:
                ok = False
                continue
            if len(parsed) != 3:
                out.add(child.line, f"Hay {len(parsed)} ayudas en el reparto {number}: tienen que ser exactamente 3.")
                ok = False
            ayudas = tuple(parsed)
            lines[""] = child.line
            located += [(c, child.line, "las ayudas") for c in parsed]
            continue
        if key in ("expuesta", "carta expuesta", "expuestas"):
            match = re.fullmatch(r"(.+?)\s+(\d)", child.value.strip())
            who = player(match.group(1)) if match else None
            if match is None or who is None or not 1 <= int(match.group(2)) <= 5:
                out.add(child.line, f"No entiendo «{child.key}: {child.value}»: escribe el jugador y el número de la "
                                    "carta que el dealer expone por error (1 a 5), por ejemplo «expuesta: Ana 3».")
                ok = False
                continue
            exposed.append((who, int(match.group(2))))
            continue
        who = player(child.key)
        if who is None:
            names = ", ".join(s.name for s in seats)
            out.add(child.line, f"«{child.key}» no está sentado en la mesa ({names}); en un reparto van los "
                                "jugadores, «ayudas» y, si hace falta, «expuesta».")
            ok = False
            continue
        if who in mentioned:
            out.add(child.line, say(who, "Tus cartas", "Las cartas de {p}") + f" están repetidas en el reparto {number} "
                                f"(línea {mentioned[who]}).")
            ok = False
            continue
        mentioned[who] = child.line
        parsed = read_cards(child.value, child.line, out, who)
        if parsed is None:
            ok = False
            continue
        if len(parsed) != 5:
            out.add(child.line, say(who, "Tienes", "{p} tiene") + f" {len(parsed)} cartas en el reparto {number}: cada "
                                "jugador recibe "
                                "exactamente 5, en el orden en que las recibe.")
            ok = False
        cards[who] = tuple(parsed)
        lines[who] = child.line
        located += [(c, child.line, who) for c in parsed]
    ok = _distinct(located, number, out) and ok
    if "" not in mentioned:
        out.add(node.line, f"Faltan las ayudas del reparto {number}: añade «ayudas:» con 3 cartas.")
        ok = False
    if number == 1:
        for seat in seats:
            if seat.name not in mentioned:
                out.add(node.line, f"Faltan las cartas de {seat.name} en el reparto 1.")
                ok = False
    if not ok:
        return None
    ordered = {s.name: cards[s.name] for s in seats if s.name in cards}
    return Deal(number, node.line, ordered, ayudas, tuple(exposed), lines)


def check_where(where: dict, fields: Fields | None, line: int, out: Collector) -> None:
    """A script section's qualifiers must name a modality the hand is played in and a deal it has."""
    if fields is None:
        return
    modality, deal = where.get("modality"), where.get("deal")
    if modality is not None and modality not in fields.modalities:
        out.add(line, f"Este guion es para {MODALITY_NAMES[modality]}, pero la mano no se juega en esa modalidad.")
    if deal is not None and deal not in {d.number for d in fields.deals}:
        out.add(line, f"Este guion es para el reparto {deal}, pero ese reparto no existe.")


def outcome_keys(where: dict, fields: Fields | None, node: Node | None, out: Collector | None) -> list[str]:
    """The modalities a «resultado» section is for (every one of the hand's without a modality)."""
    if "deal" in where:
        if out is not None:
            out.add(node.line, "Un resultado es de toda la mano: escribe «resultado Botón Ante» o «resultado Bring In».")
        return []
    modalities = fields.modalities if fields is not None else ()
    if "modality" in where:
        if where["modality"] not in modalities and fields is not None:
            if out is not None:
                out.add(node.line, f"La mano no se juega en {MODALITY_NAMES[where['modality']]}: este resultado sobra.")
            return []
        return [where["modality"]]
    return list(modalities)


def outcome_item(node: Node, player, extra: dict, out: Collector) -> bool | None:
    """A result's line of Mata Ases's own: ``extensiones: N`` or ``jugada Tú: …`` (True when read; False
    when wrong, already told; None when not one of them)."""
    key = node.norm
    if key.startswith("jugada "):
        claim = _play_claim(node, node.key.split(None, 1)[1], player, out)
        if claim is None:
            return False
        plays = extra.setdefault("plays", [])
        if any(c["player"] == claim["player"] for c in plays):
            out.add(node.line, say(claim["player"], "Tu jugada", "La jugada de {p}") + " está repetida en este resultado.")
            return False
        plays.append(claim)
        return True
    if key in ("extensiones", "extension"):
        number = read_int(node, out, "El número de extensiones")
        if number is None:
            return False
        extra["extensions"], extra["extensions_line"] = number, node.line
        return True
    return None


def _play_claim(node: Node, who_text: str, player, out: Collector) -> dict | None:
    """``jugada Tú: Qs Qd 7d 7c Ad`` -> the five cards the author says Tú plays at the showdown."""
    who = player(who_text.strip().removeprefix("de ").strip())
    if who is None:
        out.add(node.line, f"«{node.key}»: «{who_text}» no está sentado en la mesa. Escribe «jugada Tú: …» con "
                           "las cinco cartas de la jugada.")
        return None
    cards = read_cards(node.value, node.line, out, say(who, "tu jugada", "jugada de {p}"))
    if cards is None:
        return None
    if len(cards) != 5:
        out.add(node.line, say(who, f"Tu jugada tiene {len(cards)} cartas: escribe las cinco cartas con las que juegas "
                                    "en el showdown (tus cartas propias y, si usas una, la ayuda).",
                               f"La jugada de {{p}} tiene {len(cards)} cartas: escribe las cinco cartas con las que "
                               "juega en el showdown (sus cartas propias y, si usa una, la ayuda)."))
        return None
    return {"player": who, "cards": tuple(cards), "line": node.line}


def cards_of(fields: Fields) -> tuple[set[Card], set[Card]]:
    """Every card the hand deals, and the reader's own."""
    dealt = {c for deal in fields.deals for own in deal.cards.values() for c in own} | \
        {c for deal in fields.deals for c in deal.ayudas}
    own = {c for deal in fields.deals for c in deal.cards.get(YOU, ())}
    return dealt, own


# ---------------------------------------------------------------------------------------------
# As JSON (the browser simulator's form), and back.

def to_json(fields: Fields) -> dict:
    return {
        "modalities": list(fields.modalities), "single_modality_reason": fields.single_modality_reason or None,
        "stakes": {"ante": fields.ante, "bring_in": fields.bring_in, "minimum": fields.minimum},
        "betting": fields.betting,
        "deals": [{**deal.request(), "line": deal.line} for deal in fields.deals],
    }


def from_json(data: dict, need) -> Fields:
    deals = []
    for i, d in enumerate(need(data, "deals", "scenario.deals", list)):
        where = f"scenario.deals[{i}]"
        cards = {name: tuple(Card.parse(c) for c in need(need(d, "cards", f"{where}.cards", dict), name,
                                                             f"{where}.cards.{name}", list))
                 for name in need(d, "cards", f"{where}.cards", dict)}
        exposed = tuple((e["player"], e["card"]) for e in d.get("exposed") or [])
        deals.append(Deal(i + 1, d.get("line", 1), cards,
                          tuple(Card.parse(c) for c in need(d, "ayudas", f"{where}.ayudas", list)), exposed))
    stakes = need(data, "stakes", "scenario.stakes", dict)
    return Fields(tuple(need(data, "modalities", "scenario.modalities", list)),
                  need(stakes, "ante", "scenario.stakes.ante", int), need(stakes, "bring_in", "scenario.stakes.bring_in", int),
                  need(stakes, "minimum", "scenario.stakes.minimum", int), data.get("betting", "fixed"), tuple(deals),
                  data.get("single_modality_reason") or "")


def extra_from_json(extra: dict) -> dict:
    """A result's own claims (:func:`outcome_item`) back from JSON: the plays' cards as cards."""
    out = dict(extra)
    if "plays" in out:
        out["plays"] = [{**claim, "cards": tuple(Card.parse(c) for c in claim["cards"])} for claim in out["plays"]]
    return out


# ---------------------------------------------------------------------------------------------
# Playing it.

def hand_request(scenario, modality: str, actions: list[dict] | None = None) -> dict:
    """The ``mata-ases-hand`` request of the practice hand in ``modality`` with ``actions``."""
    f = scenario.fields
    return {
        "modality": modality,
        "stakes": {"ante": f.ante, "bring_in": f.bring_in, "minimum": f.minimum},
        "betting": f.betting,
        "seats": [{"name": s.name, "stack": s.stack} for s in scenario.seats],
        "button": scenario.button,
        "deals": [deal.request() for deal in f.deals],
        "actions": list(actions or []),
    }


def line_of_field(scenario, field_path: str | None) -> int:
    """The line of the file that a ``mata-ases-hand`` request's field (an error's ``field``:
    ``"seats[2].stack"``, ``"deals[1].cards.Ana[0]"``, ``"stakes.ante"``) comes from; 1 when unknown."""
    if not field_path:
        return 1
    name, bracket, rest = field_path.partition("[")
    if bracket and name in ("seats", "deals"):
        items = scenario.seats if name == "seats" else scenario.fields.deals
        index = rest.partition("]")[0]
        if index.isdigit() and int(index) < len(items):
            return items[int(index)].line
    for prefix in (field_path, field_path.partition(".")[0], name):
        if prefix in FIELD_KEYS:
            return scenario.line_of(FIELD_KEYS[prefix])
    return 1


def practice(scenario, modality: str) -> Practice:
    """The practice hand in ``modality``, at its first decision; a deal it lacks told at the author's line; its
    worlds for «Revisión de la mano» (the script's seats valued as bots of one style).

    :raises EngineError: for a table the hand engine cannot play (its ``field`` says which part)."""
    hand, _ = build_hand(hand_request(scenario, modality))

    def fail(hand, exc: EngineError) -> EngineError:
        return missing_deal_gap(scenario, hand, exc) if isinstance(exc, MissingDealError) else exc

    def world(view, draw):
        return world_of(hand_request(scenario, modality), view, draw), None
    return Practice(hand, None, fail, assumed_worlds(world, [s.name for s in scenario.seats], None, SCRIPT_ASSUMED))


def missing_deal_gap(scenario, hand, exc: MissingDealError) -> EngineError:
    """A :class:`MissingDealError` in the authors' words, at the line of the last deal (a script gap)."""
    number = hand.deal_index + 1
    deals = scenario.fields.deals
    line = deals[-1].line if deals else 1
    if number > len(deals):
        what = (f"la {hand.extensions}ª extensión" if hand.extensions else "un nuevo reparto")
        return ScriptGap(f"Falta el reparto {number}: la mano sigue en {what}. Añade «reparto {number}:» con las "
                         "cartas de los jugadores que la juegan.", line)
    for deal in deals:
        if deal.number == number:
            line = deal.line
    return ScriptGap(f"El reparto {number} no trae las cartas de todos los que lo juegan ({exc}).", line)


def _slot(rec) -> str | None:
    """The kind of decision a record is, as a script names it (None: no decision)."""
    if isinstance(rec, HoleDealing):
        return "card" if rec.how in ("up", "down") else None
    if isinstance(rec, CheckingOrCalling):
        return "open" if rec.amount == 0 else "facing"
    if isinstance(rec, BettingOrRaisingTo):
        return "open" if rec.kind == "bet" else "facing"
    return "facing" if isinstance(rec, Folding) else None


def _facing_bring_in(hand) -> bool:
    """True when the last wager of the current round is a Bring In."""
    for rec in reversed(hand.events[-12:]):
        if rec.deal != hand.deal_index or not isinstance(rec.street, int):
            return False
        if isinstance(rec, (BettingOrRaisingTo, StreetEnding)):
            return False
        if isinstance(rec, BringInPosting):
            return True
    return False


def situation(hand) -> Situation:
    """The decision the hand asks for, as a script answers it."""
    player = hand.to_act
    can = {option["action"]: option for option in hand.legal_actions()}
    slot = "card" if ("up" in can or "down" in can) else "open" if "check" in can else "facing"
    street = hand.street
    made = sum(1 for rec in hand.events if _slot(rec) == slot and rec.player == player
               and (rec.deal, rec.street) == (hand.deal_index, street))
    deal = hand.deal_index + 1
    parts = [ROUNDS[street]] + ([f"reparto {deal}"] if deal > 1 else []) + [MODALITY_NAMES[hand.modality]]
    call = can.get("call") or {}
    facing = None
    if slot == "facing":
        owed = call.get("amount")
        facing = ("el Bring In delante (que es una apuesta; {} por pagar)" if _facing_bring_in(hand)
                  else "una apuesta delante ({} por pagar)")
        facing = facing.format(amount(owed) if owed is not None else "?")
    return Situation(player, street, slot, {"modality": hand.modality, "deal": deal}, can, made,
                     ", ".join(parts), facing, fixed=hand.rules.betting == "fixed")


def fork(hand, scenario=None):
    """An independent copy of a hand in play (its records and tables, which never change, are shared)."""
    memo = {id(hand.events): list(hand.events), id(hand.tables): list(hand.tables)}
    return copy.deepcopy(hand, memo)


def explore_key(hand, scenario):
    """At the start of an extension's deal, what everything after it depends on (the deal, its players
    and button, who has put chips in, each stack -- with fixed betting, only up to what can still be bet
    in the deals left: a bigger stack changes nothing a script is asked); None elsewhere. The check
    explores the reader's paths from such a point once."""
    last = next((rec for rec in reversed(hand.events) if _slot(rec)), None)
    if hand.deal_index == 0 or last is None or last.deal == hand.deal_index:
        return None
    stacks = hand.stacks
    f = scenario.fields
    if f.betting == "fixed":
        cap = (f.ante + f.bring_in + 4 * f.minimum) * (1 + MAX_EXTENSIONS - hand.extensions)
        stacks = {name: min(chips, cap) for name, chips in stacks.items()}
    return (hand.deal_index, hand.participants, hand.button, tuple(sorted(stacks.items())),
            tuple(sorted(n for n, c in hand.contributions.items() if c > 0)), hand.extensions)


# ---------------------------------------------------------------------------------------------
# Checking what the author claims.

#: What the game calls a pot, and what a script line may be for (in a check's messages).
WHERE_WORDS = "ronda, modalidad o reparto"
POT_WORD = "pozo"


def _last_shows(result: dict) -> dict[str, tuple[dict, int]]:
    """Each player's last hand shown (the result's ``shows`` item) and the deal it was shown in."""
    found = {}
    for deal in result.get("shows") or []:
        for item in deal["items"]:
            if item["type"] == "show" and item.get("cards"):
                found[item["player"]] = (item, deal["deal"])
    return found


def _ayudas(scenario, deal: int) -> tuple[Card, ...]:
    deals = scenario.fields.deals
    return deals[min(deal, len(deals) - 1)].ayudas


def compare_extra(scenario, outcome, result: dict) -> list[tuple[int, str]]:
    """(line, message) for each claim of Mata Ases's own in ``outcome`` that the hand's end (the table
    viewer's ``result``) contradicts: the extensions played, and each «jugada …»: the five cards the
    player shows at the last showdown, named with the ayuda (if any) it uses -- the facts the page's
    prose should tell."""
    found: list[tuple[int, str]] = []
    extra = outcome.extra
    played = result.get("extensions", 0)
    if extra.get("extensions") is not None and extra["extensions"] != played:
        found.append((extra["extensions_line"], f"el motor juega {played} extensiones, no {extra['extensions']}."))
    shows = _last_shows(result)
    for claim in extra.get("plays", ()):
        who = claim["player"]
        if who not in shows:
            found.append((claim["line"], say(who, "no enseñas tu jugada", "{p} no enseña su jugada")
                          + f" en el showdown con la línea por defecto: quita «jugada {who}»."))
            continue
        item, deal = shows[who]
        cards = [Card.parse(c) for c in item["cards"]]
        if set(cards) == set(claim["cards"]):
            continue
        value = strength(cards)
        used = [c for c in cards if c in _ayudas(scenario, deal)]
        how = f"con la ayuda {cards_text(used)}" if used else say(who, "solo con tus cartas propias",
                                                                   "solo con sus cartas propias")
        plays = say(who, "juegas", "{p} juega")
        found.append((claim["line"], f"según el motor, {plays} {in_running_text(name_mx(value), category_of(value))} "
                                     f"({cards_text(cards)}), {how}; no «{cards_text(claim['cards'])}». Corrige la "
                                     "jugada y el texto que la explica."))
    return found


#: A sentence about the reader's own play at the showdown («Tú juegas…», «juegas tus cinco cartas…»).
_READER_PLAYS = re.compile(r"\bjuegas\b", re.I)
_READER_HAS = re.compile(r"\b(juegas|tienes)\b", re.I)
#: What says that play uses no ayuda.
_NO_AYUDA = re.compile(r"\b(tus\s+cinco\s+cartas\s+propias|sin\s+(usar\s+)?(ninguna\s+)?ayuda)\b", re.I)


def _sentences(body: str, first_line: int) -> list[tuple[int, str]]:
    """``(line, sentence)`` for each sentence of the page text; a sentence may span lines but not
    paragraphs, list items or headings."""
    found = []
    for match in re.finditer(r"[^.!?\n]+(?:\n(?![ \t]*(?:\n|[-*+][ \t]|#|\d+\.[ \t]))[^.!?\n]*)*[.!?]?", body):
        text = " ".join(match.group(0).split())
        if text:
            start = match.start() + len(match.group(0)) - len(match.group(0).lstrip())
            found.append((first_line + body.count("\n", 0, start), text))
    return found


def check_prose(scenario, result: dict) -> list[tuple[int, str]]:
    """(line, message) for each sentence of the page text that says how the reader plays at the showdown
    («juegas …») and contradicts the engine's play: «tus cinco cartas propias» or «sin ayuda» when the
    play uses an ayuda, or an ayuda named that the play does not use."""
    shown = _last_shows(result).get(YOU)
    if shown is None:
        return []
    item, deal = shown
    play = [Card.parse(c) for c in item["cards"]]
    ayudas = _ayudas(scenario, deal)
    used = [c for c in play if c in ayudas]
    engine_says = f"según el motor juegas {cards_text(play)}, " + (
        f"con la ayuda {cards_text(used)}" if used else "solo con tus cartas propias")
    found = []
    for line, sentence in _sentences(scenario.body, scenario.body_line):
        if used and _READER_HAS.search(sentence) and (match := _NO_AYUDA.search(sentence)):
            found.append((line, f"El texto dice «{match.group(0)}», pero {engine_says}. Corrige el texto."))
        if not _READER_PLAYS.search(sentence):
            continue
        for card in mentions(sentence):
            if card in ayudas and card not in play:
                found.append((line, f"El texto dice que juegas {card_name(card, article=True)} de las ayudas, "
                                    f"pero {engine_says}. Corrige el texto."))
    return found
