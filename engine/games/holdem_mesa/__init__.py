"""The Hold'em free table against bots (``holdem-mesa-*``, :mod:`.table`) and the step-by-step replay of
a PHH hand history (``holdem-replay-*``, :mod:`.replay`: imported files and share links)."""

from .table import HoldemFreeTable, holdem_mesa_next, holdem_mesa_start, holdem_mesa_step

__all__ = ["HoldemFreeTable", "holdem_mesa_next", "holdem_mesa_start", "holdem_mesa_step"]
