"""The reader's controls for a decision, from the table: each legal option with its button and, where the
player chooses the amount, the allowed range in words, the all-in and a few quick amounts.

The page draws what this returns and restates nothing: the range beside the box («entre 100 y 1.500»),
an «All-in (1.500)» button wherever going all-in is legal, and quick amounts (the minimum, half the pot,
the pot) that fill the box. Every amount here is one of the option's legal amounts (clamped into its range).

Pot-sized amounts follow the usual convention: a bet of the pot is the chips in the middle; a raise of
the pot is a call first, then a raise by the pot that call leaves (round total ``target + pot + call``).
"""

from __future__ import annotations

from typing import Mapping

from ..spanish import amount
from .words import button

#: The quick amounts offered beside the box: (key, label, share of the pot; None: the option's minimum).
QUICK = (("min", "Mín. ({n})", None), ("half", "½ bote ({n})", (1, 2)), ("pot", "Bote ({n})", (1, 1)))

#: The all-in button's label.
ALL_IN = "All-in ({n})"

#: A call that puts every chip in: its button says so.
CALL_ALL_IN = "{label} (all-in)"

#: The range beside the box.
RANGE = "entre {low} y {high}"


def all_in_total(table, player: str, action: str) -> int:
    """The amount that puts every chip of ``player`` in: a bet's chips, a raise's round total."""
    return table.stacks[player] + (table.bets[player] if action == "raise" else 0)


def pot_share(table, player: str, action: str, share: tuple[int, int]) -> int:
    """A bet or raise of ``share`` of the pot, as the option's amount (a bet's chips, a raise's total)."""
    num, den = share
    if action == "bet":
        return table.pot * num // den
    call = table.target - table.bets[player]
    return table.target + (table.pot + call) * num // den


def decorate(table, player: str, option: Mapping) -> dict:
    """One legal option for the page: its button (:func:`engine.table.words.button`) plus, for a bet or
    raise, ``all_in`` (``{"amount", "label"}``, when going all-in is legal), and where the player chooses
    the amount, ``range`` (words) and ``quick`` (``[{"key", "amount", "label"}]``, legal, distinct, none
    equal to the all-in)."""
    out = button(option)
    action = option["action"]
    if action == "call" and option["amount"] == table.stacks[player]:  # the call puts every chip in
        out["label"] = CALL_ALL_IN.format(label=out["label"])
        out["all_in"] = {"amount": option["amount"], "label": out["label"]}
    if action not in ("bet", "raise"):
        return out
    low, high = option["min"], option["max"]
    shove = all_in_total(table, player, action)
    if high == shove:
        out["all_in"] = {"amount": shove, "label": ALL_IN.format(n=amount(shove))}
        if low == high:
            out["label"] = out["all_in"]["label"]
    if low == high:
        return out
    out["range"] = RANGE.format(low=amount(low), high=amount(high))
    quick, seen = [], {high} if "all_in" in out else set()
    for key, label, share in QUICK:
        n = low if share is None else min(max(pot_share(table, player, action, share), low), high)
        if n in seen:
            continue
        seen.add(n)
        quick.append({"key": key, "amount": n, "label": label.format(n=amount(n))})
    out["quick"] = quick
    return out


def controls(table) -> list[dict]:
    """Every legal option of the player to act, decorated for the page (:func:`decorate`)."""
    player = table.to_act
    return [decorate(table, player, option) for option in table.legal_actions()]
