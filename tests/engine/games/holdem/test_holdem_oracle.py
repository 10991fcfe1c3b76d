"""PokerKit 0.7.7 as an oracle for ``holdem-hand``: seeded random no-limit hands, checked at every step.

Each hand (``tests/engine/games/holdem/pokerkit_hands.py``: 2-10 seats, random stacks with short ones, blinds,
antes or a big-blind ante, random legal play with folds, checks, calls, minimum and random raises
and all-ins) is played by PokerKit; before every step the PHH so far goes to the engine
(``engine.protocol.answer``, in-process) and the reply must give what PokerKit gives: whose turn,
the legal actions, the amount to call and the raise-to range (or the dealer's next step), the
stacks and the bets; at the end the finishing stacks. Where the site's rules differ from PokerKit's
the site's rule is what is expected and the difference is named (``FREE_FOLD``, ``SHORT_ALL_IN``;
see that module). At some steps an illegal action is sent too: it must be refused with a code at
its index.

Default budget: a few hundred hands (seconds); ``make fuzz`` (``FUZZ_EXAMPLES``) raises it.
"""

from __future__ import annotations

import os
import random
import tomllib
from functools import cache
from pathlib import Path

import pytest

from engine import protocol

pokerkit_hands = pytest.importorskip("tests.engine.games.holdem.pokerkit_hands", reason="PokerKit (dev-only) not installed")
FREE_FOLD, SHORT_ALL_IN, BLIND_FIRST = pokerkit_hands.FREE_FOLD, pokerkit_hands.SHORT_ALL_IN, pokerkit_hands.BLIND_FIRST
LONE_BETTOR = pokerkit_hands.LONE_BETTOR

CORPUS = Path(__file__).parent / "phh" / "oracle"
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0"))
HANDS = EXAMPLES or 160
SHORT_ANTE_HANDS = EXAMPLES // 4 or 48
BATCHES = 4
KEYS = ("action", "amount", "min", "max", "phh")


def ask(text: str) -> dict:
    return protocol.answer("holdem-hand", {"phh": text})


@cache
def hands(batch: int) -> tuple:
    return tuple(pokerkit_hands.random_hand(seed) for seed in range(batch, HANDS, BATCHES))


def _options(reply: dict) -> list[dict]:
    return [{k: option[k] for k in KEYS if k in option} for option in reply["next"].get("can", ())]


def check_step(hand, step) -> str | None:
    """The first disagreement at ``step`` of ``hand``, as a message with the PHH so far (None: agree)."""
    text = hand.phh(step.index)
    reply = ask(text)
    where = f"seed {hand.seed}, step before action {step.index}\n{text}"
    if "error" in reply:
        return f"{where}\nexpected next {step.expected}, got the error {reply}"
    if reply["status"] != "playing" or "next" not in reply:
        return f"{where}\nexpected next {step.expected}, got status {reply['status']} and no next"
    got = reply["next"]
    if "dealer" in step.expected:
        if got != step.expected:
            return f"{where}\nexpected the dealer's step {step.expected}, got {got}"
        return None
    expected = step.expected
    if got.get("player") != expected["player"] or _options(reply) != expected["can"]:
        named = f" (named difference: {'; '.join(step.differences)})" if step.differences else ""
        return f"{where}\nexpected{named} {expected}\ngot      {got if 'can' not in got else {'player': got.get('player'), 'can': _options(reply)}}"
    if (tuple(reply["stacks"]), tuple(reply["bets"])) != (step.stacks, step.bets):
        return (f"{where}\nexpected stacks {list(step.stacks)} and bets {list(step.bets)}, got stacks "
                f"{reply['stacks']} and bets {reply['bets']}")
    return None


def illegal_actions(step, rng: random.Random):
    """Actions the rules refuse at this decision step, each with why (for the message)."""
    me = step.expected["player"]
    can = {option["action"]: option for option in step.expected["can"]}
    other = next((f"p{i}" for i in range(1, len(step.stacks) + 1) if f"p{i}" != me), None)
    yield f"{other} cc", "out of turn"
    raising = can.get("raise") or can.get("bet")
    if raising is None:
        yield f"{me} cbr {step.stacks[int(me[1:]) - 1] + step.bets[int(me[1:]) - 1]}", "no bet or raise allowed"
    else:
        if raising["min"] < raising["max"] and raising["min"] > 1:
            yield f"{me} cbr {raising['min'] - 1}", "below the minimum (not all-in)"
        yield f"{me} cbr {raising['max'] + rng.randint(1, 50)}", "beyond the stack"


def check_refusals(hand, step, rng: random.Random) -> str | None:
    actions = hand.actions[:step.index]
    for action, why in illegal_actions(step, rng):
        text = hand.phh(step.index).replace(
            "actions = [" + ", ".join(f"'{a}'" for a in actions) + "]",
            "actions = [" + ", ".join(f"'{a}'" for a in (*actions, action)) + "]")
        reply = ask(text)
        if "error" not in reply or not reply.get("code") or reply.get("at") != step.index:
            return (f"seed {hand.seed}: '{action}' ({why}) must be refused with a code at {step.index}\n{text}\n"
                    f"got {reply if 'error' in reply else {k: reply.get(k) for k in ('status', 'next')}}")
    return None


def check_hand(hand, rng: random.Random) -> list[str]:
    problems = []
    for step in hand.steps:
        problem = check_step(hand, step)
        if problem is None and "can" in step.expected and rng.random() < 0.15:
            problem = check_refusals(hand, step, rng)
        if problem:
            problems.append(problem)
            break  # the rest of the hand follows from the first disagreement
    reply = ask(hand.phh(finishing=True))
    if "error" in reply or reply.get("finishing_stacks") != list(hand.finishing_stacks):
        problems.append(f"seed {hand.seed}: finishing stacks\n{hand.phh(finishing=True)}\nexpected "
                        f"{list(hand.finishing_stacks)}, got {reply.get('finishing_stacks', reply)}")
    return problems


@pytest.mark.parametrize("batch", range(BATCHES))
def test_every_step_of_random_hands_matches_pokerkit_or_the_named_rule(batch):
    rng = random.Random(batch)
    problems = [p for hand in hands(batch) for p in check_hand(hand, rng)]
    assert not problems, f"{len(problems)} disagreements; the first ones:\n\n" + "\n\n".join(problems[:3])


def test_the_hands_cover_what_they_must():
    """The generated hands reach every case the oracle is for (else it proves little)."""
    every = [hand for batch in range(BATCHES) for hand in hands(batch)]
    steps = [step for hand in every for step in hand.steps]
    seats = {hand.players for hand in every}
    assert seats == set(range(2, 11))
    assert any(FREE_FOLD in step.differences for step in steps)
    assert any(SHORT_ALL_IN in step.differences for step in steps)
    assert any(BLIND_FIRST in hand.differences for hand in every)
    assert any(LONE_BETTOR in hand.differences for hand in every), "a round only one player could bet in"
    assert any(LONE_BETTOR in hand.differences and any(a.endswith(" f") for a in hand.actions) for hand in every)
    assert any(hand.antes[1] and not any(hand.antes[2:]) and not hand.antes[0] for hand in every), "big-blind ante"
    assert any(len(set(hand.antes)) == 1 and hand.antes[0] for hand in every), "antes on every seat"
    assert any(" sm" in a and a.endswith("sm") for hand in every for a in hand.actions), "a muck at showdown"
    pots = [hand for hand in every if sum(1 for s in hand.finishing_stacks if s == 0) >= 2]
    assert len(pots) > len(every) // 20, "busted players: all-ins with side pots"
    actions = {a.split()[1] for hand in every for a in hand.actions if not a.startswith("d ")}
    assert actions == {"f", "cc", "cbr", "sm"}


@cache
def short_ante_hands() -> tuple:
    return tuple(pokerkit_hands.random_hand(10_000 + seed, short_antes=True) for seed in range(SHORT_ANTE_HANDS))


def test_antes_from_everybody_with_players_who_can_hardly_post_match_pokerkit():
    """An ante from every player is his own chips when the pots are built (TDA 21; PokerKit's ante
    trimming): hands where blinds and antes are posted short, checked at every step and at the end. The
    same hands with the antes as dead money end otherwise, so these hands test the rule."""
    rng = random.Random(7)
    problems = [p for hand in short_ante_hands() for p in check_hand(hand, rng)]
    assert not problems, f"{len(problems)} disagreements; the first ones:\n\n" + "\n\n".join(problems[:3])
    dead = [ask(hand.phh(finishing=True).replace("ante_trimming_status = true", "ante_trimming_status = false"))
            for hand in short_ante_hands()]
    assert sum(reply.get("finishing_stacks") != list(hand.finishing_stacks)
               for reply, hand in zip(dead, short_ante_hands())) >= 2


def test_pokerkit_replays_its_own_writing_of_each_hand_to_the_same_stacks():
    """The oracle's self-test: the PHH written here, replayed by PokerKit's ``HandHistory`` and written
    out by PokerKit again, ends with the stacks of the hand as played."""
    for hand in [hand for hand in hands(0) if not hand.differences][:20]:
        assert pokerkit_hands.pokerkit_replay(hand.phh()) == hand.finishing_stacks
        written = pokerkit_hands.pokerkit_written(hand)
        assert f"actions = [{', '.join(repr(a) for a in hand.actions)}]" in written
        assert pokerkit_hands.pokerkit_replay(written) == hand.finishing_stacks


def test_pokerkit_written_phh_replays_to_pokerkit_s_finishing_stacks():
    """PHH text as PokerKit itself writes it (``HandHistory.dumps``: ``ante_trimming_status``,
    ``finishing_stacks``) is read by the engine to the same finishing stacks."""
    problems = []
    for hand in [hand for hand in hands(1) if not hand.differences][:30]:
        written = pokerkit_hands.pokerkit_written(hand)
        reply = ask(written)
        if reply.get("finishing_stacks") != list(hand.finishing_stacks):
            problems.append(f"{written}\nexpected {list(hand.finishing_stacks)}, got "
                            f"{reply.get('finishing_stacks', reply)}")
    assert not problems, f"{len(problems)} hands differ; the first:\n" + problems[0]


def test_pokerkit_s_step_by_step_replay_of_a_hand_s_phh_gives_the_same_steps():
    """The oracle's self-test: the hand read back from its PHH (as the corpus below is) has the same
    actions, steps and finishing stacks as the hand played."""
    for hand in hands(2)[:20]:
        again = pokerkit_hands.hand_of_phh(hand.seed, hand.phh())
        assert (again.actions, again.steps, again.finishing_stacks) == (hand.actions, hand.steps,
                                                                        hand.finishing_stacks)


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.phh")), ids=lambda path: path.stem)
def test_famous_hands_match_pokerkit_at_every_step(path):
    """The hands of tests/engine/phh/oracle/ (televised hands as PokerKit plays them in its own tests
    and documentation; the TDA's 47-A examples), checked like the random ones at every step and at
    the end."""
    text = path.read_text(encoding="utf-8")
    hand = pokerkit_hands.hand_of_phh(path.name, text)
    written = tomllib.loads(text)["finishing_stacks"]
    assert list(pokerkit_hands.pokerkit_replay(text)) == written, "PokerKit's HandHistory reads the file so"
    assert list(hand.finishing_stacks) == written or pokerkit_hands.ODD_CHIPS in hand.differences
    problems = [p for p in (check_step(hand, step) for step in hand.steps) if p][:1]
    reply = ask(text)
    if reply.get("finishing_stacks") != list(hand.finishing_stacks):
        problems.append(f"finishing stacks: expected {list(hand.finishing_stacks)}, got "
                        f"{reply.get('finishing_stacks', reply)}")
    assert not problems, f"{path.name}:\n" + "\n\n".join(problems)
