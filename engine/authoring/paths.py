"""The reader's paths through a practice hand, as the check explores them (every game alike).

A :class:`ReaderPath` is what the explorer (:func:`engine.authoring.check.explore_paths_steps`) carries
along a path of reader decisions and hands to its ``visit(hand, path)`` hook: the decisions in words
(for the check's messages and the workshop's list) and as ``play-start`` takes them (``reader``).

>>> from engine.table.game import Move
>>> path = ReaderPath("bring-in", "Bring In").then(Move("call"), "1ª ronda").then(Move("raise", 40))
>>> path.text
'en Bring In si tú: pagas (1ª ronda), subes a 40'
>>> path.reader
({'action': 'call'}, {'action': 'raise', 'amount': 40})
>>> ReaderPath(None).then(Move("check"), "flop").text, ReaderPath(None).text
('si tú: pasas (flop)', 'antes de tu primera decisión')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..table.game import Move
from ..table.words import form

__all__ = ["ReaderPath", "path_text"]


@dataclass(frozen=True)
class ReaderPath:
    """The reader's decisions along one path, from the start of the hand: its ``variant`` (a Mata Ases
    hand's modality; None for a game without them) and the variant's ``name``, each decision in words
    (``words``: «pagas (1ª ronda)») and as the protocol takes it (``reader``: ``{"action", "amount"?}``;
    never changed once made)."""

    variant: str | None
    name: str = ""
    words: tuple[str, ...] = ()
    reader: tuple[dict, ...] = ()

    def then(self, move: Move, when: str | None = None) -> ReaderPath:
        """This path followed by the reader's ``move``, made in the round or street named ``when``."""
        word = form(move.action, "second", move.amount)
        return ReaderPath(self.variant, self.name, self.words + (f"{word} ({when})" if when else word,),
                          self.reader + (move.as_json(),))

    def __len__(self) -> int:
        return len(self.reader)

    @property
    def text(self) -> str:
        """The path in words, as the check's messages and the workshop's list say it."""
        return path_text(list(self.words), self.name)


def path_text(path: list[str], name: str = "") -> str:
    """A path of reader decisions in words: «en Bring In si tú: pasas, pagas» (without «en …» for a game
    without variants: ``name`` empty).

    >>> path_text([], "Botón Ante")
    'en Botón Ante antes de tu primera decisión'
    """
    where = f"en {name} " if name else ""
    if not path:
        return f"{where}antes de tu primera decisión"
    return f"{where}si tú: " + ", ".join(path)
