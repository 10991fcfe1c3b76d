"""Progress: the skill catalogue covers everything the site checks, and each checked reply names its skills
and, when wrong, the one that failed and why (seeded wrong answers), or the game whose rules it follows."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine import protocol
from engine.drills import LEVELS, kind_of, kinds, make_drill
from engine.games import GAMES, owner
from engine.games.ultimate.trainer import MODES as TRAINER_MODES
from engine.games.ultimate.trainer import SKILLS as TRAINER_SKILLS
from engine.games.ultimate.trainer import SLOW_MS
from engine.progress import catalogue, check_games
from engine.quiz import question_kind

ROOT = Path(__file__).resolve().parents[3]
SKILLS = {s["id"]: s for s in catalogue()["skills"]}


@pytest.fixture(autouse=True)
def strict_blame(monkeypatch):
    """An analysis that fails raises here (in the site it leaves the reply without a reason)."""
    from engine.progress import blame

    monkeypatch.setattr(blame, "STRICT", True)
DOCS = ROOT / "docs"


def _slug(heading: str) -> str:
    """The anchor MkDocs gives a heading (mkdocs.yml: toc with Python-Markdown's default slugify)."""
    from markdown.extensions.toc import slugify

    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its words
    text = re.sub(r"[*_`]", "", text)  # emphasis and code: the words
    return slugify(text, "-")


def _anchors(url: str) -> set[str]:
    path = DOCS / url.strip("/") / "index.md"
    if not path.exists():
        path = DOCS / (url.strip("/") + ".md")
    assert path.exists(), url
    return {_slug(m.group(1)) for m in re.finditer(r"^#{1,6}\s+(.+?)\s*$", path.read_text(encoding="utf-8"), re.M)}


def test_the_catalogue_is_plain_json_and_the_command_gives_it():
    check_games()
    data = catalogue()
    assert json.loads(json.dumps(data)) == data
    assert data["version"] == 2 and [g["id"] for g in data["games"]] == list(GAMES)
    assert protocol.answer("progress-catalogue", {}) == data
    assert len(json.dumps(data, ensure_ascii=False)) < 20_000  # embedded in a page
    assert data["cards"]["Ah"] == {"card": "Ah", "text": "A♥", "name": "As de corazones", "red": True}


def test_every_rule_link_is_a_heading_of_the_site():
    for skill in catalogue()["skills"]:
        page, _, anchor = skill["rule"].partition("#")
        assert anchor in _anchors(page), (skill["id"], skill["rule"])


def test_every_skill_can_be_reviewed_by_a_drill_of_that_skill():
    """Every skill has a drill the engine deals for its family: «Repasar ahora» can serve every due skill."""
    for skill in catalogue()["skills"]:
        practice = skill["practice"]
        assert practice["command"] == "drill", skill["id"]
        request = practice["request"]
        assert request["family"] in {f for f, _ in kind_of(request["kind"]).families[request["level"]]}
        dealt = set()  # the practice deals items of the skill (a side-pot drill picks what it asks by seed)
        for seed in range(12):
            reply = protocol.answer("drill", {**request, "seed": seed})
            assert "error" not in reply and reply["family"] == request["family"], (skill["id"], reply)
            drill = make_drill(request["kind"], seed, request["level"], request["family"], request.get("ask"))
            dealt.update(kind_of(request["kind"]).skills_of(request["family"], drill.quiz))
            if skill["id"] in dealt or request["kind"] == "uth-strategy":  # a flop decision takes long: one seed
                break
        assert skill["id"] in dealt, skill["id"]


def test_the_path_of_each_game_goes_from_reading_to_playing_and_ticks_from_evidence():
    sources = set(kinds()) | {"uth-trainer-deal", "uth-session"}  # commands whose decisions count too
    for game, steps in catalogue()["path"].items():
        kinds_seen = [step["kind"] for step in steps]
        assert kinds_seen[0] == "read" and set(kinds_seen) <= {"read", "practice", "quiz", "drills", "table"}, game
        for step in steps:
            _anchors(step["url"])
            assert set(step["skills"]) <= set(SKILLS) and step["ticks"].startswith("Se marca"), step
            done = step["done_when"]
            assert "visit" not in done, "a visit is no evidence"
            if "read" in done or "answered" in done:
                assert done.get("read", done.get("page")) == step["url"], step
            elif "finished" in done:
                assert done == {"finished": "practice" if step["kind"] == "practice" else "free", "game": game}
            else:
                assert done["streak"] > 1 and set(done["of"]) <= sources
                assert {owner(s).id for s in done["of"]} == {game}, step


def test_every_drill_kind_and_family_maps_to_skills_of_its_game():
    for kind in kinds():
        spec_kind = kind_of(kind)
        families = {f for level in LEVELS for f, _ in spec_kind.families[level]}
        assert families == set(spec_kind.skills), kind
        for level in LEVELS:
            for family, _ in spec_kind.families[level]:
                if kind == "uth-strategy" and family.startswith("flop"):
                    continue  # a flop decision counts a million deals; the kind's tests deal some
                drill = make_drill(kind, 1, level, family)
                names = spec_kind.skills_of(family, drill.quiz)
                assert names and set(names) <= set(SKILLS), (kind, family)


def _quiz_pages():
    from engine.quiz.format import INFO, blocks, question

    for path in sorted(DOCS.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        if INFO not in text or path.name.startswith("_") or "desarrollo" in path.parts:
            continue
        found = [question(b) for b in blocks(text) if b.info == INFO]
        if found:
            yield path, found


def test_every_quiz_page_question_maps_to_skills():
    pages = list(_quiz_pages())
    assert {p.relative_to(DOCS).as_posix() for p, _ in pages} >= {
        "holdem/ponte-a-prueba.md", "mata-ases/quien-gana.md", "ultimate/ponte-a-prueba.md"}
    for path, questions in pages:
        for q in questions:
            names = question_kind(q.spec["kind"]).skills(q.spec)
            assert names and set(names) <= set(SKILLS), (path, q.spec)


def test_every_trainer_mode_maps_to_skills():
    assert set(TRAINER_MODES) == set(TRAINER_SKILLS) == set(SLOW_MS)
    for mode in TRAINER_MODES:
        assert set(TRAINER_SKILLS[mode]) <= set(SKILLS)


# ---------------------------------------------------------------------------------------------
# Seeded wrong answers: the blame and the reason.

def check(question: dict, answer: str, **extra) -> dict:
    reply = protocol.answer("quiz-check", {"question": question, "answer": answer, **extra})
    assert "error" not in reply, reply
    return reply["progress"]


def failed(progress: dict) -> dict[str, str]:
    return {s["id"]: s["why"] for s in progress["skills"] if not s["ok"]}


POTS = {"kind": "holdem-pots", "bets": {"Ana": 100, "Beto": 40, "Carla": 100, "David": 60}, "folded": ["David"]}


def test_side_pots_blame_who_is_eligible_apart_from_the_sum():
    eligible = check({**POTS, "ask": "eligible", "pot": 2}, "Ana, Carla y David")
    assert list(failed(eligible)) == ["holdem.side-pots.eligibility"]
    assert "David se retiró" in failed(eligible)["holdem.side-pots.eligibility"]
    short = check({**POTS, "ask": "eligible", "pot": 2}, "Ana, Beto y Carla")
    assert "los que optan al bote principal" in failed(short)["holdem.side-pots.eligibility"]
    other_pot = check({**POTS, "ask": "amount", "pot": 2}, "160")
    assert list(failed(other_pot)) == ["holdem.side-pots.sum"]
    assert "bote principal" in failed(other_pot)["holdem.side-pots.sum"]
    dead = check({**POTS, "ask": "amount", "pot": 2}, "120")
    assert "se retiró también cuentan" in failed(dead)["holdem.side-pots.sum"]
    count = check({**POTS, "ask": "count"}, "3")
    assert "quien sigue en la mano" in failed(count)["holdem.side-pots.count"]
    right = check({**POTS, "ask": "amount", "pot": 2}, "140")
    assert right["ok"] and right["grade"] == "good" and not failed(right)


UTH_FLUSH = {"kind": "uth", "ante": 25, "play": 100, "trips": 10, "player": ["Ah", "9h"], "dealer": ["Kc", "Kd"],
             "board": ["2h", "5h", "Jh", "7c", "3s"]}
#: The player wins with ace high; the dealer has no pair.
UTH_NOT_QUALIFIED = {"kind": "uth", "ante": 25, "play": 100, "player": ["Ah", "Kh"], "dealer": ["2c", "7d"],
                     "board": ["Qs", "Js", "4h", "9c", "3d"]}


def test_a_payout_blames_the_blind_table_the_qualification_or_trips():
    blind = check({**UTH_FLUSH, "ask": "blind"}, "25")  # 1 to 1 instead of 3 to 2
    assert list(failed(blind)) == ["ultimate.blind"] and "3 a 2" in failed(blind)["ultimate.blind"]
    ante = check({**UTH_NOT_QUALIFIED, "ask": "ante"}, "25")
    assert "ultimate.dealer-qualifies" in failed(ante)
    assert "no se clasifica" in failed(ante)["ultimate.dealer-qualifies"]
    ante_play = check({**UTH_NOT_QUALIFIED, "ask": "ante+play"}, "100")  # the Play paid too, not pushed
    assert failed(ante_play) == {} or ante_play["ok"]
    trips = check({**UTH_FLUSH, "ask": "trips", "trips_table": "50-40-30-8-7-4-3"}, "60")  # another table's 6 to 1
    assert list(failed(trips)) == ["ultimate.trips"] and "50-40-30-8-6-5-3" in failed(trips)["ultimate.trips"]
    # the total: only the Blind is wrong (1 to 1), the other parts are right
    total = check({**UTH_FLUSH, "ask": "total"}, "+220")
    assert failed(total) == {"ultimate.blind": failed(blind)["ultimate.blind"]}
    assert all(s["ok"] for s in total["skills"] if s["id"] != "ultimate.blind")
    assert check({**UTH_FLUSH, "ask": "total"}, "+232,5")["ok"]


def test_a_payout_that_fits_two_mistakes_names_both():
    total = check({**UTH_NOT_QUALIFIED, "ask": "total"}, "125")  # the Ante paid, or the Blind paid 1 to 1
    assert {"ultimate.dealer-qualifies", "ultimate.blind"} <= set(failed(total))


SHOWDOWN = {"kind": "holdem-showdown", "ask": "winners", "board": ["Ah", "7c", "5s", "3d", "2h"],
            "players": {"Ana": ["As", "Kd"], "Beto": ["Ac", "9d"], "Carla": ["Qs", "Qd"]}}


def test_a_winner_answer_blames_the_kicker_apart_from_the_category():
    kicker = check(SHOWDOWN, "Beto")
    assert list(failed(kicker)) == ["holdem.showdown.kicker"] and "kicker" in failed(kicker)["holdem.showdown.kicker"]
    category = check(SHOWDOWN, "Carla")
    assert list(failed(category)) == ["holdem.showdown.best-five"]
    split = {**SHOWDOWN, "players": {"Ana": ["Ks", "Kd"], "Beto": ["Kc", "Kh"]}}
    assert list(failed(check(split, "Ana"))) == ["holdem.showdown.split"]


def test_mata_ases_minimum_applied_to_hold_em_is_recognised():
    no_aces = {"kind": "holdem-showdown", "ask": "winners", "board": ["2c", "5h", "9d", "Jc", "3s"],
               "players": {"Ana": ["Ks", "Kd"], "Beto": ["Qs", "Qd"]}}
    progress = check(no_aces, "nadie")
    assert progress["grade"] == "again" and progress["other_game"]["game"] == "mata-ases"
    assert progress["other_game"]["rule"] == "/mata-ases/#el-objetivo-matar-los-ases"
    # with a pair of Aces on the table «nadie» is wrong under both games: no other game named
    with_aces = {**no_aces, "players": {"Ana": ["As", "Ad"], "Beto": ["Qs", "Qd"]}}
    assert check(with_aces, "nadie")["other_game"] is None


MATA = {"kind": "mata-ases", "ask": "winners", "ayudas": ["Ah", "Ad", "3c"],
        "players": {"Ana": ["As", "9c", "7d", "4h", "2s"], "Beto": ["Ks", "Kd", "8h", "8s", "6c"]}}


def test_mata_ases_answers_under_hold_em_rules_are_recognised():
    two_ayudas = check(MATA, "Ana")  # trips of Aces with two ayudas: the shared cards of Hold'em
    assert list(failed(two_ayudas)) == ["mata-ases.one-ayuda"]
    assert two_ayudas["other_game"]["game"] == "holdem"
    assert two_ayudas["other_game"]["rule"] == "/holdem/#las-cartas-hablan", "«Compara las reglas»: Hold'em's rule"
    kings = {**MATA, "ayudas": ["Jh", "10c", "5d"],
             "players": {"Ana": ["Ks", "Kd", "7c", "4h", "2s"], "Beto": ["Qc", "9d", "7s", "4c", "3h"]}}
    no_minimum = check(kings, "Ana")  # the best hand, but a pair of Kings does not kill the Aces
    assert list(failed(no_minimum)) == ["mata-ases.kill-aces"] and no_minimum["other_game"]["game"] == "holdem"
    assert "par de Ases" in failed(no_minimum)["mata-ases.kill-aces"]
    extension = check(kings, "Beto")
    assert "mata-ases.extension" in failed(extension) and extension["other_game"] is None
    assert check(kings, "nadie")["ok"]


def test_first_to_act_with_the_other_streets_order_says_so():
    spec = {"kind": "holdem-position", "ask": "first-to-act", "players": ["Ana", "Beto", "Carla", "David"],
            "button": "Ana", "street": "preflop"}
    progress = check(spec, "Beto")
    assert list(failed(progress)) == ["holdem.first-to-act.preflop"]
    assert "después del flop" in failed(progress)["holdem.first-to-act.preflop"]
    folded = check({**spec, "street": "flop", "folded": ["Beto"]}, "Beto")
    assert "se retiró" in failed(folded)["holdem.first-to-act.postflop"]


def test_first_to_act_side_by_side_recognises_the_other_games_answer():
    for seed in range(8):
        for family, game in (("first-to-act-holdem", "mata-ases"), ("first-to-act-mata-ases", "holdem")):
            ask = {"kind": "holdem-side-by-side", "seed": seed, "level": "media", "family": family}
            drill = protocol.answer("drill", ask)
            wrong = protocol.answer("drill-check", {**ask, "answer": drill["answer"]["other_game"]})
            assert wrong["progress"]["other_game"]["game"] == game
            assert wrong["progress"]["other_game"]["rule"].startswith(f"/{game}/#"), "the other game's rule"
            assert wrong["progress"]["item"]["request"] == {k: ask[k] for k in ("kind", "seed", "level", "family")}
        # the same table for both games
        same = [protocol.answer("drill", {"kind": "holdem-side-by-side", "seed": seed, "level": "media", "family": f})["data"]
                for f in ("first-to-act-holdem", "first-to-act-mata-ases")]
        assert same[0] == same[1]


def test_quiz_items_reopen_the_question_on_its_page():
    progress = check({**POTS, "ask": "count"}, "2", page="/holdem/ponte-a-prueba/", id="quiz-4")
    assert progress["item"] == {"command": "quiz-check", "request": {"page": "/holdem/ponte-a-prueba/", "id": "quiz-4"},
                                "source": "/holdem/ponte-a-prueba/"}
    alone = check({**POTS, "ask": "count"}, "2")  # no page: the question itself
    assert alone["item"]["request"] == {"question": {**POTS, "ask": "count"}}


def test_the_croupier_trainer_grades_right_but_slow_as_hard():
    from engine.games.ultimate.trainer import deal

    hand = deal("blind", seed=11)
    question = hand["question"]
    from engine.quiz import solve

    right = solve(question).display
    trainer = {"mode": "blind", "seed": 11}
    fast = check(question, right, trainer=trainer, ms=3000)
    slow = check(question, right, trainer=trainer, ms=SLOW_MS["blind"] + 1)
    wrong_slow = check(question, right + "1", trainer=trainer, ms=SLOW_MS["blind"] + 1)
    assert (fast["grade"], slow["grade"], wrong_slow["grade"]) == ("good", "hard", "again")
    assert fast["item"]["command"] == "uth-trainer-deal" and fast["item"]["request"] == trainer
    assert protocol.answer("uth-trainer-deal", fast["item"]["request"])["question"] == question
    assert "ultimate.blind" in [s["id"] for s in fast["skills"]]
    bad = protocol.answer("quiz-check", {"question": question, "answer": "1", "trainer": {"mode": "x", "seed": 1}})
    assert bad["field"] == "trainer.mode"


def test_a_family_can_be_asked_and_an_unknown_one_is_refused_in_spanish():
    for kind in ("holdem-side-pots", "mata-ases-winner"):
        for family, _ in kind_of(kind).families["media"]:
            assert protocol.answer("drill", {"kind": kind, "seed": 9, "level": "media", "family": family})["family"] \
                == family
    bad = protocol.answer("drill", {"kind": "holdem-winner", "seed": 1, "level": "fácil", "family": "wheel"})
    assert bad["field"] == "family" and "familia desconocida" in bad["error"]


# ---------------------------------------------------------------------------------------------
# Practice hands: every decision of the reader's default line names its skills and is right; another
# decision is wrong, and says what the line does.

def _scenarios():
    from engine.scenarios.format import load

    return [load(path) for path in sorted((ROOT / "scenarios").glob("*.md"))]


def test_every_practice_hands_decisions_map_to_skills_and_the_default_line_is_right():
    from engine.play.session import PracticeSession
    from engine.scenarios.script import decide

    hands = _scenarios()
    assert {h.game for h in hands} == {"mata-ases", "holdem"}
    for scenario in hands:
        for variant in scenario.modalities or [None]:
            session = PracticeSession(scenario, variant)
            session.advance()
            decisions = 0
            while not session.is_over():
                situation = session.script.situation(session.hand)
                move, _ = decide(scenario, situation)
                session.step({"decision": move.as_json()})
                judged = session.judged
                assert judged is not None and judged["ok"] and judged["grade"] == "good", (scenario.name, judged)
                assert judged["skills"] and all(s["ok"] for s in judged["skills"])
                assert judged["item"]["request"]["scenario"] == scenario.name
                assert judged["item"]["request"]["at"] == decisions  # each decision its own item
                decisions += 1
            assert decisions, scenario.name


def test_a_legal_move_off_the_line_is_a_choice_and_only_a_refused_one_a_rules_error():
    from engine.scenarios import to_json
    from engine.scenarios.format import load

    hand = load(ROOT / "scenarios" / "holdem-02-la-subida-minima.md")
    data = json.loads(protocol.dumps(to_json(hand)))
    replies = {}
    for name, decision in (("line", {"action": "raise", "amount": 100}), ("size", {"action": "raise", "amount": 150}),
                           ("fold", {"action": "fold"}), ("small", {"action": "raise", "amount": 50}),
                           ("check", {"action": "check"})):
        protocol.answer("play-start", {"mode": "practice", "session": "p", "scenario": data})
        replies[name] = protocol.answer("play-step", {"session": "p", "decision": decision})
    line = replies["line"]["progress"]
    assert line["ok"] and line["grade"] == "good" and [s["id"] for s in line["skills"]] == ["holdem.betting"]
    # legal but not the line: a choice, with the hand's reason; no skill, no grade
    for name in ("size", "fold"):
        choice = replies[name]["progress"]
        assert choice["ok"] is None and choice["grade"] is None and choice["skills"] == [], choice
        assert choice["choice"]["text"].startswith("Lo permiten las reglas, pero la línea de esta mano es subir a 100")
        assert choice["choice"]["reason"] == hand.lesson
    assert replies["size"]["progress"]["item"]["request"] == {"scenario": "holdem-02-la-subida-minima", "at": 0}
    # refused by the rules: the error, and a rules error on the skill (the sizing one for a raise too small)
    small, check_ = replies["small"], replies["check"]
    assert small["code"] == "invalid-amount" and failed(small["progress"]) == {"holdem.min-raise": small["error"]}
    assert check_["code"] == "illegal-action" and list(failed(check_["progress"])) == ["holdem.betting"]
    assert small["progress"]["grade"] == "again" and small["progress"]["shown"]["given"] == "subir a 50"
    assert {g["id"]: g["practice"] for g in catalogue()["games"]}["holdem"] == "/holdem/simulador/"
    # a reply that only continues (no decision) judges nothing
    assert "progress" not in protocol.answer("play-start", {"mode": "practice", "session": "p", "scenario": data})


def test_a_hand_played_to_its_end_says_so():
    from engine.play.session import PracticeSession
    from engine.scenarios.script import decide
    from engine.scenarios import to_json
    from engine.scenarios.format import load

    hand = load(ROOT / "scenarios" / "holdem-03-todos-pasan.md")
    data = json.loads(protocol.dumps(to_json(hand)))
    reply = protocol.answer("play-start", {"mode": "practice", "session": "end", "scenario": data})
    session = PracticeSession(hand)
    session.advance()
    ends = []
    while not session.is_over():
        move, _ = decide(hand, session.script.situation(session.hand))
        session.step({"decision": move.as_json()})
        reply = protocol.answer("play-step", {"session": "end", "decision": move.as_json()})
        ends.append(reply["progress"].get("finished"))
    assert ends[-1] == {"mode": "practice", "game": "holdem"} and not any(ends[:-1])


def test_a_dealer_held_to_a_pair_of_aces_is_mata_ases_rule_in_ultimate():
    sevens = {**UTH_NOT_QUALIFIED, "dealer": ["7c", "7d"], "ask": "ante"}  # the dealer qualifies with a pair
    progress = check(sevens, "0")
    assert list(failed(progress)) == ["ultimate.dealer-qualifies"]
    assert progress["other_game"]["game"] == "mata-ases"
    assert progress["other_game"]["rule"] == "/mata-ases/#el-objetivo-matar-los-ases"
    aces = {**sevens, "dealer": ["Ac", "Ad"]}  # a pair of Aces qualifies under both rules: no other game
    assert check(aces, "0")["other_game"] is None


def _wrong(solution) -> str:
    """A readable wrong answer of the solution's type."""
    if solution.answer_type == "amount":
        return str(solution.value + 1).replace("/", "") if (solution.value + 1).denominator == 1 else \
            str(float(solution.value + 1))
    if solution.answer_type == "names":
        others = [c for c in solution.choices if c not in solution.value]
        return others[0] if others else "nadie"
    if solution.answer_type == "position":
        return next(c for c in solution.choices if c != solution.value)
    return "Escalera de color al As" if solution.value[0] != "royal_flush" else "Pareja de Doses"


def test_every_page_question_names_its_skills_right_and_wrong():
    from engine.quiz import solve

    for path, questions in _quiz_pages():
        for n, q in enumerate(questions, start=1):
            solution = solve(q.spec)
            right = check(q.spec, solution.display, page="/x/", id=f"quiz-{n}")
            assert right["ok"] and right["skills"] and all(s["ok"] for s in right["skills"]), (path, q.spec)
            assert right["item"]["request"] == {"page": "/x/", "id": f"quiz-{n}"}
            wrong = check(q.spec, _wrong(solution))
            failing = [s for s in wrong["skills"] if not s["ok"]]
            assert not wrong["ok"] and failing and failing[0]["why"], (path, q.spec, wrong)
            assert check(q.spec, "", reveal=True)["grade"] == "again"


def test_every_trainer_mode_names_its_skills_and_blames_one():
    from engine.games.ultimate.trainer import deal
    from engine.quiz import solve

    for mode in TRAINER_MODES:
        for seed in range(15):
            question = deal(mode, seed=seed)["question"]
            solution = solve(question)
            trainer = {"mode": mode, "seed": seed}
            wrong = check(question, _wrong(solution), trainer=trainer, ms=1000)
            failing = [s for s in wrong["skills"] if not s["ok"]]
            assert failing and failing[0]["why"] and wrong["grade"] == "again", (mode, seed, wrong)
            assert set(TRAINER_SKILLS[mode]) <= {s["id"] for s in wrong["skills"]}


# ---------------------------------------------------------------------------------------------
# Seeded drills: the wrong answer a mistaken rule gives, computed here with the game modules, is blamed on
# that rule's skill.

def _drill_check(kind: str, seed: int, level: str, family: str, answer: str) -> dict:
    reply = protocol.answer("drill-check", {"kind": kind, "seed": seed, "level": level, "family": family,
                                            "answer": answer})
    assert "error" not in reply and reply["verdict"] == "incorrect", reply
    return reply["progress"]


def _cards(codes):
    from engine.cards import parse_cards

    return parse_cards(" ".join(codes))


def test_seeded_mata_ases_answers_under_hold_em_rules():
    from itertools import combinations

    from engine.games.mata_ases.drills import _winners_without_limit
    from engine.evaluation import strength
    from engine.games.mata_ases.showdown import kills_aces, showdown

    kings = ayudas = 0
    for seed in range(40):
        drill = make_drill("mata-ases-winner", seed, "fácil", "kings")
        hands = {n: _cards(c) for n, c in drill.data["players"].items()}
        helpers = _cards(drill.data["ayudas"])
        plays = showdown(hands, helpers).plays
        top = max(p.strength for p in plays.values())
        best = [n for n, p in plays.items() if p.strength == top]
        anyone_with_two = any(kills_aces(max(strength(list(f)) for f in combinations(list(c) + helpers, 5)))
                              for c in hands.values())
        if set(best) != set(drill.answer["winners"]) and not anyone_with_two:
            progress = _drill_check("mata-ases-winner", seed, "fácil", "kings", " y ".join(best))
            assert list(failed(progress)) == ["mata-ases.kill-aces"] and progress["other_game"]["game"] == "holdem"
            kings += 1
        drill = make_drill("mata-ases-winner", seed, "difícil", "one-ayuda")
        hands = {n: _cards(c) for n, c in drill.data["players"].items()}
        unlimited = _winners_without_limit(hands, _cards(drill.data["ayudas"]))
        if unlimited:
            progress = _drill_check("mata-ases-winner", seed, "difícil", "one-ayuda", " y ".join(unlimited))
            assert list(failed(progress)) == ["mata-ases.one-ayuda"], progress
            assert progress["other_game"]["game"] == "holdem"
            ayudas += 1
    assert kings >= 5 and ayudas >= 10, (kings, ayudas)


def test_seeded_kicker_answers_blame_the_kicker():
    from engine.games.holdem.rules import showdown

    seen = 0
    for seed in range(25):
        drill = make_drill("holdem-winner", seed, "media", "kicker")
        result = showdown({n: _cards(c) for n, c in drill.data["players"].items()}, _cards(drill.data["board"]))
        ranked = sorted(result.values, key=lambda n: result.values[n], reverse=True)
        progress = _drill_check("holdem-winner", seed, "media", "kicker", ranked[1])
        assert list(failed(progress)) == ["holdem.showdown.kicker"], (seed, progress)
        seen += 1
    assert seen == 25


def test_seeded_side_pots_blame_dead_money_and_the_folded():
    from engine.pots import side_pots

    sums = eligibles = 0
    for seed in range(120):
        drill = make_drill("holdem-side-pots", seed, "difícil", "dead-money")
        spec = drill.quiz
        pots = side_pots(spec["bets"], spec["folded"])
        pot = pots[spec["pot"] - 1]
        dead = {n: part for n, part in pot.contributions.items() if n in spec["folded"] and part}
        if not dead:
            continue
        if spec["ask"] == "amount":
            if pot.amount - sum(dead.values()) in {p.amount for p in pots}:
                continue  # also another pot's amount: that reason comes first
            answer = str(pot.amount - sum(dead.values()))
            progress = _drill_check("holdem-side-pots", seed, "difícil", "dead-money", answer)
            assert "se retiró también cuentan" in failed(progress)["holdem.side-pots.sum"]
            sums += 1
        else:
            answer = ", ".join(list(pot.eligible) + [next(iter(dead))])
            progress = _drill_check("holdem-side-pots", seed, "difícil", "dead-money", answer)
            assert f"{next(iter(dead))} se retiró" in failed(progress)["holdem.side-pots.eligibility"]
            eligibles += 1
    assert sums >= 5 and eligibles >= 5, (sums, eligibles)


def test_seeded_blind_paid_one_to_one_blames_the_blind_table():
    from engine.games.ultimate.rules import settle

    seen = 0
    for seed in range(30):
        spec = make_drill("uth-payout", seed, "fácil", "blind").quiz
        result = settle(ante=spec["ante"], play=spec["play"], player=_cards(spec["player"]),
                        dealer=_cards(spec["dealer"]), board=_cards(spec["board"]))
        blind = result.bet("blind")
        if blind.reason != "pays-table" or blind.odds == 1:
            continue
        progress = _drill_check("uth-payout", seed, "fácil", "blind", str(spec["ante"]))
        assert list(failed(progress)) == ["ultimate.blind"], progress
        seen += 1
    assert seen >= 5


def test_seeded_first_to_act_with_the_preflop_order_after_the_flop():
    from engine.games.holdem.rules import preflop_order

    seen = 0
    for seed in range(30):
        drill = make_drill("holdem-first-to-act", seed, "fácil", "postflop")
        players, button = drill.data["players"], drill.data["button"]
        seated = players[players.index(button):] + players[:players.index(button)]
        preflop_first = seated[preflop_order(len(seated))[0]]
        if preflop_first == drill.answer["player"]:
            continue
        progress = _drill_check("holdem-first-to-act", seed, "fácil", "postflop", preflop_first)
        assert "antes del flop" in failed(progress)["holdem.first-to-act.postflop"], progress
        seen += 1
    assert seen >= 10


def test_a_hint_counts_as_wrong_and_names_the_skill():
    tie = check({**SHOWDOWN, "players": {"Ana": ["Ks", "Kd"], "Beto": ["Kc", "Kh"], "Carla": ["Qs", "Jd"]}}, "empate")
    assert tie["grade"] == "again" and "¿Entre quiénes?" in failed(tie)["holdem.showdown.split"]
    hand = check({**SHOWDOWN, "ask": "hand", "of": "Carla"}, "pareja")
    assert hand["grade"] == "again" and list(failed(hand)) == ["holdem.hand-name"]
    unreadable = protocol.answer("quiz-check", {"question": SHOWDOWN, "answer": "Zoe"})
    assert unreadable["verdict"] == "unreadable" and unreadable["progress"] is None


def test_the_catalogue_imports_only_the_games_pages_and_skills():
    """The build embeds it in «Mi progreso» and a session may ask for it: no solver, drill or rule of a game."""
    import subprocess
    import sys

    code = ("import sys; from engine.progress import catalogue; catalogue(); "
            "print(sorted(m for m in sys.modules if m.startswith(('engine.games.', 'engine.quiz', 'engine.drills'))))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    loaded = json.loads(result.stdout.strip().replace("'", '"'))
    assert loaded and all(m.rsplit(".", 1)[-1] in ("pages", "skills") or m.count(".") == 2 for m in loaded), loaded


def test_a_mata_ases_hand_named_with_two_ayudas_blames_the_one_ayuda_rule():
    spec = {**MATA, "ask": "hand", "of": "Ana"}  # one ayuda: a pair of Aces; two would make three Aces
    progress = check(spec, "tercia de ases")
    assert list(failed(progress)) == ["mata-ases.one-ayuda"] and progress["other_game"]["game"] == "holdem"
    other = check(spec, "color")
    assert list(failed(other)) == ["mata-ases.hand-name"] and other["other_game"] is None


def test_a_side_pot_review_asks_the_question_of_its_skill():
    for ask, skill in (("amount", "holdem.side-pots.sum"), ("eligible", "holdem.side-pots.eligibility"),
                       ("count", "holdem.side-pots.count")):
        for level in LEVELS:
            request = {"kind": "holdem-side-pots", "seed": 4, "level": level, "family": "dead-money", "ask": ask}
            drill = make_drill("holdem-side-pots", 4, level, "dead-money", ask)
            assert drill.quiz["ask"] == ask and skill in kind_of("holdem-side-pots").skills_of("dead-money", drill.quiz)
            from engine.quiz import solve

            wrong = protocol.answer("drill-check", {**request, "answer": _wrong(solve(drill.quiz))})
            assert wrong["progress"]["item"]["request"] == request and skill in failed(wrong["progress"])
    # the seed alone deals what it always dealt; a kind that asks one thing refuses «ask»
    assert make_drill("holdem-side-pots", 4, "media").quiz == make_drill("holdem-side-pots", 4, "media").quiz
    assert protocol.answer("drill", {"kind": "holdem-side-pots", "seed": 1, "ask": "who"})["field"] == "ask"
    refused = protocol.answer("drill", {"kind": "holdem-winner", "seed": 1, "ask": "amount"})
    assert refused["field"] == "ask" and "no deja elegir" in refused["error"]
