"""Random no-limit Texas Hold'em hands played by PokerKit 0.7.7 and written as PHH: the oracle's side.

Dev-only: PokerKit is pinned in requirements-dev.txt and never imported by ``engine/`` or
``site_hooks/``. Used by ``tests/engine/games/holdem/test_holdem_oracle.py`` and ``benchmarks/bench_phh.py``.

:func:`random_hand` plays one seeded hand on a ``pokerkit.State`` (2-10 seats, random stacks with
short ones, random blinds, antes or a big-blind ante, random legal play) and records, before every
step, what the site's rules say comes next, in the shape of the ``holdem-hand`` reply's ``next``
(``docs: /work/briefs/holdem-hand-contract.md``). PokerKit answers the call amount, the raise-to
range and every other question, except where the site's rules differ from it; there the expectation
is the site's rule and the step names the difference:

- :data:`FREE_FOLD`: PokerKit refuses a fold when checking is free (``Mode.TOURNAMENT`` raises;
  ``Mode.CASH_GAME``, the mode of its ``HandHistory``, warns "There is no reason for this player to
  fold"). The site offers and accepts that fold (TDA: such a fold stands).
- :data:`SHORT_ALL_IN`: who may raise after an all-in short of a full bet or raise. TDA 47-A: such
  an all-in (or several of them adding up to less than a full bet or raise) does not reopen the
  betting for a player who has already acted and is not facing at least a full bet or raise when
  the action returns to him. PokerKit approximates it with a list of *consecutive* short all-ins
  since the last full raise, and it takes the blinds for no bet, so it differs both ways:
  a limper facing a short all-in raise pre-flop may re-raise in PokerKit (TDA: no, he faces less
  than a full raise); a player who checked facing an all-in bet below the minimum bet may raise in
  PokerKit (TDA: no); a bettor facing two short all-ins that add up to a full raise, then a third
  short one, may not raise in PokerKit (TDA: yes, he faces more than a full raise).
  The site follows TDA: a player who has acted in this round may raise again only when the amount
  to call is at least the full bet or raise of the round (the larger of the minimum bet and the
  largest full bet or raise so far), the same size PokerKit uses for the minimum raise.

- :data:`BLIND_FIRST`: a player in a blind with an ante who cannot post both. PokerKit posts the
  ante first and the blind from what is left; the site posts the blind first and the ante from what
  is left (its convention «ciega antes que ante», as the TDA's big-blind ante rule). Such a hand is
  played by PokerKit with that player's ante lowered to what the site takes, so every other
  question is still PokerKit's; its PHH keeps the antes as written.

- :data:`ODD_CHIPS`: PokerKit kills the hands that cannot win, then pots left with the same players
  are pushed as one, so a split's odd chips can fall otherwise than pot by pot; and it gives all
  the odd chips of a pot to its first winner. The site settles each pot on its own (TDA 21), its
  odd chips one by one to the winners from the first left of the button (TDA 20-A).
  The finishing stacks expected are settled here pot by pot (hands ranked by treys, a third
  evaluator); they must equal PokerKit's but for odd chips.
- :data:`LONE_BETTOR`: a betting round where only one player still in has chips and he owes
  nothing (the others all-in: after a free fold, or a big blind whose small blind is all-in for less
  when everybody else folds). PokerKit asks him to check or fold and writes his ``cc``; the site
  closes the round (nobody could answer a bet) and runs the board out. The hand is played on with
  PokerKit's check, written in the PHH (the site reads that ``cc`` and passes over it), and no step
  is asked of the site there.
- Antes: an ante from every player is that player's own chips when the pots are built (TDA 21;
  PokerKit's ``ante_trimming_status``, which the PHH written here sets); a single ante (a big-blind
  ante) is dead money for the table, which every player still in can win.

The hands only take actions both sides accept, so PokerKit's state stays the oracle to the end.
"""

from __future__ import annotations

import random
import warnings
from dataclasses import dataclass

from pokerkit import Automation, HandHistory, Mode, NoLimitTexasHoldem
from treys import Card as TreysCard
from treys import Evaluator
from pokerkit.state import (
    AntePosting,
    BetCollection,
    BoardDealing,
    CheckingOrCalling,
    CompletionBettingOrRaisingTo,
    Folding,
    HoleCardsShowingOrMucking,
    HoleDealing,
)

FREE_FOLD = "fold where a check is free (PokerKit refuses it; the site allows it: TDA)"
BLIND_FIRST = "a short blind with an ante (PokerKit: the ante first; the site: the blind first, the ante from what is left)"
ODD_CHIPS = ("odd chips (PokerKit merges pots left with the same players once losing hands are killed, and gives "
             "a pot's odd chips all to its first winner; the site: each pot on its own, odd chips one by one from "
             "the left of the button, TDA 20-A and 21)")
SHORT_ALL_IN = "raise after a short all-in (PokerKit's consecutive short all-ins; the site: TDA 47-A per player)"
LONE_BETTOR = ("a round where only one player can still bet and owes nothing (PokerKit asks him to check or fold; "
               "the site closes the round and runs the board out)")

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = tuple(r + s for r in RANKS for s in SUITS)
MUCK = 0.35
BIG_BLINDS = (2, 10, 20, 25, 50, 100, 200, 400, 1000)


@dataclass(frozen=True)
class Step:
    """Before the action at ``index`` (= how many PHH actions are given): what comes next."""

    index: int
    expected: dict
    differences: tuple[str, ...] = ()
    stacks: tuple[int, ...] = ()   # at a player's turn: the stacks and the bets of this round
    bets: tuple[int, ...] = ()


@dataclass(frozen=True)
class Hand:
    """One hand: the PHH fields, its actions, the steps and the finishing stacks (PHH order)."""

    seed: int | str  # or the name of a PHH file
    differences: tuple[str, ...]  # named differences of the whole hand (BLIND_FIRST)
    antes: tuple[int, ...]
    blinds: tuple[int, ...]
    min_bet: int
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    steps: tuple[Step, ...]
    finishing_stacks: tuple[int, ...]
    ante_trimming: bool = False

    def phh(self, count: int | None = None, *, finishing: bool = False) -> str:
        """The hand as PHH text, with its first ``count`` actions (all by default)."""
        actions = self.actions if count is None else self.actions[:count]
        lines = [
            "variant = 'NT'",
            f"ante_trimming_status = {'true' if self.ante_trimming else 'false'}",
            f"antes = {list(self.antes)}",
            f"blinds_or_straddles = {list(self.blinds)}",
            f"min_bet = {self.min_bet}",
            f"starting_stacks = {list(self.starting_stacks)}",
            "actions = [" + ", ".join(f"'{a}'" for a in actions) + "]",
        ]
        if finishing:
            lines.append(f"finishing_stacks = {list(self.finishing_stacks)}")
        return "\n".join(lines) + "\n"

    @property
    def players(self) -> int:
        return len(self.starting_stacks)


def trimming(antes) -> bool:
    """Whether the antes are each player's own chips for the pots: an ante from more than one player."""
    return sum(1 for ante in antes if ante) > 1


def new_state(antes, blinds, min_bet, stacks, ante_trimming: bool):
    """PokerKit's state for these PHH fields, as its ``HandHistory`` builds it (cash-game mode)."""
    return NoLimitTexasHoldem.create_state(AUTOMATIONS, ante_trimming, antes, blinds, min_bet, stacks, len(stacks),
                                           mode=Mode.CASH_GAME)


def site_antes(antes, blinds, stacks) -> list[int]:
    """The antes PokerKit must take for the site's «blind first, then the ante from what is left»."""
    n = len(stacks)
    taken = list(antes)
    for k, (ante, blind) in enumerate(zip(antes, blinds)):
        if ante and blind:
            stack = stacks[1 - k if n == 2 else k]  # heads-up PokerKit reads the positions reversed
            taken[k] = max(0, min(ante, stack - min(blind, stack)))
    return taken


def random_table(rng: random.Random, players: int | None = None):
    """Random PHH fields: seats, blinds, antes (none, every seat, or the big blind's) and stacks."""
    n = players or rng.randint(2, 10)
    big = rng.choice(BIG_BLINDS)
    small = rng.choice((big // 2, big // 2, big // 2, max(1, big // 4), max(1, big * 2 // 5)))
    kind = rng.random()
    if kind < 0.45:
        antes = [0] * n
    elif kind < 0.65:
        antes = [rng.randint(1, max(1, big // 4))] * n
    else:  # big-blind ante: written on the big blind's position only (index 1, heads-up too)
        antes = [0] * n
        antes[1] = rng.choice((big, big, rng.randint(1, big)))
    blinds = [small, big] + [0] * (n - 2)
    stacks = []
    for _ in range(n):
        depth = rng.random()
        if depth < 0.08:      # can hardly post: forced bets all-in
            stacks.append(rng.randint(1, 2 * big))
        elif depth < 0.40:    # short: all-ins and side pots
            stacks.append(rng.randint(2 * big, 15 * big))
        elif depth < 0.80:
            stacks.append(rng.randint(15 * big, 60 * big))
        else:
            stacks.append(rng.randint(60 * big, 250 * big))
    return antes, blinds, big, stacks


def short_ante_table(rng: random.Random, players: int | None = None):
    """PHH fields where the antes decide the pots: an ante from everybody and one to three players who
    can hardly post (a stack of at most a big blind and an ante), so that a blind is posted short, an ante
    partly or not at all, and a short all-in may win the main pot. At least two players post the whole
    ante: PokerKit then trims no ante (it gives back the part of the largest ante above the second,
    which, with the site's «blind first» lowering another's ante, would differ from the site's pots)."""
    n = players or rng.randint(3, 10)
    big = rng.choice(BIG_BLINDS[2:])
    ante = max(1, big // rng.choice((5, 10)))
    stacks = [rng.randint(15 * big, 80 * big) for _ in range(n)]
    for i in rng.sample(range(n), rng.randint(1, min(3, n - 2))):
        stacks[i] = rng.randint(1, big + ante)
    return [ante] * n, [big // 2, big] + [0] * (n - 2), big, stacks


def _phh_line(operation) -> str | None:
    """One PokerKit operation as a PHH action, as ``HandHistory.from_game_state`` writes it."""
    if isinstance(operation, HoleDealing):
        return f"d dh p{operation.player_index + 1} " + "".join(map(repr, operation.cards))
    if isinstance(operation, BoardDealing):
        return "d db " + "".join(map(repr, operation.cards))
    if isinstance(operation, Folding):
        return f"p{operation.player_index + 1} f"
    if isinstance(operation, CheckingOrCalling):
        return f"p{operation.player_index + 1} cc"
    if isinstance(operation, CompletionBettingOrRaisingTo):
        return f"p{operation.player_index + 1} cbr {operation.amount}"
    if isinstance(operation, HoleCardsShowingOrMucking):
        return (f"p{operation.player_index + 1} sm " + "".join(map(repr, operation.hole_cards))).strip()
    return None


def pokerkit_can_raise(state) -> bool:
    return state.can_complete_bet_or_raise_to()


def site_raise_range(state, acted: set[int], min_bet: int) -> tuple[int, int] | None:
    """The raise-to range the site's rules give the actor (None: no bet or raise), PokerKit's figures.

    Not covered by what is already bet, someone left who could call more, and TDA 47-A: a player who
    has acted in this round may raise again only facing at least a full bet or raise.
    """
    i = state.actor_index
    top = max(state.bets)
    call = top - state.bets[i]
    if state.stacks[i] <= call:
        return None  # covered: a call is all he can add
    if not any(j != i and state.statuses[j] and state.stacks[j] + state.bets[j] > top
               for j in range(state.player_count)):
        return None  # every other player has folded or is all-in: nobody could call a raise
    full = max(min_bet, state.completion_betting_or_raising_amount)
    if i in acted and call < full:
        return None  # TDA 47-A: not reopened for him
    most = state.stacks[i] + state.bets[i]
    return min(most, top + full), most


def expected_next(state, acted: set[int], min_bet: int) -> tuple[dict, tuple[str, ...]]:
    """The ``next`` of the reply for the actor's turn by the site's rules, and the named differences."""
    i = state.actor_index
    me = f"p{i + 1}"
    call = state.checking_or_calling_amount
    differences = []
    can = [{"action": "fold", "phh": f"{me} f"}]
    if call == 0:
        differences.append(FREE_FOLD)  # PokerKit: no fold here
        can.append({"action": "check", "phh": f"{me} cc"})
    else:
        can.append({"action": "call", "amount": call, "phh": f"{me} cc"})
    span = site_raise_range(state, acted, min_bet)
    if (span is not None) != pokerkit_can_raise(state):
        differences.append(SHORT_ALL_IN)
    elif span is not None:
        assert span == (state.min_completion_betting_or_raising_to_amount,
                        state.max_completion_betting_or_raising_to_amount), "the raise-to range is PokerKit's"
    if span is not None:
        can.append({"action": "bet" if max(state.bets) == 0 else "raise", "min": span[0], "max": span[1],
                    "phh": f"{me} cbr"})
    return {"player": me, "can": can}, tuple(differences)


def _choose(rng: random.Random, state, expected: dict, both_raise: bool, style: tuple[float, float]):
    """A random action both PokerKit and the site accept: ``('f'|'cc'|'cbr', amount)``; ``style``:
    the hand's chances of folding to a bet and of betting or raising."""
    can = {c["action"]: c for c in expected["can"]}
    call = state.checking_or_calling_amount
    folding, raising = style
    roll = rng.random()
    if call and roll < folding:
        return "f", None
    if not call and roll < 0.02:
        return "f", None  # the free fold: the site allows it
    raise_option = can.get("raise") or can.get("bet")
    if raise_option and both_raise and roll > 1 - raising:
        low, high = raise_option["min"], raise_option["max"]
        pick = rng.random()
        if pick < 0.35:
            return "cbr", low
        if pick < 0.55:
            return "cbr", high
        if pick < 0.8:
            return "cbr", min(high, max(low, max(state.bets) + state.total_pot_amount))  # about the pot
        return "cbr", rng.randint(low, high)
    return "cc", None


_EVALUATOR = Evaluator()


def site_settlement(starting, antes, collected, folded, mucked, board, holes, ante_trimming) -> tuple[list[int], bool]:
    """Finishing stacks by the site's rules, and whether a pot was split with odd chips: side pots at
    the levels of what each player not folded put in (his ante included when the antes are trimmed;
    otherwise the antes are dead money in the main pot), each pot to the best hand among its players
    who showed, its odd chips one by one to the winners from the left of the button (p1 first,
    heads-up too)."""
    n = len(starting)
    given = list(collected) if ante_trimming else [collected[i] - antes[i] for i in range(n)]
    won = [0] * n
    odd_chips = False
    inside = [i for i in range(n) if i not in folded]
    if len(inside) == 1:
        won[inside[0]] = sum(collected)
    else:
        cards = [TreysCard.new(c) for c in board]
        rank = {i: _EVALUATOR.evaluate([TreysCard.new(c) for c in holes[i]], cards)
                for i in inside if i not in mucked}
        dead = 0 if ante_trimming else sum(antes)
        low = 0
        for level in sorted({given[i] for i in inside}):
            amount = sum(min(g, level) - min(g, low) for g in given) + dead
            dead = 0
            players = [i for i in inside if given[i] >= level and i in rank]
            best = min(rank[i] for i in players)  # treys: lower is better
            winners = [i for i in players if rank[i] == best]
            share, odd = divmod(amount, len(winners))
            odd_chips = odd_chips or odd > 0
            for k, i in enumerate(winners):
                won[i] += share + (1 if k < odd else 0)
            low = level
    return [starting[i] - collected[i] + won[i] for i in range(n)], odd_chips


class RandomPlayer:
    """Cards from a shuffled deck and random legal play (see the module's docstring)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.style = rng.choice(((0.22, 0.38), (0.15, 0.25), (0.1, 0.12)))  # wild, lively, quiet (showdowns)
        self.deck = list(DECK)
        rng.shuffle(self.deck)

    def hole(self, player: int) -> list[str]:
        return [self.deck.pop() for _ in range(2)]

    def board(self, count: int) -> list[str]:
        return [self.deck.pop() for _ in range(count)]

    def show(self, state, player: int, may_muck: bool) -> bool:
        return not may_muck or self.rng.random() > MUCK

    def decide(self, state, expected: dict, both_raise: bool):
        others = sum(1 for j in range(state.player_count)
                     if j != state.actor_index and state.statuses[j] and state.stacks[j])
        if not state.checking_or_calling_amount and others == 1 and self.rng.random() < 0.25:
            return "f", None  # a free fold that leaves one player with chips: LONE_BETTOR next
        return _choose(self.rng, state, expected, both_raise, self.style)

    def lone_check(self, player: int) -> None:
        """PokerKit asks the lone bettor (:data:`LONE_BETTOR`): he checks."""


class ScriptedPlayer:
    """The cards and the actions of a PHH text, in its order (which must be PokerKit's)."""

    def __init__(self, actions) -> None:
        self.actions = list(actions)
        self.at = 0

    def _next(self, *start: str) -> list[str]:
        words = self.actions[self.at].split("#")[0].split()
        assert tuple(words[:len(start)]) == start, f"action {self.at} {self.actions[self.at]!r}: PokerKit wants {start}"
        self.at += 1
        return words[len(start):]

    @staticmethod
    def _cards(text: str) -> list[str]:
        return [text[i:i + 2] for i in range(0, len(text), 2)]

    def hole(self, player: int) -> list[str]:
        return self._cards(self._next("d", "dh", f"p{player + 1}")[0])

    def board(self, count: int) -> list[str]:
        return self._cards(self._next("d", "db")[0])

    def show(self, state, player: int, may_muck: bool) -> bool:
        return bool(self._next(f"p{player + 1}", "sm"))

    def decide(self, state, expected: dict, both_raise: bool):
        rest = self._next(expected["player"])
        return rest[0], int(rest[1]) if len(rest) > 1 else None

    def lone_check(self, player: int) -> None:
        """The ``cc`` PokerKit wrote for the lone bettor (:data:`LONE_BETTOR`)."""
        self._next(f"p{player + 1}", "cc")


def random_hand(seed: int, players: int | None = None, *, short_antes: bool = False) -> Hand:
    """One hand played by PokerKit at random from ``seed`` (``short_antes``: a :func:`short_ante_table`);
    see the module's docstring."""
    rng = random.Random(seed)
    antes, blinds, min_bet, stacks = (short_ante_table if short_antes else random_table)(rng, players)
    return play(seed, antes, blinds, min_bet, stacks, RandomPlayer(rng), trimming(antes))


def hand_of_phh(name: str, text: str) -> Hand:
    """A hand from a PHH text (as PokerKit writes them), replayed step by step by PokerKit."""
    import tomllib

    data = tomllib.loads(text)
    n = len(data["starting_stacks"])
    fields = [list(data[key]) + [0] * (n - len(data[key])) for key in ("antes", "blinds_or_straddles")]
    player = ScriptedPlayer(data["actions"])
    trimmed = data.get("ante_trimming_status", trimming(fields[0]))  # not given: the site's rule
    hand = play(name, *fields, data["min_bet"], list(data["starting_stacks"]), player, trimmed)
    assert player.at == len(player.actions), f"{name}: PokerKit ended the hand at action {player.at}"
    return hand


def play(seed, antes, blinds, min_bet, stacks, player, ante_trimming: bool) -> Hand:
    """Play one hand on PokerKit's state with ``player``'s cards and choices, recording each step."""
    agent = player
    lone = False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit's warning on the free fold, which the site allows
        played = site_antes(antes, blinds, stacks)
        state = new_state(played, blinds, min_bet, stacks, ante_trimming)
        actions: list[str] = []
        steps: list[Step] = []
        seen = 0
        acted: set[int] = set()
        street = state.street_index
        holes: dict[int, list[str]] = {}
        board: list[str] = []
        out: set[int] = set()  # folded or mucked
        folded: set[int] = set()

        def record():
            nonlocal seen
            for operation in state.operations[seen:]:
                line = _phh_line(operation)
                if line is not None:
                    actions.append(line)
            seen = len(state.operations)

        record()
        while state.status:
            if state.street_index != street:
                street = state.street_index
                acted = set()
            if state.can_burn_card():
                state.burn_card("??")
            elif state.can_deal_hole():
                who = state.hole_dealee_index
                steps.append(Step(len(actions), {"dealer": "hole", "player": f"p{who + 1}", "cards": 2}))
                holes[who] = agent.hole(who)
                state.deal_hole("".join(holes[who]), who)
            elif state.can_deal_board():
                count = state.board_dealing_count
                steps.append(Step(len(actions), {"dealer": "board", "cards": count}))
                cards = agent.board(count)
                board.extend(cards)
                state.deal_board("".join(cards))
            elif state.showdown_index is not None:
                # all-in: every hand is tabled (TDA 16); at the river a player may muck, unless
                # no other player still in has put as much (he alone could take a pot)
                who = state.showdown_index
                put = [-state.payoffs[j] - state.get_effective_ante(j) for j in range(len(stacks))]
                covered = any(j != who and j not in out and state.statuses[j] and put[j] >= put[who]
                              for j in range(len(stacks)))
                if agent.show(state, who, covered and not state.all_in_status):
                    state.show_or_muck_hole_cards(True, who)
                else:
                    state.show_or_muck_hole_cards(False, who)
                    out.add(who)
            elif state.actor_index is not None and not state.checking_or_calling_amount and not any(
                    j != state.actor_index and state.statuses[j] and state.stacks[j] for j in range(len(stacks))):
                agent.lone_check(state.actor_index)  # LONE_BETTOR: the site asks nothing here
                state.check_or_call()
                lone = True
            elif state.actor_index is not None:
                expected, differences = expected_next(state, acted, min_bet)
                steps.append(Step(len(actions), expected, differences, tuple(state.stacks), tuple(state.bets)))
                kind, amount = agent.decide(state, expected, SHORT_ALL_IN not in differences)
                actor = state.actor_index
                if kind == "f":
                    state.fold()
                    out.add(actor)
                    folded.add(actor)
                elif kind == "cc":
                    state.check_or_call()
                else:
                    state.complete_bet_or_raise_to(amount)
                acted.add(actor)
            else:  # pragma: no cover - PokerKit's automations do the rest
                raise AssertionError(f"hand {seed}: PokerKit is stuck")
            record()
    n = len(stacks)
    posted = [0] * n
    collected = [0] * n
    for operation in state.operations:
        if isinstance(operation, AntePosting):
            posted[operation.player_index] += operation.amount
        elif isinstance(operation, BetCollection):
            collected = [c + b for c, b in zip(collected, operation.bets)]
    site, odd_chips = site_settlement(stacks, posted, collected, folded, out - folded, board, holes, ante_trimming)
    differences = [BLIND_FIRST] if played != antes else []
    if lone:
        differences.append(LONE_BETTOR)
    if site != list(state.stacks):
        assert odd_chips and sum(site) == sum(state.stacks) and all(
            abs(a - b) < n for a, b in zip(site, state.stacks)), f"hand {seed}: settled otherwise than PokerKit"
        differences.append(ODD_CHIPS)
    return Hand(seed, tuple(differences), tuple(antes), tuple(blinds), min_bet, tuple(stacks), tuple(actions),
                tuple(steps), tuple(site), ante_trimming)


def pokerkit_replay(text: str) -> tuple[int, ...]:
    """PokerKit's ``HandHistory`` replay of one PHH text: the finishing stacks."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = None
        for state in HandHistory.loads(text):
            pass
    return tuple(state.stacks)


def pokerkit_written(hand: Hand) -> str:
    """The hand replayed by PokerKit and written out by PokerKit itself (``HandHistory.dumps``)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = HandHistory.loads(hand.phh())
        state = None
        for state in history:
            pass
        return HandHistory.from_game_state(history.create_game(), state, finishing_stacks=list(state.stacks)).dumps()
