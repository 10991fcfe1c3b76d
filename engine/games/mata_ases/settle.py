"""Settling a Mata Ases hand: showdown, the lone player, pots, extensions and the final split.

A mixin of :class:`~.hand.MataAsesHand`: it works on the hand's state and records its events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ... import spanish
from ...cards import Card
from ...evaluation import in_running_text
from ...pots import odd_chip_order, split_pot
from ...spanish import listing, ordinal
from ...table.words import YOU, name_list, say, with_names
from .showdown import best_play, visible_value
from . import texts as T
from .pots import Pot, layered_pots, uncalled
from .records import PotResult
from .texts import CITE


@dataclass(frozen=True)
class _Shown:
    """What a player shows when the hand is settled."""

    name: str                 # lower case, for running text
    cards: tuple[Card, ...]   # the cards of the play
    kills: bool
    strength: int             # comparable among showdown plays (0 for a lone incomplete hand)


class Settlement:
    """Everything that happens once the betting of a deal is over."""

    def _return_uncalled(self) -> None:
        excess = uncalled(self.contributions)
        if excess is None:
            return
        p, amount = excess
        self.stacks[p] += amount
        self.contributions[p] -= amount
        self.pot -= amount
        self._emit("return", say(
            p, f"Nadie igualó toda tu apuesta: recuperas los {spanish.amount(amount)} que nadie pagó.",
            f"Nadie igualó toda la apuesta de {{p}}: recupera los {spanish.amount(amount)} que nadie pagó.",
        ), player=p, amount=amount, cite=CITE["convention"])

    def _showdown(self) -> None:
        self.street = "showdown"
        self.phase = None
        self.to_act = None
        self._return_uncalled()
        order, why = self.showdown_order()
        text = ("Showdown: todos destapan sus cinco cartas propias; cada uno juega esas cinco, o cuatro de ellas con "
                "una única ayuda. Solo cobra quien llega a par de Ases o más.")
        self._emit("showdown", text + why, cite=f"{CITE['showdown']} · {CITE['convention']}" if why else CITE["showdown"])
        shown: dict[str, _Shown] = {}
        for p in order:
            play = best_play(self.own[p], self.ayudas)
            self.is_open[p] = [True] * 5
            shown[p] = _Shown(self._play_name(play), play.cards, play.kills_aces, play.value.strength)
            self.shown[self.deal_index, p] = shown[p]
            self._emit("show", say(
                p, f"Enseñas {shown[p].name}: " + ("matas los Ases." if play.kills_aces else "no llegas a matar los Ases."),
                f"{{p}} enseña {shown[p].name}: " + ("mata los Ases." if play.kills_aces
                                                   else "no llega a matar los Ases."),
            ), player=p, cards=play.cards)
        self._settle(shown, lone=None)

    def showdown_order(self) -> tuple[list[str], str]:
        """Who shows first at the showdown, then clockwise, and why (a Spanish sentence, or "").

        The player who bet or raised last in the final round shows first; if nobody bet, the
        player who opened that round (the best visible hand). After an all-in runout everybody
        shows at once (listed from the button's left); so does everybody after a last round in
        which all checked (their cards are already face up).
        """
        live = self.live()
        if self._running_out:
            return self._dealing_order(live), ""
        already_open = all(all(self.is_open[q]) for q in live)  # everybody checked the last round
        first = self.aggressor if self.aggressor in live else None
        if first is not None:
            why = say(first, " Enseñas primero tú, que hiciste la última apuesta de la ronda final; después, los "
                             "demás hacia tu izquierda.",
                      " Enseña primero {p}, que hizo la última apuesta de la ronda final; después, los demás hacia "
                      "su izquierda.")
        else:
            first = self._round_opener if self._round_opener in live else None
            if first is None:  # the opener folded: the next live player on his left
                first = self.clockwise(self._round_opener or self.button, live)[0]
            why = say(first, " Nadie apostó en la última ronda: enseñas primero tú, que abrías la ronda, y después "
                             "los demás hacia tu izquierda.",
                      " Nadie apostó en la última ronda: enseña primero {p}, que abría la ronda, y después los "
                      "demás hacia su izquierda.")
        rest = [q for q in self.clockwise(first, live) if q != first]
        return [first] + rest, "" if already_open else why

    @staticmethod
    def _play_name(play) -> str:
        """``"doble par de Ases y Reyes"``; ``"carta alta (As)"`` for no combination."""
        if play.category == "high_card":
            return f"carta alta ({max(play.cards).rank.name_es})"
        return in_running_text(play.name, play.category)

    def _lone(self, p: str) -> None:
        self.street = "showdown"
        self.phase = None
        self.to_act = None
        self._return_uncalled()
        if self.pot == 0:
            self._finish()
            return
        own = self.own[p]
        self.is_open[p] = [True] * len(own)
        if len(own) == 5:
            play = best_play(own, self.ayudas)
            shown = _Shown(self._play_name(play), play.cards, play.kills_aces, play.value.strength)
            ayuda, no_pair = play.ayuda, play.category == "high_card"
        else:
            value = visible_value(own, self.ayudas if self.ayudas_open else ())
            name = "carta alta" if value.category == "high_card" else value.name
            shown = _Shown(name, value.cards, value.kills_aces, 0)
            ayuda, no_pair = value.ayuda, value.category == "high_card"
        self.shown[self.deal_index, p] = shown
        verdict = "que mata los Ases" if shown.kills else "que no mata los Ases"
        listed = ", ".join(c.name_es for c in own)
        if no_pair:  # a single card is no play
            play_text = say(p, "No tienes ni un par, así que no matas los Ases.",
                            "No tiene ni un par, así que no mata los Ases.")
        elif ayuda is None:
            play_text = say(p, f"Tu jugada: {shown.name}, {verdict}.", f"Su jugada: {shown.name}, {verdict}.")
        else:  # the cards of the play, the ayuda that completes it included
            cards = listing(c.name_es for c in shown.cards)
            play_text = say(p, f"Con la ayuda {ayuda.name_es} formas {shown.name} ({cards}), {verdict}.",
                            f"Con la ayuda {ayuda.name_es} forma {shown.name} ({cards}), {verdict}.")
        self._emit("show", say(
            p, f"Todos los demás se retiraron. Enseñas tus cartas ({listed}). " + play_text,
            f"Todos los demás se retiraron. {{p}} enseña sus cartas ({listed}). " + play_text,
        ), player=p, cards=shown.cards, cite=CITE["lone"])
        self._settle({p: shown}, lone=p)

    def _odd_chip_order(self, players: Sequence[str]) -> list[str]:
        """Who gets an odd chip first: the highest own card by suit (spades > hearts > diamonds >
        clubs), every own card counting, not only those of the play (the stud practice)."""
        return odd_chip_order(players, self.own)

    def _odd_chip_note(self, q: str) -> str:
        card = max(self.own[q])
        return say(q, f" La ficha que no se puede dividir es para ti: tienes la carta propia más alta por palo, "
                      f"{T.the(card)}.",
                   f" La ficha que no se puede dividir es para {{p}}: tiene la carta propia más alta por palo, "
                   f"{T.the(card)}.")

    def _shares(self, amount: int, players: Sequence[str]) -> dict[str, int]:
        return split_pot(amount, self._odd_chip_order(players))

    @staticmethod
    def _labels(count: int) -> list[str]:
        if count == 1:
            return ["el pozo"]
        if count == 2:
            return ["el pozo principal", "el pozo secundario"]
        return ["el pozo principal"] + [f"el pozo secundario {i}" for i in range(1, count)]

    def _settle(self, shown: dict[str, _Shown], *, lone: str | None) -> None:
        pots = layered_pots(self.contributions, self.live(), dead=sum(self.antes.values()))
        labels = self._labels(len(pots))
        if any(s.kills for s in shown.values()):
            for index in range(len(pots) - 1, -1, -1):  # side pots first, the main pot last
                pot, label = pots[index], labels[index]
                contenders = [q for q in pot.eligible if q in shown]
                best = max(shown[q].strength for q in contenders)
                winners = [q for q in contenders if shown[q].strength == best]
                killer_here = any(shown[q].kills for q in contenders)
                self._award(pot, label, winners, shown, killer_here=killer_here, lone=lone is not None)
            self._finish()
            return
        claimants = self.extension_players()
        if lone is not None:
            self._emit("no_winner", say(
                lone, f"No matas los Ases: aunque seas el único que queda, no cobras el pozo de {spanish.amount(self.pot)}.",
                f"{{p}} no mata los Ases: aunque sea el único que queda, no cobra el pozo de {spanish.amount(self.pot)}.",
            ), player=lone, amount=self.pot, cite=CITE["lone"])
        else:
            self._emit("no_winner", f"Nadie mata los Ases: el pozo de {spanish.amount(self.pot)} no se cobra.",
                       amount=self.pot, cite=CITE["kill"])
        if len(claimants) >= 2 and self.extensions < self.max_extensions:
            self._start_extension(claimants, lone=lone)
            return
        self._split(claimants, shown, lone=lone)
        self._finish()

    def paid_in_this_deal(self, player: str) -> bool:
        """Whether ``player`` put chips in the pot during the current deal (ante included)."""
        bets, antes = self._deal_start
        return self.contributions[player] + self.antes[player] > bets[player] + antes[player]

    def extension_players(self) -> list[str]:
        """Who plays an extension of the current deal, in seat order: the players who paid (put
        chips in the pot during this deal, the ante included, even if they folded later) or
        reached the showdown (the guide: «pagaron o llegaron al showdown»)."""
        return [q for q in self._participants if q not in self.folded or self.paid_in_this_deal(q)]

    def _award(self, pot: Pot, label: str, winners: list[str], shown: Mapping[str, _Shown], *,
               killer_here: bool, lone: bool) -> None:
        shares = self._shares(pot.amount, winners)
        self.pot -= pot.amount
        self.results.append(PotResult(pot.amount, tuple(q for q in self.names if q in shares)))
        odd = pot.amount % len(winners)
        base_cite = CITE["lone"] if lone else CITE["showdown"] if killer_here else CITE["side_pots"]
        note = "" if killer_here else (" En este pozo nadie mata los Ases, pero en otro sí: se lo lleva la mejor "
                                       "jugada de cinco cartas.")
        for q in winners:
            share = shares[q]
            cite = base_cite
            self.stacks[q] += share
            if len(winners) == 1:
                text = say(q, f"Ganas {label} de {spanish.amount(pot.amount)}.", f"{{p}} gana {label} de {spanish.amount(pot.amount)}.")
            else:
                others = with_names([w for w in winners if w != q])
                text = say(q, f"Empatas {others}: te llevas {spanish.amount(share)} {T.of(label)} de {spanish.amount(pot.amount)}.",
                           f"{{p}} empata {others}: se lleva {spanish.amount(share)} {T.of(label)} de {spanish.amount(pot.amount)}.")
                if odd and share > pot.amount // len(winners):
                    text += self._odd_chip_note(q)
                    cite = f"{cite} · {CITE['convention']}"
            self._emit("win", text + note, player=q, amount=share, cards=shown[q].cards, cite=cite)

    def _split(self, claimants: list[str], shown: Mapping[str, _Shown], *, lone: str | None) -> None:
        pots = layered_pots(self.contributions, claimants, dead=sum(self.antes.values()))
        labels = self._labels(len(pots))
        for index in range(len(pots) - 1, -1, -1):
            pot, label = pots[index], labels[index]
            receivers = list(pot.eligible)
            shares = self._shares(pot.amount, receivers)
            for q in receivers:
                self.stacks[q] += shares[q]
            self.pot -= pot.amount
            self.results.append(PotResult(pot.amount, tuple(q for q in self.names if q in shares)))
            if len(receivers) == 1:
                q = receivers[0]
                text = say(q, f"Nadie más puede optar {T.to(label)} de {spanish.amount(pot.amount)}: te lo llevas.",
                           f"Nadie más puede optar {T.to(label)} de {spanish.amount(pot.amount)}: se lo lleva {{p}}.")
                cite = CITE["convention"]
            else:
                parts = [f"{spanish.amount(shares[q])} para {'ti' if q == YOU else q}" for q in receivers]
                listed = listing(parts)
                text = (f"Tras {spanish.count_word(self.extensions)} extensiones sin ganador, {label} de {spanish.amount(pot.amount)} se reparte "
                        f"entre {name_list(receivers)}: {listed}.")
                extra = [q for q in receivers if shares[q] > pot.amount // len(receivers)]
                for q in self._odd_chip_order(extra):
                    text += self._odd_chip_note(q)
                cite = CITE["extension"] + (f" · {CITE['convention']}" if extra else "")
            self._emit("split", text, amount=pot.amount, cite=cite)

    def _start_extension(self, claimants: list[str], *, lone: str | None) -> None:
        folded = set(self.folded)
        self.extensions += 1
        self.deal_index += 1
        self.button = self.clockwise(self.button, claimants)[0]
        self._setup_deal(claimants)
        nth = ordinal(self.extensions)
        came_back = [q for q in self._participants if q in folded]
        who = f"entre {name_list(self._participants)}"
        if not came_back:
            who += ", que llegaron al showdown"
            cite = CITE["extension"]
        else:
            reached = "quien queda" if lone is not None else "quienes llegaron al showdown"
            who += (f": la juegan {reached} y quienes pagaron en este reparto aunque luego se retiraran "
                    f"({name_list(came_back)})")
            cite = f"{CITE['extension']} · {CITE['convention']}"
        if self.modality != "boton-ante":
            forced = " La extensión se juega sin Bring In: abre la carta abierta más alta."
        elif self.stacks[self.button] > 0:
            forced = " Habrá nuevo ante del botón."
        else:
            forced = say(self.button, " No pones ante: estás all-in, sin fichas.",
                         " {p} no pone ante: está all-in, sin fichas.")
        self._emit("extension", (
            f"Se juega la {nth} extensión {who}. El pozo de {spanish.amount(self.pot)} sigue en juego. "
            + say(self.button, "Ahora tienes tú el botón", "Ahora tiene el botón {p}")
            + f", el siguiente jugador activo a la izquierda.{forced}"
        ), player=self.button, amount=self.pot, cite=cite)
        self._begin_deal()

    def _finish(self) -> None:
        self.status = "over"
        self.phase = None
        self.to_act = None
        self.street = "showdown"
        if self.extensions:
            after = self.clockwise(self.original_button, [q for q in self.names if self.stacks[q] > 0])
            nxt = after[0] if after else self.original_button
            self._emit("button", say(
                nxt, "Terminadas las extensiones, el botón vuelve adonde habría ido sin ellas: la próxima mano "
                     "lo tienes tú.",
                "Terminadas las extensiones, el botón vuelve adonde habría ido sin ellas: la próxima mano lo "
                "tiene {p}.",
            ), player=nxt, cite=CITE["extension"])
        self._emit("hand_end", "Termina la mano.")
