"""The workshop's check (``author-check``, engine/authoring/workshop.py) beside ``engine check`` on the same text, in
one run: every practice hand of scenarios/ and every page with questions, then a megabyte pasted.

    .venv/bin/python benchmarks/bench_authoring.py [repeats]

For each file: the CPU seconds of ``engine check <file>`` (the reference: what the command line does)
and of ``author-check`` with that file's text, the browser worker's way (:class:`engine.protocol.Job`,
one step at a time: JSON in and out, the reader's paths listed, the walkthroughs replayed), best of
``repeats`` (default 3); the ratio; and the longest step of ``author-check`` (what a newer keystroke
waits for, at most, before the old check stops). Then a megabyte of text and one of binary, pasted:
refused unread. Asserts nothing.
"""

from __future__ import annotations

import json
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import protocol  # noqa: E402
from engine.authoring.files import check, discover  # noqa: E402
from engine.quiz.format import check_markdown  # noqa: E402
from results import es, record  # noqa: E402


def best(repeats: int, run) -> tuple[float, float, str]:
    """The least CPU seconds of ``repeats`` runs of ``run()`` (-> (seconds, longest step, reply)), with that
    run's longest step and reply."""
    return min((run() for _ in range(repeats)), key=lambda r: r[0])


def engine_check(path: Path) -> tuple[float, float, str]:
    start = time.process_time()
    report = check([path], root=ROOT)
    seconds = time.process_time() - start
    return seconds, seconds, report.summary(timed=False)


def author_check(text: str, shown: str) -> tuple[float, float, str]:
    """The worker's way: the request line read (the job made: the line decoded and the text read), then
    step after step; the longest counts the job's making with its first step, as the worker runs them."""
    line = json.dumps({"text": text, "path": shown})
    start = time.process_time()
    job = protocol.Job("author-check", line)
    longest, before = 0.0, start
    while (reply := job.step()) is None:
        longest = max(longest, time.process_time() - before)
        before = time.process_time()
    end = time.process_time()
    longest = max(longest, end - before)
    answer = json.loads(reply)
    return end - start, longest, answer.get("summary") or answer.get("error", "")


def main(repeats: int) -> None:
    print(f"Python {platform.python_version()} ({platform.machine()}); CPU, el mejor de {repeats}")
    files = sorted((ROOT / "scenarios").glob("*.md"))
    files += [p for p in discover([ROOT / "docs"]) if check_markdown(p.read_text(encoding="utf-8"), "x")[0]]
    print(f"{'archivo':<52} {'engine check':>12} {'author-check':>12} {'razón':>6} {'paso más largo':>15}")
    total_check = total_author = 0.0
    for path in files:
        shown = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        reference, _, summary = best(repeats, lambda: engine_check(path))
        seconds, longest, said = best(repeats, lambda: author_check(text, shown))
        same = "" if said == summary else f"  ¡distinto!: {said} / {summary}"
        total_check += reference
        total_author += seconds
        print(f"{shown:<52} {reference * 1000:9.1f} ms {seconds * 1000:9.1f} ms {seconds / reference:6.2f} "
              f"{longest * 1000:12.1f} ms{same}")
    print(f"{'total':<52} {total_check * 1000:9.1f} ms {total_author * 1000:9.1f} ms "
          f"{total_author / total_check:6.2f}")

    record(f"author-check de {len(files)} archivos de autor (CPU, el mejor de {repeats})",
           f"{es(total_author, 2)} s", f"engine check: {es(total_check, 2)} s", f"{es(total_author / total_check, 2)}")
    hand = (ROOT / "scenarios" / "06-all-in.md").read_text(encoding="utf-8")
    pasted = {"1 MB de texto (una mano repetida)": (hand * (1_000_000 // len(hand) + 1))[:1_000_000],
              "1 MB binario (bytes 0-255)": bytes(range(256)).decode("latin-1") * 4096}
    for label, text in pasted.items():
        seconds, longest, said = best(repeats, lambda: author_check(text, "scenarios/pegado.md"))
        line = len(json.dumps({"text": text, "path": "scenarios/pegado.md"}))
        print(f"{label:<52} author-check {seconds * 1000:7.1f} ms (paso más largo {longest * 1000:.1f} ms; "
              f"petición de {line:,} caracteres): {said}".replace(",", "."))
        record(f"author-check, {label} pegado", f"{es(seconds * 1000)} ms (paso más largo {es(longest * 1000)} ms)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
