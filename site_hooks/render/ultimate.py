"""Ultimate Texas Hold'em tables: the Blind and Trips pay tables, the Trips variants with their
house edge, the settlement table, the seed's four worked examples, the cheat sheet and the dealer's
figure. Every settlement is the engine's (through the protocol, as the browser asks for it)."""

from __future__ import annotations

from fractions import Fraction

from engine import spanish
from engine.games.holdem.rules import street_phrase
from site_hooks.html import Cell, Markup, block, join, table, tag
from site_hooks.markers import MarkerError
from site_hooks.render.common import Tabs, cards_html, category, figure, marker, no_args, one_arg, parse


def blind_rows(unit: int) -> list[dict]:
    """The Blind pay table as data: category, odds (None = push), net win for a Blind of ``unit``."""
    from engine.evaluation import CATEGORIES
    from engine.games.ultimate.rules import BLIND_TABLE

    rows = [{"category": c, "odds": Fraction(BLIND_TABLE[c]), "win": unit * Fraction(BLIND_TABLE[c])}
            for c in CATEGORIES if c in BLIND_TABLE]
    lowest = category(rows[-1]["category"]).lower()
    rows.append({"category": None, "label": f"Menos que {lowest}", "odds": None, "win": Fraction(0)})
    return rows


def trips_rows(unit: int, name: str | None = None) -> list[dict]:
    """A Trips pay table as data: category, odds (None = loses), net result for a Trips of ``unit``."""
    from engine.evaluation import CATEGORIES
    from engine.games.ultimate.rules import DEFAULT_TRIPS_TABLE, TRIPS_TABLES

    pays = TRIPS_TABLES[name or DEFAULT_TRIPS_TABLE]
    rows = [{"category": c, "odds": Fraction(pays[c]), "win": unit * Fraction(pays[c])}
            for c in CATEGORIES if c in pays]
    lowest = category(rows[-1]["category"]).lower()
    rows.append({"category": None, "label": f"Menos que {lowest}", "odds": None, "win": Fraction(-unit)})
    return rows


def _pay_table(rows: list[dict], *, name: str, bet: str, unit: int, otherwise: str, caption: object = None) -> Markup:
    body = []
    for row in rows:
        label = category(row["category"]) if row["category"] else row["label"]
        odds = spanish.odds(row["odds"]) if row["odds"] is not None else otherwise
        body.append([Cell(label, header=True, value=row["category"] or "-"),
                     Cell(odds, value=row["odds"] if row["odds"] is not None else "-"),
                     Cell(spanish.signed(row["win"]), value=row["win"], cls="rules-num")])
    return table(["Mano del jugador", "Paga", f"Resultado con {bet} {spanish.amount(unit)}"], body, name=name,
                 caption=caption)


@marker("uth-blind-table", "Tabla de pagos del Blind (con el resultado de un Blind de 100).")
def render_blind_table(args: list[str]) -> Markup:
    no_args("uth-blind-table", args)
    return block(_pay_table(blind_rows(100), name="uth-blind", bet="Blind", unit=100,
                            otherwise="Empate (se devuelve)",
                            caption="Solo cuando el jugador gana al crupier. Si pierde, el Blind se pierde."))


@marker("uth-trips-table", "Tabla de pagos de Trips del sitio (con el resultado de un Trips de 100).")
def render_trips_table(args: list[str]) -> Markup:
    from engine.games.ultimate.rules import DEFAULT_TRIPS_TABLE

    no_args("uth-trips-table", args)
    return block(_pay_table(trips_rows(100), name="uth-trips", bet="Trips", unit=100, otherwise="Pierde",
                            caption=f"Tabla {DEFAULT_TRIPS_TABLE}, la que usa este sitio. Se cobra gane quien gane."))


def trips_variants() -> list[dict]:
    """Every Trips table with its house edge as computed by the engine, best for the player first."""
    from engine.games.ultimate.rules import DEFAULT_TRIPS_TABLE, TRIPS_TABLES, trips_house_edge

    out = [{"name": name, "pays": pays, "edge": Fraction(trips_house_edge(name)),
            "default": name == DEFAULT_TRIPS_TABLE} for name, pays in TRIPS_TABLES.items()]
    return sorted(out, key=lambda v: v["edge"])


@marker("uth-trips-tables", "Las tablas de Trips de cada variante y su ventaja de la casa (calculada).")
def render_trips_tables(args: list[str]) -> Markup:
    from engine.evaluation import CATEGORIES

    no_args("uth-trips-tables", args)
    variants = trips_variants()
    categories = [c for c in CATEGORIES if any(c in v["pays"] for v in variants)]
    headers = ["Mano del jugador"] + [
        join([v["name"], tag("br"), "(este sitio)"]) if v["default"] else v["name"] for v in variants]
    rows = []
    for c in categories:
        rows.append([Cell(category(c), header=True, value=c)] + [
            Cell(spanish.odds(v["pays"][c]) if c in v["pays"] else "Pierde", value=v["pays"].get(c, "-"))
            for v in variants])
    lowest = category(categories[-1]).lower()
    rows.append([Cell(f"Menos que {lowest}", header=True, value="-")] + [Cell("Pierde", value="-") for _ in variants])
    rows.append([Cell("Ventaja de la casa", header=True, value="edge")] + [
        Cell(tag("strong", spanish.percent(v["edge"], 3)), value=v["name"], cls="rules-num") for v in variants])
    caption = ("Cada columna es una tabla de Trips; su nombre lista los pagos de escalera real a trío. "
               "Ordenadas de la más favorable para el jugador a la menos.")
    return block(table(headers, rows, name="uth-trips-variants", caption=caption))


def settle(*, ante: int, play: int, trips: int, player: str, dealer: str, board: str) -> tuple[dict, object]:
    """The protocol's ``uth-settle`` reply (what the browser gets) and the engine's settlement (for
    the hands and the outcome); the tests check that both agree.

    :raises MarkerError: if the protocol answers with an error.
    """
    from engine.games.ultimate.rules import DEFAULT_TRIPS_TABLE, settle as settle_hand
    from engine.protocol import answer

    request = {"ante": ante, "trips": trips, "play": play, "player": player.split(),
               "dealer": dealer.split(), "board": board.split(), "trips_table": DEFAULT_TRIPS_TABLE}
    reply = answer("uth-settle", request)
    if "error" in reply:
        raise MarkerError(f"el motor rechazó la mano {request}: {reply['error']}")
    result = settle_hand(ante=ante, play=play, trips=trips, player=parse(player), dealer=parse(dealer),
                         board=parse(board), trips_table=DEFAULT_TRIPS_TABLE)
    return reply, result


def _capital(text: str) -> str:
    """The engine's words (lower case, for running text) at the start of a cell."""
    return text[:1].upper() + text[1:]


#: One hand per settlement case (player, dealer, board); the engine settles each with bets of 100.
SETTLEMENT_CASES = (
    ("Gana el jugador y el crupier se clasifica", "As Ad", "Kc Kd", "9h 7c 4s 3d 2h", 1),
    ("Gana el jugador y el crupier no se clasifica", "Qs Qd", "Ac 8d", "9c 6h 3s 2d Jc", 1),
    ("Empate", "Kd 2h", "Qc 3d", "9c 8d 7h 6s 5c", 1),
    ("Gana el crupier y se clasifica", "9s 9h", "Kd Kc", "Ah 7c 4d 3s 2c", 1),
    ("Gana el crupier sin clasificarse", "Qh Jd", "Ah Kd", "9c 7s 4d 3h 2c", 1),
    ("El jugador se retira", "7s 2d", "Ah Kd", "9c 7c 4d 3h Jc", 0),
)


def _how(result, bet: str) -> tuple[str, str]:
    """How a bet ended, said as the seed's table says it, from the engine's reason code:
    ("1 a 1", "gana"), ("Empate (se devuelve)", "empate"), ("Pierde", "pierde"), ("—", "sin apuesta").
    When the player wins, the Blind is paid by its own table (a push below a straight included)."""
    found = result.bet(bet)
    if bet == "blind" and result.outcome == "win":
        return "Según la tabla del Blind", "tabla"
    if found.reason == "pays-even":
        return spanish.odds(found.odds), "gana"
    if found.reason.startswith("push-"):
        return "Empate (se devuelve)", "empate"
    if found.reason == "no-play":
        return "—", "sin apuesta"
    if found.reason.startswith("lose"):
        return "Pierde", "pierde"
    raise MarkerError(f"la tabla de liquidación no sabe decir «{found.reason}» ({bet})")


def settlement_rows() -> list[dict]:
    """The settlement table as data, each row computed by settling a real hand with bets of 100."""
    rows = []
    for label, player, dealer, board, play in SETTLEMENT_CASES:
        reply, result = settle(ante=100, play=100 * play, trips=0, player=player, dealer=dealer, board=board)
        rows.append({"label": label, "outcome": result.outcome, "qualifies": result.dealer_qualifies,
                     **{bet: _how(result, bet) for bet in ("ante", "play", "blind")},
                     "reply": reply, "result": result, "player": player, "dealer": dealer, "board": board})
    return rows


@marker("uth-settlement-table", "Tabla de liquidación de Ante, Play y Blind, calculada mano a mano.")
def render_settlement_table(args: list[str]) -> Markup:
    no_args("uth-settlement-table", args)
    body = []
    for row in settlement_rows():
        body.append([Cell(row["label"], header=True, value=row["outcome"])]
                    + [Cell(row[k][0], value=row[k][1]) for k in ("ante", "play", "blind")])
    return block(table(["Resultado", "Ante", "Play", "Blind"], body, name="uth-settlement",
                       caption="«1 a 1» significa que cobras lo mismo que apostaste. "
                               "«Empate» significa que la apuesta se te devuelve."))


#: The four worked examples of seed 003, with cards chosen to fit each description.
EXAMPLES = {
    1: {"ante": 100, "trips": 100, "play": 400, "street": "preflop",
        "player": "Ah 9h", "dealer": "Ks 5d", "board": "Kh 7h 4h 2c Jd"},
    2: {"ante": 100, "trips": 0, "play": 200, "street": "flop",
        "player": "Qs Qd", "dealer": "Ac 8d", "board": "9c 6h 3s 2d Jc"},
    3: {"ante": 100, "trips": 0, "play": 300, "street": "preflop",
        "player": "9s 9h", "dealer": "Kd Kc", "board": "Ah 7c 4d 3s 2c"},
    4: {"ante": 100, "trips": 100, "play": 100, "street": "river",
        "player": "Kd 2h", "dealer": "Qc 3d", "board": "9c 8d 7h 6s 5c"},
}


def _reason(result, bet: str) -> str:
    """Why a bet ended as it did: the engine's words, as a table cell (capital first)."""
    from engine.games.ultimate.rules import word_reason

    return _capital(word_reason(result.bet(bet)))


def example(number: int) -> dict:
    """One worked example as data: the bets, the cards, the engine's settlement and the reasons."""
    from engine.evaluation import name_es

    ex = EXAMPLES[number]
    reply, result = settle(ante=ex["ante"], play=ex["play"], trips=ex["trips"], player=ex["player"],
                           dealer=ex["dealer"], board=ex["board"])
    return {"number": number, **ex, "reply": reply, "result": result, "player_name": name_es(result.player),
            "dealer_name": name_es(result.dealer),
            "reasons": {bet: _reason(result, bet) for bet in ("ante", "blind", "play", "trips")}}


@marker("uth-example", "Un ejemplo resuelto de Ultimate Texas Hold'em (1 a 4), liquidado por el motor.")
def render_example(args: list[str]) -> Markup:
    number = one_arg("uth-example", args, [str(n) for n in EXAMPLES])
    ex = example(int(number))
    result, reply = ex["result"], ex["reply"]
    multiple = ex["play"] // ex["ante"]
    bets = [f"Ante {spanish.amount(ex['ante'])}", f"Blind {spanish.amount(ex['ante'])}"]
    if ex["trips"]:
        bets.append(f"Trips {spanish.amount(ex['trips'])}")
    bets.append(f"Play {multiple}x = {spanish.amount(ex['play'])} ({street_phrase(ex['street'])})")
    qualifies = "se clasifica" if result.dealer_qualifies else "no se clasifica"
    verdict = {"win": "Gana el jugador.", "tie": "Empate.", "lose": "Gana el crupier.",
               "fold": "El jugador se retira."}[result.outcome]
    hands = table(
        ["", "Cartas", "Mejor mano"],
        [[Cell("Jugador", header=True), cards_html(parse(ex["player"])),
          Cell(join([ex["player_name"], ": ", cards_html(result.player.cards)]), value=result.player.category)],
         [Cell("Crupier", header=True), cards_html(parse(ex["dealer"])),
          Cell(join([ex["dealer_name"], f" ({qualifies}): ", cards_html(result.dealer.cards)]),
               value=result.dealer.category)],
         [Cell("Mesa", header=True), cards_html(parse(ex["board"])), ""]],
        name=f"uth-example-{number}-hands", caption="Apuestas: " + ", ".join(bets) + ".")
    rows = []
    stakes = {"ante": ex["ante"], "blind": ex["ante"], "play": ex["play"], "trips": ex["trips"]}
    for key, label in (("ante", "Ante"), ("blind", "Blind"), ("play", "Play"), ("trips", "Trips")):
        if key == "trips" and not ex["trips"]:
            continue
        rows.append([Cell(label, header=True), Cell(spanish.amount(stakes[key]), cls="rules-num"),
                     ex["reasons"][key],
                     Cell(spanish.signed(Fraction(reply[key])), value=reply[key], cls="rules-num rules-net")])
    rows.append([Cell("Total", header=True), Cell(spanish.amount(sum(stakes.values())), cls="rules-num"), verdict,
                 Cell(spanish.signed(Fraction(reply["total"])), value=reply["total"], cls="rules-num rules-net")])
    nets = table(["Apuesta", "Apostado", "Por qué", "Resultado"], rows, name=f"uth-example-{number}",
                 caption="El resultado es lo que ganas (+) o pierdes (−), sin contar la apuesta que recuperas.")
    return block(hands, nets)


#: Units for the cheat sheet tabs.
CHEAT_SHEET_UNITS = (5, 10, 25, 100)
#: When each Play multiple may be bet.
PLAY_STREETS = {4: "preflop", 3: "preflop", 2: "flop", 1: "river"}


def play_rows(unit: int) -> list[dict]:
    from engine.games.ultimate.rules import PLAY_MULTIPLES

    return [{"multiple": k, "street": PLAY_STREETS[k], "bet": unit * k} for k in sorted(PLAY_MULTIPLES, reverse=True)]


@marker("uth-cheat-sheet", "Chuleta de pagos para Ante de 5, 10, 25 y 100, en pestañas.")
def render_cheat_sheet(args: list[str]) -> Tabs:
    no_args("uth-cheat-sheet", args)
    items = []
    for unit in CHEAT_SHEET_UNITS:
        blind = _pay_table(blind_rows(unit), name=f"uth-cheat-blind-{unit}", bet="Blind", unit=unit,
                           otherwise="Empate (se devuelve)",
                           caption=f"Blind {spanish.amount(unit)}, si ganas al crupier")
        trips = _pay_table(trips_rows(unit), name=f"uth-cheat-trips-{unit}", bet="Trips", unit=unit,
                           otherwise="Pierde", caption=f"Trips {spanish.amount(unit)}")
        play = table(["Cuándo", "Play", "Si ganas"],
                     [[Cell(_capital(street_phrase(r["street"])), header=True),
                       f"{r['multiple']}x = {spanish.amount(r['bet'])}",
                       Cell(spanish.signed(r["bet"]), value=r["bet"], cls="rules-num")] for r in play_rows(unit)],
                     name=f"uth-cheat-play-{unit}",
                     caption=f"Ante {spanish.amount(unit)}: si ganas y el crupier se clasifica, el Ante cobra "
                             f"{spanish.signed(unit)}; el Play cobra 1 a 1")
        items.append((f"Unidad {spanish.amount(unit)}",
                      block(Markup('<div class="rules-sheet">'), blind, trips, play, Markup("</div>"))))
    return Tabs(tuple(items))


@figure("uth-dealer-fails")
def _dealer_fails() -> str:
    from engine import stats

    return spanish.percent(Fraction(stats.dealer_nonqualification_rate()), 2)


@figure("uth-simple-strategy-raises")
def _simple_strategy_raises() -> str:
    from itertools import combinations

    from engine.cards import DECK
    from engine.games.ultimate.rules import simple_strategy_preflop

    return spanish.amount(sum(simple_strategy_preflop(hand) for hand in combinations(DECK, 2)))


@figure("uth-house-edge")
def _house_edge() -> str:
    from engine.games.ultimate.strategy import house_edge

    return spanish.percent(house_edge(), 3)


@figure("uth-session-grades")
def _session_grades() -> str:
    from engine.games.ultimate.session import grades_text

    return grades_text()


@figure("uth-simple-preflop-agrees")
def _simple_preflop_agrees() -> str:
    from engine.games.ultimate.strategy import simple_preflop_agreement

    return spanish.amount(simple_preflop_agreement()[0])


@figure("two-card-total")
def _two_card_total() -> str:
    from math import comb

    return spanish.amount(comb(52, 2))


@figure("uth-blind-flush-on-5")
def _blind_flush_on_5() -> str:
    from engine.games.ultimate.rules import settle

    result = settle(ante=5, play=20, player=parse("Ah 2h"), dealer=parse("Kc Kd"), board=parse("9h 7h 4h Ks 3c"))
    if result.player.category != "flush" or result.outcome != "win":
        raise MarkerError("uth-blind-flush-on-5: la mano de ejemplo ya no es un color ganador")
    return spanish.signed(result.blind)
