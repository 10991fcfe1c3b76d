"""Mata Ases's drills (its ``drills`` facet): who collects the pot at the showdown (``mata-ases-winner``),
what a player's play is (``mata-ases-hand``) and a decision at the table (``mata-ases-spot``).

``mata-ases-winner`` families: ``plain`` (one player kills the Aces), ``nobody-kills`` (extension),
``kings`` (a pair of Kings, which does not kill), ``one-ayuda`` (two ayudas would give a better hand; in
«difícil» they would even change who collects), ``ayuda-decides`` (a winner wins only thanks to the
ayuda) and ``split`` (two plays of the same value share the pot). ``mata-ases-hand``: ``plain`` and
``one-ayuda`` (the player would have more with two ayudas). ``mata-ases-spot``: a decision at the table,
``options`` (what you may do), ``call``, ``min-raise`` (a betting round on the table core with Mata Ases's
forced bets: :mod:`engine.drills.spots`) and ``card`` (which of your cards the table sees when you take the
next one closed: a hand of the free table, played to your card).
"""

from __future__ import annotations

import random

from typing import Any

from ...cards import DECK, Card, format_cards, mentions, parse_cards
from ...drills import MAX_SEED, DrillKinds, deal_until, own_check, quiz_fields
from ...drills.spots import Opening, spot_fields
from ...review.drill import FAMILIES as DECISION_FAMILIES
from ...review.drill import TOPICS as DECISION_TOPICS
from ...review.drill import decision_fields
from ...errors import EngineError
from ...evaluation import category_of, strength
from ...progress import Blame
from ...quiz import AnswerError, cards_display
from ...spanish import amount, card_name, ordinal
from ...table.words import YOU, say
from .play import GAME
from .rules import rules
from .showdown import Showdown, kills_aces, showdown, with_every_ayuda

DRILLS = DrillKinds()

NAMES = ("Ana", "Beto", "Carla", "David", "Elena")
_PLAYERS = {"fácil": (2, 3), "media": (3, 4), "difícil": (3, 5)}


def _take(deck: list[Card], rank: int, count: int) -> list[Card]:
    picked = [card for card in deck if card.rank == rank][:count]
    for card in picked:
        deck.remove(card)
    return picked


def _deal(rng: random.Random, n: int, family: str) -> tuple[dict[str, list[Card]], list[Card]]:
    """A deal for ``n`` players, stacked toward ``family`` (the family test decides, not this)."""
    deck = list(DECK)
    rng.shuffle(deck)
    hands: list[list[Card]] = [[] for _ in range(n)]
    ayudas: list[Card] = []
    who = rng.randrange(n)
    if family == "one-ayuda":
        rank = rng.randrange(2, 15)
        ayudas += _take(deck, rank, 2)
        hands[who] += _take(deck, rank, 1)
    elif family == "kings":
        hands[who] += _take(deck, 13, 2)
    elif family == "split":
        other = (who + 1 + rng.randrange(n - 1)) % n
        ranks = [14] + rng.sample(range(2, 14), 3)
        for rank in ranks:
            pair = _take(deck, rank, 2) if rank != 14 else _take(deck, 14, 4)
            if rank == 14:
                hands[who] += pair[:2]
                hands[other] += pair[2:]
            else:
                hands[who].append(pair[0])
                hands[other].append(pair[1])
    for hand in hands:
        while len(hand) < 5:
            hand.append(deck.pop())
    while len(ayudas) < 3:
        ayudas.append(deck.pop())
    rng.shuffle(ayudas)
    return {NAMES[i]: sorted(hand, reverse=True) for i, hand in enumerate(hands)}, ayudas


def _winners_without_limit(hands: dict[str, list[Card]], ayudas: list[Card]) -> list[str]:
    values = {name: with_every_ayuda(cards, ayudas) for name, cards in hands.items()}
    killers = [name for name, value in values.items() if kills_aces(value)]
    top = max((values[name] for name in killers), default=None)
    return [name for name in killers if values[name] == top]


def _in_family(family: str, level: str, hands: dict[str, list[Card]], ayudas: list[Card], result: Showdown) -> bool:
    plays, winners = result.plays, result.winners
    if family == "plain":
        return len(winners) == 1
    if family == "nobody-kills":
        return not winners
    if family == "kings":
        return any(p.category == "pair" and p.value.ranks[0] == 13 for p in plays.values())
    if family == "one-ayuda":
        if level == "difícil":
            return _winners_without_limit(hands, ayudas) != winners
        return any(category_of(with_every_ayuda(hands[n], ayudas)) != p.category for n, p in plays.items())
    if family == "ayuda-decides":
        for name in winners:
            if plays[name].ayuda is None:
                continue
            alone = strength(hands[name])
            rivals = [p.strength for n, p in plays.items() if n != name and p.kills_aces]
            if not kills_aces(alone) or any(alone < r for r in rivals):
                return True
        return False
    if family == "split":
        return len(winners) >= 2
    raise ValueError(family)


@DRILLS.kind("mata-ases-winner", {
    "fácil": (("plain", 3), ("nobody-kills", 3), ("kings", 3)),
    "media": (("plain", 1), ("nobody-kills", 2), ("kings", 2), ("one-ayuda", 3), ("ayuda-decides", 2)),
    "difícil": (("nobody-kills", 1), ("one-ayuda", 3), ("ayuda-decides", 2), ("split", 2), ("kings", 1)),
}, {
    "plain": "quién mata los Ases",
    "nobody-kills": "el mínimo para cobrar: par de Ases",
    "kings": "un par de Reyes",
    "one-ayuda": "una sola ayuda",
    "ayuda-decides": "la ayuda decide",
    "split": "jugadas que se parecen",
}, skills={
    "plain": ("mata-ases.kill-aces", "mata-ases.ranking"),
    "nobody-kills": ("mata-ases.extension", "mata-ases.kill-aces"),
    "kings": ("mata-ases.kill-aces",),
    "one-ayuda": ("mata-ases.one-ayuda", "mata-ases.kill-aces"),
    "ayuda-decides": ("mata-ases.one-ayuda", "mata-ases.ranking"),
    "split": ("mata-ases.ranking", "mata-ases.kill-aces"),
})
def _mata_ases_winner(rng: random.Random, level: str, family: str) -> dict:
    low, high = _PLAYERS[level]

    def deal():
        hands, ayudas = _deal(rng, rng.randint(low, high), family)
        return hands, ayudas, showdown(hands, ayudas)

    hands, ayudas, result = deal_until(rng, deal, lambda r: _in_family(family, level, *r))
    data = {"players": {name: format_cards(cards) for name, cards in hands.items()},
            "ayudas": format_cards(ayudas)}
    answer = {"winners": list(result.winners), "hands": {name: p.name for name, p in result.plays.items()}}
    spec = {"kind": "mata-ases", "ask": "winners", **data}
    question = "¿Quién se lleva el pozo? Si nadie mata los Ases, responde «nadie»."
    return quiz_fields(spec, question, data, answer)


@DRILLS.kind("mata-ases-hand", {
    "fácil": (("plain", 1),),
    "media": (("plain", 1), ("one-ayuda", 2)),
    "difícil": (("one-ayuda", 1),),
}, {
    "plain": "nombrar la jugada",
    "one-ayuda": "la jugada con una sola ayuda",
}, skills={"plain": ("mata-ases.hand-name",), "one-ayuda": ("mata-ases.hand-name", "mata-ases.one-ayuda")})
def _mata_ases_hand(rng: random.Random, level: str, family: str) -> dict:
    low, high = _PLAYERS[level]

    def deal():
        hands, ayudas = _deal(rng, rng.randint(low, high), family)
        result = showdown(hands, ayudas)
        tempted = [n for n, p in result.plays.items() if category_of(with_every_ayuda(hands[n], ayudas)) != p.category]
        return hands, ayudas, result, tempted

    hands, ayudas, result, tempted = deal_until(rng, deal, lambda r: family == "plain" or bool(r[3]))
    of = rng.choice(tempted if family == "one-ayuda" else sorted(hands))
    data = {"players": {name: format_cards(cards) for name, cards in hands.items()}, "ayudas": format_cards(ayudas)}
    spec = {"kind": "mata-ases", "ask": "hand", **data, "of": of}
    question = f"¿Qué jugada tiene {of}? Escribe la jugada con sus cartas (cinco propias, o cuatro y una ayuda)."
    return quiz_fields(spec, question, {**data, "of": of}, {"hand": result.plays[of].name})


# ---------------------------------------------------------------------------------------------
# A decision at the table.

_MINIMUMS = (20, 50, 100)


def _spot_rules(rng: random.Random):
    return rules("boton-ante", minimum=rng.choice(_MINIMUMS), betting=rng.choice(("no-limit", "no-limit", "fixed")))


def _spot_start(table, rng: random.Random) -> str:
    """The first round of Botón Ante (the button's ante, then the highest open card speaks), or a later round."""
    if rng.random() < 0.5:
        table.new_round(1)
        button = rng.choice(table.names)
        table.post_ante(button, table.rules.minimum // 2)
        table.open_betting(rng.choice(table.names))
        return say(button, "Primera ronda, en Botón Ante; el botón eres tú.", "Primera ronda, en Botón Ante; el botón es {p}.")
    street = rng.choice((3, 4, 5))
    table.new_round(street)
    table.open_betting(rng.choice(table.names))
    return f"Ronda de la {ordinal(street)} carta."


def _spot_stakes(table) -> str:
    minimum = amount(table.rules.minimum)
    return (f"Apuestas fijas de {minimum}: se apuesta o se paga exactamente eso y no se sube."
            if table.rules.betting == "fixed" else f"Sin límite; apuesta mínima {minimum}.")


_SPOT = Opening(_spot_rules, _spot_start, _spot_stakes)


@DRILLS.kind("mata-ases-spot", {
    "fácil": (("options", 2), ("card", 1)),
    "media": (("options", 1), ("call", 1), ("min-raise", 1), ("card", 1)),
    "difícil": (("options", 1), ("min-raise", 2), ("card", 1)),
}, {
    "options": "qué puedes hacer en tu turno",
    "call": "cuánto cuesta pagar",
    "min-raise": "la subida mínima",
    "card": "la carta abierta o la cerrada",
}, skills={"options": ("mata-ases.betting",), "call": ("mata-ases.betting",), "min-raise": ("mata-ases.betting",),
           "card": ("mata-ases.cards",)})
def _mata_ases_spot(rng: random.Random, level: str, family: str) -> dict:
    if family == "card":
        return _card_spot(rng)
    return spot_fields(rng, _SPOT, family, "mata-ases.betting")


def _to_card(rng: random.Random):
    """A hand of the free table (random legal decisions for everybody) at a card of the reader's, when he
    has a closed card; None when the hand ends first."""
    setup = {field["key"]: field["default"] for field in GAME.setup_form()}
    hand, _, _ = GAME.free_table(GAME.free_setup({**setup, "seed": rng.randrange(MAX_SEED), "exposures": False})).deal()
    while not hand.is_over:
        options = hand.legal_actions()
        actions = {o["action"] for o in options}
        if hand.to_act == YOU and actions >= {"up", "down"} and hand.closed_cards(YOU):
            return hand
        option = rng.choice([o for o in options if o["action"] != "fold"] or options)
        chips = option.get("min") if option["action"] in ("bet", "raise") else None
        hand.act(hand.to_act, option["action"], chips)
    return None


def _card_spot(rng: random.Random) -> dict:
    hand = deal_until(rng, lambda: _to_card(rng), lambda found: found is not None)
    shown, closed = list(hand.open_cards(YOU)), list(hand.closed_cards(YOU))
    hand.act(YOU, "down")
    opened = [c for c in hand.open_cards(YOU) if c not in shown]
    answer = opened[0]
    facts = ({"label": "Tus cartas abiertas", "cards": cards_display(shown)},
             {"label": "Tu carta cerrada", "cards": cards_display(closed)})
    steps = (f"Si pides la carta cerrada, la nueva llega boca abajo y la que tenías cerrada se descubre: "
             f"{card_name(answer, article=True)}.",)

    def read(text: Any) -> Card:
        named = mentions(text) if isinstance(text, str) else []
        if not named and isinstance(text, str):
            try:
                named = parse_cards(text)
            except EngineError:
                named = []
        if len(named) != 1:
            raise AnswerError("Escribe una carta, por ejemplo «K♦» o «el Rey de diamantes».")
        return named[0]

    def verdict(given: Card) -> tuple:
        said = card_name(given, article=True)
        return (given == answer, said, f"«{said}» no es la carta que se descubre.",
                ([Blame("mata-ases.cards", steps[0])], None))

    def checker(text: Any, reveal: bool) -> dict:
        return own_check(text, reveal, read=read, verdict=verdict, expected=card_name(answer, article=True),
                         solution=f"Se descubre {card_name(answer, article=True)}.", steps=steps)

    return {"question": "Te toca pedir tu carta siguiente y la pides cerrada. ¿Qué carta tuya queda a la vista?",
            "data": {"open": format_cards(shown), "closed": format_cards(closed)}, "answer": {"card": str(answer)},
            "explanation": steps, "hint": "Escribe una carta, por ejemplo «K♦» o «el Rey de diamantes».",
            "facts": facts, "checker": checker}


@DRILLS.kind("mata-ases-decision", DECISION_FAMILIES, DECISION_TOPICS,
             skills={"facing": ("mata-ases.play.facing",), "open": ("mata-ases.play.open",)})
def _decision(rng: random.Random, level: str, family: str):
    """A decision at the free table, graded by «Revisión de la mano» (:mod:`engine.review.drill`)."""
    return decision_fields(GAME, rng, family)
