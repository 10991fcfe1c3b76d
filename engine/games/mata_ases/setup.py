"""The table a Mata Ases hand is dealt at: its seats, stakes and deals, and every reason it cannot be
played (reported as data, never raised here)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from ...cards import Card
from ...table.setup import Deal as TableDeal
from ...table.setup import Seat, SetupProblem, listed, seat_problems
from .rules import BETTINGS, MODALITIES
from .showdown import MAX_PLAYERS

__all__ = ["Deal", "Exposure", "MIN_PLAYERS", "Seat", "SetupProblem", "Stakes", "listed", "seat_problems",
           "table_problems"]

MIN_PLAYERS = 2


# ---------------------------------------------------------------------------------------------
# Set-up rules: each one written once, reported as data ("report, don't crash").
#
# The hand raises the first problem (:class:`~engine.table.errors.TableSetupError`), the protocol command answers it as
# ``RequestError(field, problem)`` and the author format reports each at the line of its field.

@dataclass(frozen=True)
class Stakes:
    """Table stakes: the minimum bet, the Botón Ante ante, the Bring In.

    >>> Stakes(minimum=50, bring_in=60).problems(["bring-in"])[0].sentence
    'En Bring In, el Bring In va de 1 ficha al mínimo de la mesa (50); se recibió 60.'
    """

    minimum: int
    ante: int = 0
    bring_in: int = 0

    def problems(self, modalities: Iterable[str] = MODALITIES) -> list[SetupProblem]:
        """What keeps these stakes from being played in any of ``modalities`` (empty when fine).

        A Botón Ante table needs an ante of at least 1 chip; a Bring In table a Bring In from 1
        chip to the minimum. The Bring In is only compared with a valid minimum (one cause, not
        a cascade).
        """
        modalities = tuple(modalities)
        found = []
        if self.minimum < 1:
            found.append(SetupProblem(
                "stakes.minimum", f"el mínimo de la mesa debe ser de al menos 1 ficha (se recibió {self.minimum})"))
        if self.ante < 0 or ("boton-ante" in modalities and self.ante < 1):
            found.append(SetupProblem(
                "stakes.ante", f"en Botón Ante hace falta un ante de al menos 1 ficha (se recibió {self.ante})"
                if "boton-ante" in modalities else f"el ante no puede ser negativo (se recibió {self.ante})"))
        if "bring-in" in modalities:
            if self.bring_in < 1:
                found.append(SetupProblem(
                    "stakes.bring_in",
                    f"en Bring In hace falta un Bring In de al menos 1 ficha (se recibió {self.bring_in})"))
            elif self.minimum >= 1 and self.bring_in > self.minimum:
                found.append(SetupProblem(
                    "stakes.bring_in",
                    f"en Bring In, el Bring In va de 1 ficha al mínimo de la mesa ({self.minimum}); "
                    f"se recibió {self.bring_in}"))
        elif self.bring_in < 0:
            found.append(SetupProblem("stakes.bring_in", f"el Bring In no puede ser negativo (se recibió {self.bring_in})"))
        return found


def table_problems(seats: Sequence[tuple[str, int]], *, button: str, modalities: Iterable[str], betting: str,
                   stakes: Stakes, same: Callable[[str], str] = str) -> list[SetupProblem]:
    """Every reason the table cannot be played, in the order of its fields (empty when fine).

    ``modalities`` are those the table is played in (one for a hand; a practice hand may be
    played in both). Each rule is checked once; a value that is already wrong is not reported
    again through the rules that depend on it.

    >>> table_problems([("Tú", 100), ("Ana", 100)], button="Beto", modalities=["bring-in"],
    ...                betting="fixed", stakes=Stakes(minimum=50, bring_in=25))
    [SetupProblem(field='button', problem='«Beto» no está sentado en la mesa')]
    """
    modalities = tuple(modalities)
    found = []
    unknown = [m for m in modalities if m not in MODALITIES]
    for modality in unknown:
        found.append(SetupProblem("modality", f"debe ser {listed(MODALITIES)} (recibido: «{modality}»)"))
    if betting not in BETTINGS:
        found.append(SetupProblem("betting", f"debe ser {listed(BETTINGS)} (recibido: «{betting}»)"))
    found += stakes.problems(m for m in modalities if m in MODALITIES)
    found += seat_problems(seats, players=(MIN_PLAYERS, MAX_PLAYERS), same=same)
    if seats and same(button) not in {same(name) for name, _ in seats}:
        found.append(SetupProblem("button", f"«{button}» no está sentado en la mesa"))
    return found


# ---------------------------------------------------------------------------------------------
# The seats and the deals.


@dataclass(frozen=True)
class Exposure:
    """The dealer exposes a card by mistake: ``card`` is its position (2-5) in ``player``'s order.

    The first card is dealt face up, so it cannot be exposed: :meth:`problem` refuses it. The
    second (the closed one) makes the deal void; the 3rd-5th come face up without a choice.

    >>> Exposure("Ana", 1).problem()
    'la primera carta se reparte boca arriba, así que no puede quedar expuesta por error: solo la segunda, la cerrada, anula el reparto'
    """

    player: str
    card: int

    def problem(self) -> str | None:
        """Why this exposure cannot happen (a Spanish clause, RequestError style), or None."""
        if self.card == 1:
            return ("la primera carta se reparte boca arriba, así que no puede quedar expuesta por error: solo la "
                    "segunda, la cerrada, anula el reparto")
        if not 2 <= self.card <= 5:
            return f"es la posición de la carta, de 2 a 5 (recibido: {self.card})"
        return None


class Deal(TableDeal):
    """The cards of one deal: five own cards per player in the order received, and three ayudas (its board)."""

    @classmethod
    def from_deck(cls, names: Sequence[str], deck: Sequence[Card], *, exposed: Iterable[Exposure] = ()) -> Deal:
        """Five cards per player (in ``names`` order, consecutive) and then three ayudas from ``deck``."""
        return super().from_deck(names, deck, own=5, board=3, exposed=exposed)
