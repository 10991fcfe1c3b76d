"""Issue 23 (doubtful): in Botón Ante each extension's new button posts the ante again, if they have chips
left (the rules page's fragment says so); the extension's announcement must not promise an ante that is
never posted. The announcement says instead that the all-in button posts no ante."""

from __future__ import annotations

import random
from functools import cache

from engine.games.mata_ases.command import play
from engine.games.mata_ases.simulate import random_decision, random_table
from engine.games.mata_ases.texts import WORDS
from engine.table.records import AntePosting, Dealing, Extending
from engine.table.texts import event as told


@cache
def extensions_with_a_broke_button(seeds=range(40), enough: int = 2):
    """(extension's event, the records after it, the hand) for extensions whose new button had no chips: the
    first ``enough`` of them in the seeded random hands (every extension met on the way is checked)."""
    found = []
    for seed in seeds:
        if len(found) >= enough:
            break
        rng = random.Random(seed)
        hand, error = play(random_table(rng, modality="boton-ante", exposure=0.0, early=0.0))
        assert error is None
        seen = 0
        while not hand.is_over:
            decision = random_decision(hand, rng)
            hand.act(decision["player"], decision["action"], decision.get("amount"))
            new, seen = hand.events[seen:], len(hand.events)
            for i, rec in enumerate(new):
                if not isinstance(rec, Extending):
                    continue
                after = new[i + 1:]
                antes = [r for r in after if isinstance(r, AntePosting)]
                if antes:
                    assert antes[0].player == rec.player  # the new button posts it
                else:
                    assert hand.stacks[rec.player] == 0  # no ante only when the button has no chips
                    found.append((told(rec, {}, words=WORDS, rules=hand.rules), after, hand))
    return tuple(found)


def test_a_new_button_without_chips_posts_no_ante():
    found = extensions_with_a_broke_button()
    assert found, "no extension with an all-in button in these seeds"
    for event, after, _ in found:
        assert isinstance(after[0], Dealing)


def test_the_extension_does_not_announce_an_ante_nobody_posts():
    for event, _, _ in extensions_with_a_broke_button():
        assert "nuevo ante" not in event["text"]
        assert "no pone ante" in event["text"] or "No pones ante" in event["text"]
