"""The reader's paths through a practice hand, as the check explores them (Mata Ases and Hold'em alike).

A :class:`ReaderPath` is what both explorers (:func:`engine.scenarios.check.explore_paths_steps`,
:func:`engine.scenarios.holdem_play.check_holdem`) carry along a path of reader decisions and hand to
their ``visit(state, path)`` hook: the decisions in words (for the check's messages and the workshop's
list) and as ``scenario-play`` / ``scenario-start`` take them (``reader``).

>>> path = ReaderPath("bring-in").then({"action": "call"}, "1ª ronda").then({"action": "raise", "amount": 40})
>>> path.text
'en Bring In si tú: pagas (1ª ronda), subes a 40'
>>> path.reader
({'action': 'call'}, {'action': 'raise', 'amount': 40})
>>> ReaderPath(None).then({"action": "check"}, "flop").text, ReaderPath(None).text
('si tú: pasas (flop)', 'antes de tu primera decisión')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..table.words import form
from .model import MODALITY_NAMES

__all__ = ["ReaderPath", "path_text"]

#: The reader's decisions that carry an amount (what they bet or raise to).
_WITH_AMOUNT = ("bet", "raise")


@dataclass(frozen=True)
class ReaderPath:
    """The reader's decisions along one path, from the start of the hand: ``modality`` (None for a game
    without modalities, such as Hold'em), each decision in words (``words``: «pagas (1ª ronda)») and as
    the protocol takes it (``reader``: ``{"action", "amount"?}``; never changed once made)."""

    modality: str | None
    words: tuple[str, ...] = ()
    reader: tuple[dict, ...] = ()

    def then(self, decision: dict, when: str | None = None) -> ReaderPath:
        """This path followed by the reader's ``decision`` (``{"action", "amount"?}``), made in the
        round or street named ``when``."""
        action = decision["action"]
        move = {"action": action, "amount": decision["amount"]} if action in _WITH_AMOUNT else {"action": action}
        word = form(action, "second", move.get("amount"))
        return ReaderPath(self.modality, self.words + (f"{word} ({when})" if when else word,), self.reader + (move,))

    def __len__(self) -> int:
        return len(self.reader)

    @property
    def text(self) -> str:
        """The path in words, as the check's messages and the workshop's list say it."""
        return path_text(list(self.words), self.modality)


def path_text(path: list[str], modality: str | None) -> str:
    """A path of reader decisions in words: «en Bring In si tú: pasas, pagas» (without «en …» for a game
    without modalities).

    >>> path_text([], "boton-ante")
    'en Botón Ante antes de tu primera decisión'
    """
    where = f"en {MODALITY_NAMES[modality]} " if modality else ""
    if not path:
        return f"{where}antes de tu primera decisión"
    return f"{where}si tú: " + ", ".join(path)
