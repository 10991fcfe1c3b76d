"""engine/authoring/workshop.py, ``author-check``: the workshop's check says exactly what ``python -m engine check``
says for the same file, on every practice hand and question page of the site and on mutated copies."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from engine import protocol
from engine.authoring.check import MAX_READER_RAISES
from engine.authoring.files import check, discover
from engine.authoring.walkthrough import describe_line, sections, walk
from engine.authoring.workshop import MAX_REQUEST_CHARS, MAX_TEXT_CHARS
from engine.quiz.format import check_markdown
from engine.scenarios.format import load

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.md"))
QUESTION_PAGES = [p for p in discover([ROOT / "docs"]) if check_markdown(p.read_text(encoding="utf-8"), "x")[0]]
#: The quickest practice hand to explore (the mutations are checked on it).
QUICK = [ROOT / "scenarios" / "06-all-in.md"]


def played(scenario_json: dict, modality: str | None, reader: list, session: str = "t-authoring") -> dict:
    """The practice hand played by ``play-start`` along the reader's decisions ``reader``: the last reply,
    with every event of the hand so far (``more`` gathered)."""
    request = {"mode": "practice", "session": session, "scenario": scenario_json, "reader": reader,
               **({"modality": modality} if modality else {})}
    reply = protocol.answer("play-start", request)
    events = list(reply.get("events") or [])
    while reply.get("more"):
        reply = protocol.answer("play-step", {"session": session})
        events += reply["events"]
    return {**reply, "events": events}


def engine_check(path: Path, root: Path) -> tuple[list[str], str]:
    """What ``python -m engine check <path>`` prints (from ``root``): every problem and the last line
    without its seconds."""
    report = check([path], root=root)
    return [str(p) for p in report.problems], report.summary(timed=False)


def author_check(text: str, shown: str) -> tuple[list[str], str, dict]:
    reply = protocol.answer("author-check", {"text": text, "path": shown})
    assert "error" not in reply, reply
    return [p["text"] for p in reply["problems"]], reply["summary"], reply


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_site_files_are_found():
    assert len(SCENARIOS) >= 7 and len(QUESTION_PAGES) >= 3


@pytest.mark.parametrize("path", SCENARIOS + QUESTION_PAGES, ids=relative)
def test_every_site_file_gets_what_engine_check_says(path):
    problems, summary, reply = author_check(path.read_text(encoding="utf-8"), relative(path))
    assert (problems, summary) == engine_check(path, ROOT)
    assert reply["ok"] and reply["kind"] == ("scenario" if path.parent.name == "scenarios" else "question")


def mutations(text: str, seed: int, count: int) -> list[str]:
    """``count`` copies of ``text``, each with one seeded edit an author could make: a line deleted
    or doubled, a digit changed, a card's rank or suit changed, a word cut short."""
    rng = random.Random(seed)
    lines = text.split("\n")
    data = [i for i, line in enumerate(lines) if re.match(r"\s*[\w'ª ]+:", line)]  # «clave: valor» lines
    out = []
    while len(out) < count:
        i = rng.choice(data)
        line = lines[i]
        edit = rng.choice(["delete", "double", "digit", "card", "cut"])
        if edit == "delete":
            changed = lines[:i] + lines[i + 1:]
        elif edit == "double":
            changed = lines[:i + 1] + lines[i:]
        elif edit == "digit" and (digits := [m.start() for m in re.finditer(r"\d", line)]):
            at = rng.choice(digits)
            changed = lines[:i] + [line[:at] + rng.choice("0123456789") + line[at + 1:]] + lines[i + 1:]
        elif edit == "card" and (cards := [m.start() for m in re.finditer(r"\b[2-9TJQKA][shdc]\b", line)]):
            at = rng.choice(cards) + rng.randrange(2)
            changed = lines[:i] + [line[:at] + rng.choice("2TJAshdcx") + line[at + 1:]] + lines[i + 1:]
        elif edit == "cut" and len(line) > 4:
            changed = lines[:i] + [line[: rng.randrange(1, len(line) - 1)]] + lines[i + 1:]
        else:
            continue
        out.append("\n".join(changed))
    return out


@pytest.mark.parametrize("path", QUICK + QUESTION_PAGES, ids=relative)
def test_mutated_copies_get_what_engine_check_says(path, tmp_path):
    shown = relative(path)
    copy = tmp_path / shown
    copy.parent.mkdir(parents=True, exist_ok=True)
    failing = 0
    for text in mutations(path.read_text(encoding="utf-8"), seed=len(shown), count=5):
        copy.write_text(text, encoding="utf-8")
        problems, summary, _ = author_check(text, shown)
        assert (problems, summary) == engine_check(copy, tmp_path), text
        failing += bool(problems)
    assert failing >= 2  # the edits do break files: the comparison covers error messages and lines


def test_a_broken_card_is_reported_at_its_line_and_the_fixed_hand_is_playable():
    path = QUICK[0]
    text = path.read_text(encoding="utf-8")
    card = re.search(r"^  Ana: +(?:\S\S )+(\S\S)$", text, re.M)
    broken = text[:card.start(1)] + "1s" + text[card.end(1):]
    line = text.count("\n", 0, card.start()) + 1
    reply = protocol.answer("author-check", {"text": broken, "path": relative(path)})
    assert not reply["ok"] and "scenario" not in reply
    assert reply["problems"][0]["line"] == line
    assert reply["problems"][0]["text"].startswith(f"scenarios/06-all-in.md:{line}: Carta no válida: «1s» (Ana).")
    reply = protocol.answer("author-check", {"text": text, "path": relative(path)})
    assert reply["ok"] and reply["title"] and reply["modalities"][0]["name"]
    # every listed path is a complete hand that play-start plays to its end with those decisions
    assert 0 < len(reply["paths"]) <= reply["paths_total"]
    for item in reply["paths"][::7]:
        end = played(reply["scenario"], item["modality"], item["reader"])
        assert "error" not in end and "next" not in end and end["result"]["pots"], item
        assert item["text"].startswith("en Botón Ante si tú: " if item["modality"] == "boton-ante" else "en Bring In")


def test_questions_come_back_ready_for_quiz_check():
    page = next(p for p in QUESTION_PAGES if p.name == "quien-gana.md")
    reply = protocol.answer("author-check", {"text": page.read_text(encoding="utf-8"), "path": relative(page)})
    assert reply["questions"] and all(q["prompt"] and q["hint"] for q in reply["questions"])
    first = reply["questions"][0]
    revealed = protocol.answer("quiz-check", {"question": first["question"], "answer": "", "reveal": True})
    verdict = protocol.answer("quiz-check", {"question": first["question"], "answer": revealed["expected"]})
    assert verdict["verdict"] == "correct" and verdict["steps"]


def test_the_kind_follows_the_path_and_the_front_matter_as_engine_check_does():
    hand = SCENARIOS[0].read_text(encoding="utf-8").replace("título:", "titulo mal escrito:")  # quick to refuse
    assert protocol.answer("author-check", {"text": hand})["kind"] == "scenario"
    assert protocol.answer("author-check", {"text": hand, "path": "mano.md"})["kind"] == "scenario"
    assert protocol.answer("author-check", {"text": "# Nada", "path": "scenarios/x.md"})["kind"] == "scenario"
    reply = protocol.answer("author-check", {"text": hand, "kind": "question"})
    assert reply["kind"] == "question" and reply["path"] == "pregunta.md"


@pytest.mark.parametrize("request_, code, field", [
    ({}, "request", "text"),
    ({"text": 3}, "request", "text"),
    ({"text": "x", "kind": "mano"}, "request", "kind"),
    ({"text": "x", "path": "../etc/passwd.md"}, "request", "path"),
    ({"text": "x", "path": "mano.txt"}, "request", "path"),
])
def test_bad_requests_get_spanish_errors_with_codes(request_, code, field):
    reply = protocol.answer("author-check", request_)
    assert reply["code"] == code and reply["field"] == field and reply["error"]


def test_too_long_or_binary_texts_are_refused_at_their_line_without_checking():
    reply = protocol.answer("author-check", {"text": "a\n" * (MAX_TEXT_CHARS // 2 + 1)})
    assert reply["problems"][0]["line"] == 1 and "demasiado largo" in reply["problems"][0]["message"]
    assert reply["refused"] == "too-long" and "refused" not in protocol.answer("author-check", {"text": "# Nada"})
    reply = protocol.answer("author-check", {"text": "---\ntítulo: x\n\x00\x01\x02PNG"})
    assert [(p["line"], "binario" in p["message"]) for p in reply["problems"]] == [(3, True)]
    reply = protocol.answer("author-check", {"text": "---\nt\ufffdtulo: x\n---"})
    assert reply["problems"][0]["line"] == 2 and "UTF-8" in reply["problems"][0]["message"]
    # A megabyte pasted, even of a binary file, reaches the workshop's own refusal (the protocol's limit is
    # 200.000 characters a line); past the command's own limit, the protocol's refusal.
    reply = json.loads(protocol.answer_json("author-check", json.dumps({"text": "\x01" * 1_000_000})))
    assert reply["refused"] == "too-long" and "1.000.000 caracteres" in reply["problems"][0]["message"]
    assert json.loads(protocol.answer_json("author-check", json.dumps({"text": "x\n\x02"})))["refused"] \
        == "control-character"
    line = protocol.answer_json("author-check", '{"text": "' + "x" * MAX_REQUEST_CHARS + '"}')
    assert '"code":"too-large"' in line


def test_the_check_works_in_steps_that_can_be_abandoned():
    text = QUICK[0].read_text(encoding="utf-8")
    job = protocol.Job("author-check", protocol.dumps({"text": text, "path": relative(QUICK[0])}))
    steps = 0
    while job.step(0.0) is None:
        steps += 1
        if steps == 20:
            job.cancel()
    assert steps == 20  # it yielded at least twenty times before its end, and stopped when cancelled
    assert '"code":"cancelled"' in job.step(0.0)


@pytest.mark.parametrize("name", ["06-all-in.md", "holdem-04-heads-up.md"])
def test_the_walkthrough_is_the_one_the_site_publishes(name):
    """The workshop's walk of each modality is the engine's walk the «Manos comentadas» page is built from
    (site_hooks/scenarios.py): the same sections and events, sentences and end; and play-start along its
    reader's decisions tells the same hand."""
    path = ROOT / "scenarios" / name
    scenario = load(path)
    reply = protocol.answer("author-check", {"text": path.read_text(encoding="utf-8"), "path": relative(path)})
    assert [w["modality"] for w in reply["walks"]] == list(scenario.variants)
    for shown in reply["walks"]:
        published = walk(scenario, shown["modality"])
        assert [(s["title"], s["events"]) for s in shown["sections"]] == [
            (title, events) for title, _, events in sections(published.events)]
        assert len(shown["sections"]) > 2 and shown["result"]
        assert shown["line"] == describe_line(scenario, shown["modality"])
        assert shown["reader"] == published.reader
        assert shown["end"] == {"labels": published.labels, "cards": published.cards, "amounts": published.amounts,
                                "result": published.result}
        end = played(reply["scenario"], shown["modality"], shown["reader"])
        told = [{k: v for k, v in event.items() if k != "table"} for event in end["events"]]
        assert told == published.events and end["result"] == published.result


def reader_paths_by_play(scenario_json: dict) -> list[list[dict]]:
    """The reader's complete paths found through ``play-start`` alone, independently of the check's
    explorer: at each of the reader's decisions every option the reply offers (fold, check or call;
    a bet or raise at its least and at all-in; at most MAX_READER_RAISES raises a street), each path
    followed until the hand is over."""
    done, todo = [], [[]]
    while todo:
        reader = todo.pop()
        reply = played(scenario_json, None, reader)
        assert "error" not in reply, (reader, reply)
        if "next" not in reply:
            assert reply["result"]["pots"], reader  # over: the pots were settled
            done.append(reader)
            continue
        street = reply["events"][-1]["street"]
        raised = sum(1 for e in reply["events"] if e.get("player") == "Tú" and e["street"] == street
                     and e["type"] == "raise")
        for option in reply["next"]["can"]:
            if option["action"] in ("bet", "raise"):
                if option["action"] == "bet" or raised < MAX_READER_RAISES:
                    todo += [reader + [{"action": option["action"], "amount": n}]
                             for n in sorted({option["min"], option["max"]})]
            else:
                todo.append(reader + [{"action": option["action"]}])
    return done


@pytest.mark.parametrize("name", ["holdem-04-heads-up.md", "holdem-05-all-in-corto.md"])
def test_holdem_paths_are_every_path_engine_check_explores(name):
    """A Hold'em hand's listed paths are the reader's complete paths: as many as ``engine check`` counts,
    the same ones play-start finds option by option, each worded by street and played to its end."""
    path = ROOT / "scenarios" / name
    report = check([path], root=ROOT)
    reply = protocol.answer("author-check", {"text": path.read_text(encoding="utf-8"), "path": relative(path)})
    assert reply["ok"] and report.ok
    assert reply["paths_total"] == len(reply["paths"]) == report.paths > 20
    assert all(p["modality"] is None and p["text"].startswith("si tú: ") and "(pre-flop)" in p["text"]
               for p in reply["paths"])
    listed = sorted(map(repr, (p["reader"] for p in reply["paths"])))
    assert len(set(listed)) == len(listed)  # no path twice
    assert listed == sorted(map(repr, reader_paths_by_play(reply["scenario"])))
    # The table's session (what the page plays) takes a listed path to the end of the hand too.
    answer = protocol.answer("play-start", {"mode": "practice", "session": "t-holdem-path", "scenario": reply["scenario"],
                                                "reader": reply["paths"][-1]["reader"]})
    while answer.get("more"):
        answer = protocol.answer("play-step", {"session": "t-holdem-path"})
    assert "result" in answer and "next" not in answer, answer
